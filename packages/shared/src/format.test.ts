import { describe, expect, it } from 'vitest';
import { defaultWorkspaceName, formatDate, formatDeadline, formatKb, formatRelativeTime, initials, plural } from './format';

describe('format helpers', () => {
  it('formats dates in US English or N/A', () => {
    expect(formatDate('2026-05-01T16:30:00Z')).toBe('May 1, 2026');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('garbage')).toBe('N/A');
  });
  it('formats sizes in KB with one decimal', () => {
    expect(formatKb(1536)).toBe('1.5 KB');
  });
  it('formats relative times', () => {
    const now = new Date('2026-01-01T12:00:00Z');
    expect(formatRelativeTime(new Date(now.getTime() - 10_000), now)).toBe('Just now');
    expect(formatRelativeTime(new Date(now.getTime() - 5 * 60_000), now)).toBe('5 mins ago');
    expect(formatRelativeTime(new Date(now.getTime() - 3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatRelativeTime(new Date(now.getTime() - 2 * 86_400_000), now)).toBe('2 days ago');
  });
  it('takes initials of first and last name', () => {
    expect(initials('Ada King Lovelace')).toBe('AL');
    expect(initials('plato')).toBe('P');
  });
  it('builds the default workspace name', () => {
    const title = 'A'.repeat(60);
    expect(defaultWorkspaceName('W123', title)).toBe(`W123 - ${'A'.repeat(50)}...`);
    expect(defaultWorkspaceName('W123', 'Short')).toBe('W123 - Short');
  });
});

describe('formatDeadline', () => {
  it('shows the time in the offset SAM gave, or the date alone without one', () => {
    expect(formatDeadline('2026-06-01T20:30:00.000Z', '-04:00')).toBe('Jun 1, 2026, 4:30 PM UTC-04:00');
    expect(formatDeadline('2026-03-20T06:00:00.000Z', '+09:00')).toBe('Mar 20, 2026, 3:00 PM UTC+09:00');
    expect(formatDeadline('2026-03-23T23:59:00.000Z', null)).toBe('Mar 23, 2026');
    expect(formatDeadline(null, '-05:00')).toBe('N/A');
  });
});

describe('plural', () => {
  it('says one thing in the singular and any other count in the plural, with US grouping', () => {
    expect(plural(1, 'version')).toBe('1 version');
    expect(plural(0, 'version')).toBe('0 versions');
    expect(plural(2, 'page')).toBe('2 pages');
    expect(plural(1, 'opportunity', 'opportunities')).toBe('1 opportunity');
    expect(plural(1204, 'notice')).toBe('1,204 notices');
  });
});
