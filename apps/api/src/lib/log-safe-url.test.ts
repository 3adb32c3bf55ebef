import { describe, expect, it } from 'vitest';
import { logSafeUrl } from './log-safe-url';

describe('logSafeUrl', () => {
  it('masks the invite token of the join calls', () => {
    expect(logSafeUrl('/api/join/RlO5QBQr__loFo-Wl8-Dt9KJSIxqzlDq7O-wgsS_2Wk')).toBe('/api/join/[token]');
    expect(logSafeUrl('/api/join/RlO5QBQr__loFo/accept')).toBe('/api/join/[token]/accept');
  });

  it('keeps query keys and drops their values', () => {
    expect(logSafeUrl('/api/auth/reset-password?token=abc&new_password=hunter22')).toBe(
      '/api/auth/reset-password?token=[redacted]&new_password=[redacted]',
    );
  });

  it('leaves other paths alone', () => {
    expect(logSafeUrl('/api/workspaces/123/members')).toBe('/api/workspaces/123/members');
  });
});
