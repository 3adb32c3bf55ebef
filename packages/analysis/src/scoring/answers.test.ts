import { describe, expect, it } from 'vitest';
import { carries, hasPersonName, isDeferral, requestedTypes } from './answers';

describe('isDeferral', () => {
  it('finds answers promised for later', () => {
    expect(isDeferral('Resumes are available upon request.')).toBe(true);
    expect(isDeferral('Our site lead will be named after contract award.')).toBe(true);
    expect(isDeferral('The deputy manager is TBD.')).toBe(true);
    expect(isDeferral('Detailed staffing will be provided at a later date.')).toBe(true);
    expect(isDeferral('Case studies can be shared on request.')).toBe(true);
  });

  it('leaves commitments with a date alone', () => {
    expect(isDeferral('We deliver the quality plan on day 5 after award.')).toBe(false);
    expect(isDeferral('Ana Ruiz leads the help desk from the first day.')).toBe(false);
  });
});

describe('requestedTypes and carries', () => {
  it('asks key personnel for names, wherever they sit, and proposal rules for links, hours, prices and attachments', () => {
    expect(requestedTypes({ section: 'C', text: 'Lead Systems Engineer' })).toEqual(['names']);
    expect(requestedTypes({ section: 'L', text: 'Provide links to the public repositories of two similar projects.' })).toContain('urls');
    expect(requestedTypes({ section: 'L', text: 'State the labor hours for each labor category.' })).toContain('hours');
    expect(requestedTypes({ section: 'L', text: 'Include resumes for all key personnel.' })).toEqual(
      expect.arrayContaining(['names', 'attachment']),
    );
    // A deliverable of the work is not asked of the proposal.
    expect(requestedTypes({ section: 'C', text: 'The final report shall include a link to the repository.' })).toEqual([]);
  });

  it('finds names, links, hours, prices and attachments in a passage', () => {
    expect(hasPersonName('Our lead engineer is Priya Raman.')).toBe(true);
    expect(hasPersonName('Our Project Manager runs Quality Assurance.')).toBe(false);
    expect(hasPersonName('Priya will attend.', new Set(['Priya']))).toBe(true);
    expect(carries('urls', 'See github.com/example-org/intake-form for the code.')).toBe(true);
    expect(carries('hours', 'The analyst is proposed at 1,040 hours.')).toBe(true);
    expect(carries('prices', 'Our hourly rate is $142.50.')).toBe(true);
    expect(carries('attachment', 'Resumes are attached as Appendix B.')).toBe(true);
    expect(carries('attachment', 'Resumes can be sent later.')).toBe(false);
  });
});
