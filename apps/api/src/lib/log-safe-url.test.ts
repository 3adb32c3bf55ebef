import { describe, expect, it } from 'vitest';
import { logSafeUrl } from './log-safe-url';

const TOKEN = 'RlO5QBQr__loFo-Wl8-Dt9KJSIxqzlDq7O-wgsS_2Wk';

describe('logSafeUrl', () => {
  it('masks the invite token of the join calls and of the join page', () => {
    expect(logSafeUrl(`/api/join/${TOKEN}`)).toBe('/api/join/[token]');
    expect(logSafeUrl('/api/join/RlO5QBQr__loFo/accept')).toBe('/api/join/[token]/accept');
    expect(logSafeUrl(`/join/${TOKEN}`)).toBe('/join/[token]');
  });

  it('masks the reset token of the page the mailed link opens, however the path is spelt', () => {
    expect(logSafeUrl(`/reset-password/${TOKEN}`)).toBe('/reset-password/[token]');
    expect(logSafeUrl('/reset-password/short')).toBe('/reset-password/[token]');
    expect(logSafeUrl(`/Reset-Password/${TOKEN}/`)).toBe('/Reset-Password/[token]/');
    expect(logSafeUrl(`/reset%2Dpassword/${TOKEN}`)).toBe('/reset%2Dpassword/[token]');
    expect(logSafeUrl(`//reset-password/${TOKEN}?x=1`)).toBe('//reset-password/[token]?x=[redacted]');
    expect(logSafeUrl('/reset-password/')).toBe('/reset-password/');
  });

  it('masks the calendar feed token, whose .ics suffix keeps it from looking like a token', () => {
    expect(logSafeUrl(`/api/calendar/${TOKEN}.ics`)).toBe('/api/calendar/[token]');
    expect(logSafeUrl(`/api/Calendar/${TOKEN}.ics?x=1`)).toBe('/api/Calendar/[token]?x=[redacted]');
  });

  it('masks any token-shaped segment on other routes, keeping ids and asset names', () => {
    expect(logSafeUrl(`/api/somewhere/${TOKEN}/x`)).toBe('/api/somewhere/[token]/x');
    expect(logSafeUrl(`/api/somewhere/${encodeURIComponent(TOKEN)}`)).toBe('/api/somewhere/[token]');
    expect(logSafeUrl('/api/workspaces/0b0f2a8e-3c7d-4f7e-9a51-2b7c9d1e4f60/members')).toBe(
      '/api/workspaces/0b0f2a8e-3c7d-4f7e-9a51-2b7c9d1e4f60/members',
    );
    expect(logSafeUrl('/assets/index-BX3k2a9QxxxxxxxxxxxxxxxxxxxxxxxxxxxxxX.js')).toBe(
      '/assets/index-BX3k2a9QxxxxxxxxxxxxxxxxxxxxxxxxxxxxxX.js',
    );
  });

  it('keeps query keys and drops their values', () => {
    expect(logSafeUrl('/api/auth/reset-password?token=abc&new_password=hunter22')).toBe(
      '/api/auth/reset-password?token=[redacted]&new_password=[redacted]',
    );
    expect(logSafeUrl(`/register?code=ABCDE-FGHJK-LMNPQ`)).toBe('/register?code=[redacted]');
  });

  it('leaves other paths alone', () => {
    expect(logSafeUrl('/api/workspaces/123/members')).toBe('/api/workspaces/123/members');
    expect(logSafeUrl('/api/auth/reset-password')).toBe('/api/auth/reset-password');
  });
});
