import { describe, expect, it } from 'vitest';
import { datesIn, undefinedAcronyms } from './cues';
import { clip, daysUntil, escapeCell, formatDate, table } from './format';

describe('format helpers', () => {
  it('escapes table cells', () => {
    expect(escapeCell('a | b\nc')).toBe('a \\| b c');
    expect(escapeCell('')).toBe('N/A');
    expect(escapeCell(null)).toBe('N/A');
    expect(table(['A', 'B'], [['x|y', 'z']])).toEqual(['| A | B |', '| --- | --- |', '| x\\|y | z |']);
  });

  it('formats dates from their calendar parts, whatever the offset', () => {
    expect(formatDate('2027-01-05')).toBe('Jan 5, 2027');
    expect(formatDate('2027-01-05T23:30:00-05:00')).toBe('Jan 5, 2027');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('soon')).toBe('N/A');
  });

  it('counts calendar days to a date', () => {
    const now = new Date('2027-01-05T23:59:00Z');
    expect(daysUntil('2027-01-20T14:00:00-05:00', now)).toBe(15);
    expect(daysUntil('2027-01-05', now)).toBe(0);
    expect(daysUntil('2027-01-01', now)).toBe(-4);
    expect(daysUntil(null, now)).toBeNull();
  });

  it('clips at a word boundary', () => {
    expect(clip('alpha beta gamma delta epsilon', 20)).toBe('alpha beta gamma…');
    expect(clip('short', 12)).toBe('short');
  });
});

describe('cues', () => {
  it('reads dates in several notations', () => {
    expect(datesIn('Due January 20, 2027, or 21 Jan 2027, or 01/22/2027, or 2027-01-23.').map((d) => d.iso)).toEqual([
      '2027-01-20',
      '2027-01-21',
      '2027-01-22',
      '2027-01-23',
    ]);
  });

  it('finds acronyms used but never expanded', () => {
    const reqs = [
      {
        requirement_id: 'C-001',
        section: 'C' as const,
        must_or_should: 'must' as const,
        weight: 1,
        text: 'Load data into the KSPR and the Data Warehouse (DW). Follow the DW rules.',
        page: 1,
      },
      {
        requirement_id: 'C-002',
        section: 'C' as const,
        must_or_should: 'must' as const,
        weight: 1,
        text: 'ALL WORK SHALL BE DONE ON SITE PER THE SOW.',
        page: 1,
      },
      {
        requirement_id: 'C-003',
        section: 'C' as const,
        must_or_should: 'must' as const,
        weight: 1,
        text: 'Use GitHub and .NET; comply with FAR and Volume II rules; achieve an Authority to Operate ("ATO").',
        page: 1,
      },
    ];
    expect(undefinedAcronyms(reqs, '').map((a) => a.acronym)).toEqual(['KSPR']);
  });
});
