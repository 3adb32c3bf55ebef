import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps in-app paths and refuses anything that could leave the app', () => {
    expect(safeRedirect('/join/abc')).toBe('/join/abc');
    expect(safeRedirect('/workspace/1?tab=team')).toBe('/workspace/1?tab=team');
    expect(safeRedirect('//evil.example.com')).toBe('/');
    expect(safeRedirect('/\\evil.example.com')).toBe('/');
    expect(safeRedirect('https://evil.example.com')).toBe('/');
    expect(safeRedirect('javascript:alert(1)')).toBe('/');
    // A URL parser drops tabs and newlines, so these would become "//evil.example".
    expect(safeRedirect('/\t/evil.example')).toBe('/');
    expect(safeRedirect('/\n/evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });

  it('builds the login path that comes back', () => {
    expect(loginPathFor('/join/abc')).toBe('/login?redirect=%2Fjoin%2Fabc');
    expect(loginPathFor('/')).toBe('/login');
  });
});
