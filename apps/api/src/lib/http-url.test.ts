import { describe, expect, it } from 'vitest';
import { httpUrlOrNull } from './http-url';

describe('httpUrlOrNull', () => {
  it('keeps absolute http and https URLs', () => {
    expect(httpUrlOrNull('https://sam.gov/opp/abc/view')).toBe('https://sam.gov/opp/abc/view');
    expect(httpUrlOrNull(' http://example.com/a?b=c ')).toBe('http://example.com/a?b=c');
  });

  it('drops every other scheme, relative and malformed values', () => {
    for (const value of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      'file:///etc/passwd',
      '//evil.example',
      '/relative',
      'not a url',
      '',
      null,
      undefined,
    ]) {
      expect(httpUrlOrNull(value), String(value)).toBeNull();
    }
  });
});
