import { describe, expect, it } from 'vitest';
import { SendNotificationBodySchema } from './contracts/admin';
import { isInAppPath } from './in-app-path';

describe('isInAppPath', () => {
  it('accepts paths of this app', () => {
    for (const p of ['/', '/opportunity/1', '/workspace/abc?tab=tasks', '/a#b', '/a/./b']) expect(isInAppPath(p), p).toBe(true);
  });

  it('refuses anything a browser would resolve to another origin', () => {
    for (const p of [
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'evil',
      '',
      '\\\\evil.example',
    ]) {
      expect(isInAppPath(p), JSON.stringify(p)).toBe(false);
    }
  });

  it('is the rule of the admin notification form', () => {
    const base = { title: 't', message: 'm' };
    expect(SendNotificationBodySchema.safeParse({ ...base, link: '//evil.example/x' }).success).toBe(false);
    expect(SendNotificationBodySchema.safeParse({ ...base, link: '/\\evil.example/x' }).success).toBe(false);
    expect(SendNotificationBodySchema.safeParse({ ...base, link: '/opportunity/1' }).success).toBe(true);
    expect(SendNotificationBodySchema.safeParse({ ...base, link: null }).success).toBe(true);
  });
});
