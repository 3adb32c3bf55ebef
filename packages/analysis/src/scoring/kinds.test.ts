import { describe, expect, it } from 'vitest';
import type { SectionCode } from '../types';
import { requirementKind } from './kinds';

const kind = (section: SectionCode, text: string) => requirementKind({ section, text });

describe('requirementKind', () => {
  it('reports submission logistics apart: deadlines, channels, questions, copies', () => {
    expect(kind('L', 'Proposals are due no later than 4:00 p.m. local time on 12 May 2031.')).toBe('logistics');
    expect(kind('L', 'Quotations will only be accepted through the agency procurement portal.')).toBe('logistics');
    expect(kind('L', 'Questions concerning this solicitation shall be e-mailed to the buyer at buyer@agency.example.gov.')).toBe(
      'logistics',
    );
    expect(kind('L', 'Each vendor may send only one submission.')).toBe('logistics');
    expect(kind('L', 'Vendors must enter their pricing in the designated field of the provided online form.')).toBe('logistics');
  });

  it('reports document format apart: pages, fonts, files', () => {
    expect(kind('L', 'The management volume shall not exceed fifteen (15) pages.')).toBe('format');
    expect(kind('L', 'Use Arial 11-point type with one-inch margins.')).toBe('format');
    expect(kind('L', 'Submit all volumes as searchable PDF files.')).toBe('format');
  });

  it('reports clauses and contingent terms apart, and the other section', () => {
    expect(kind('C', 'The contractor shall submit invoices through the payment system each month.')).toBe('clause');
    expect(kind('C', 'If a key person becomes unavailable, the contractor shall propose a substitute within ten days.')).toBe('clause');
    expect(kind('L', 'FAR 52.212-1 Instructions to Offerors is incorporated by reference.')).toBe('clause');
    expect(kind('other', 'Work hours are 8:00 a.m. to 5:00 p.m.')).toBe('clause');
  });

  it('reports the consequence of failing another rule apart, and keeps the rule itself', () => {
    expect(kind('L', 'Otherwise, the Offeror will be considered non-responsive and excluded from further consideration.')).toBe('clause');
    expect(kind('L', 'Failure to attend the oral presentation will result in elimination from the competition.')).toBe('clause');
    expect(kind('L', 'All key personnel must attend the oral presentation.')).toBe('content');
  });

  it('reports how the Government weighs and awards apart', () => {
    expect(kind('M', 'Technical capability is significantly more important than price.')).toBe('evaluation');
    expect(kind('M', 'Price will be evaluated for reasonableness.')).toBe('evaluation');
    expect(kind('M', 'The panel will assess the oral presentation for clarity.')).toBe('evaluation');
  });

  it('keeps what a narrative answers as content, whatever words it shares with the rules above', () => {
    expect(kind('L', 'Describe how you will deliver the monthly report within five days of month end.')).toBe('content');
    expect(kind('C', 'The contractor shall deliver the transition plan within 30 days after award in Word format.')).toBe('content');
    expect(kind('L', 'Offers shall remain valid for 90 days after the closing date.')).toBe('content');
    expect(kind('C', 'In the event that the agency provides no style guide, the contractor shall follow plain language guidelines.')).toBe(
      'content',
    );
    expect(kind('M', 'The Government will evaluate the offeror’s approach to staffing and retention.')).toBe('content');
  });
});
