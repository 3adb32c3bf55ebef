import { describe, expect, it } from 'vitest';
import { checkDue, formInstant, offerDueText, presentFormFacts } from './rfp-form-facts';

const due = (date: string, time: string | null, zone: string | null) => ({ date, time, zone });
const notice = (iso: string, zone: string | null) => ({ responseDeadline: new Date(iso), responseTimeZone: zone });

describe('the form offer due date as written', () => {
  it('keeps the form date, time and zone, whatever the zone of the machine', () => {
    expect(offerDueText(due('2017-07-10', '1:00 PM', 'EST'))).toBe('Jul 10, 2017, 1:00 PM EST');
    expect(offerDueText(due('2026-01-02', '11:30 AM', 'local'))).toBe('Jan 2, 2026, 11:30 AM local time');
    expect(offerDueText(due('2026-01-02', '11:30 AM', null))).toBe('Jan 2, 2026, 11:30 AM (no time zone on the form)');
    expect(offerDueText(due('2026-12-31', null, null))).toBe('Dec 31, 2026');
  });

  it('reads a U.S. zone as that region clock on the day, daylight saving included', () => {
    expect(new Date(formInstant(due('2017-07-10', '1:00 PM', 'EST'))!).toISOString()).toBe('2017-07-10T17:00:00.000Z');
    expect(new Date(formInstant(due('2017-01-10', '1:00 PM', 'ET'))!).toISOString()).toBe('2017-01-10T18:00:00.000Z');
    expect(new Date(formInstant(due('2026-03-08', '3:00 PM', 'PST'))!).toISOString()).toBe('2026-03-08T22:00:00.000Z');
    expect(new Date(formInstant(due('2026-06-01', '12:00 AM', 'UTC'))!).toISOString()).toBe('2026-06-01T00:00:00.000Z');
    expect(formInstant(due('2026-06-01', '2:00 PM', 'local'))).toBeNull();
    expect(formInstant(due('2026-06-01', null, 'EST'))).toBeNull();
  });
});

describe('the form due date against the SAM.gov notice', () => {
  it('agrees on the same moment stated in different zones', () => {
    expect(checkDue(due('2026-02-10', '2:00 PM', 'EST'), notice('2026-02-10T11:00:00-08:00', '-08:00'))).toMatchObject({
      agreement: 'same',
      notice_text: 'Feb 10, 2026, 11:00 AM UTC-08:00',
    });
  });

  it('flags an hour apart, a day apart, and a different clock time where the form says local', () => {
    expect(checkDue(due('2026-02-10', '2:00 PM', 'EST'), notice('2026-02-10T15:00:00-05:00', '-05:00')).agreement).toBe('differs');
    expect(checkDue(due('2026-02-10', null, null), notice('2026-02-11T15:00:00-05:00', '-05:00'))).toMatchObject({ agreement: 'differs' });
    expect(checkDue(due('2026-02-10', '2:00 PM', 'local'), notice('2026-02-10T16:00:00-05:00', '-05:00')).detail).toMatch(
      /^The due times differ/,
    );
    expect(checkDue(due('2026-02-10', '4:00 PM', 'local'), notice('2026-02-10T16:00:00-05:00', '-05:00')).agreement).toBe('same');
  });

  it('compares the day alone when one side gives no time, the notice date-only day read as stored', () => {
    // SAM's date-only deadline is stored at 23:59 UTC of its day.
    expect(checkDue(due('2026-02-10', '2:00 PM', 'EST'), notice('2026-02-10T23:59:00Z', null))).toMatchObject({
      agreement: 'same',
      // Its day from the UTC digits: a server east of UTC would print Feb 11 from the instant.
      notice_text: 'Feb 10, 2026',
      detail: 'The form and the SAM.gov notice give the same due date (the notice gives no time).',
    });
    expect(checkDue(due('2026-02-10', null, null), notice('2026-02-10T17:00:00-05:00', '-05:00')).detail).toMatch(/the form gives no time/);
  });

  it('a late evening deadline keeps its own day in the offset SAM stated', () => {
    // 11:30 PM at UTC-05:00 is the next day in UTC: the comparison reads the notice day in its own offset.
    expect(checkDue(due('2026-02-10', null, null), notice('2026-02-10T23:30:00-05:00', '-05:00')).agreement).toBe('same');
  });

  it('has nothing to compare without a notice or without facts', () => {
    expect(checkDue(due('2026-02-10', null, null), null)).toMatchObject({
      agreement: 'no_notice',
      detail: 'No SAM.gov notice is linked to this workspace to compare with.',
    });
    expect(presentFormFacts(null, null)).toBeNull();
    expect(presentFormFacts({ naics: { value: '541519', page: 1, caption: '10. NAICS' } }, null)).toEqual({
      form: null,
      offer_due: null,
      due_check: null,
      facts: [{ key: 'naics', label: 'NAICS', value: '541519', caption: '10. NAICS', page: 1, source: 'form field "10. NAICS", p. 1' }],
    });
  });
});
