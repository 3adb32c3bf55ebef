import { describe, expect, it } from 'vitest';
import { extractRequirements } from './requirements';
import { SectionTracker, detectSections, parseHeading, sectionFromTitle, switchFromTitle } from './sections';

describe('sectionFromTitle', () => {
  it('maps quote-request synonyms onto L, M and C', () => {
    expect(sectionFromTitle('Instructions to Quoters')).toBe('L');
    expect(sectionFromTitle('Submission Instructions')).toBe('L');
    expect(sectionFromTitle('Proposal Preparation')).toBe('L');
    expect(sectionFromTitle('Evaluation Factors')).toBe('M');
    expect(sectionFromTitle('Basis for Award')).toBe('M');
    expect(sectionFromTitle('Performance Work Statement (PWS)')).toBe('C');
    expect(sectionFromTitle('Statement of Objectives')).toBe('C');
    expect(sectionFromTitle('Deliverables')).toBe('C');
    expect(sectionFromTitle('Key Personnel')).toBe('C');
    expect(sectionFromTitle('Quality Assurance Surveillance Plan')).toBe('C');
    expect(sectionFromTitle('Period of Performance')).toBeNull();
    expect(sectionFromTitle('Awarded task')).toBeNull();
  });
});

describe('parseHeading', () => {
  it('recognises UCF section headings and lettered paragraph numbers', () => {
    expect(parseHeading('SECTION L - INSTRUCTIONS, CONDITIONS AND NOTICES TO OFFERORS')).toMatchObject({ named: 'L', kind: 'ucf' });
    expect(parseHeading('SECTION M: EVALUATION FACTORS FOR AWARD')).toMatchObject({ named: 'M' });
    expect(parseHeading('SECTION H - SPECIAL CONTRACT REQUIREMENTS')).toMatchObject({ named: 'other' });
    expect(parseHeading('L.4.2.1 Technical Volume')).toMatchObject({ number: 'L.4.2.1', named: 'L', title: 'Technical Volume' });
  });

  it('reads a letter-dash-digit paragraph number with a dash and a Title as a heading', () => {
    expect(parseHeading('L-3 – Past Performance')).toMatchObject({
      number: 'L.3',
      named: 'L',
      title: 'Past Performance',
      kind: 'ucf-paragraph',
    });
    expect(parseHeading('C-1 - Scope of Work')).toMatchObject({ number: 'C.1', named: 'C', title: 'Scope of Work' });
    expect(parseHeading('G-3 –Key Personnel')).toMatchObject({ number: 'G.3', named: 'other' });
    expect(parseHeading('M-2.1 — Technical Approach')).toMatchObject({ number: 'M.2.1', named: 'M' });
    // A sentence, a clause number or a list of values after the dash is no title.
    expect(parseHeading('L-3 – The offeror shall submit three references.')).toBeNull();
    expect(parseHeading('L-4 - 52.252-1 Solicitation Provisions Incorporated by Reference')).toBeNull();
    expect(parseHeading('F-16 – maintenance of the aircraft')).toBeNull();
  });

  it('files the requirements after a letter-dash-digit heading under it, not as an item of the list before', () => {
    const doc = `SECTION L - INSTRUCTIONS TO OFFERORS
L-2 - Technical Proposal Instructions
Items may include:

1. Unique arrangements which support the approach.

L-3 – Past Performance

The offeror shall submit at least three past performance records.`;
    const reqs = extractRequirements([{ page: 1, text: doc }]);
    expect(reqs.map((r) => r.text)).not.toContain('L-3 – Past Performance');
    expect(reqs.find((r) => r.text.startsWith('The offeror shall submit'))).toMatchObject({ section: 'L', requirement_id: 'L-3' });
  });

  it('keeps the text of a numbered paragraph that starts with a sentence', () => {
    const h = parseHeading('C.3.1 The Contractor shall mow all lawns weekly.');
    expect(h).toMatchObject({ number: 'C.3.1', named: 'C', body: 'The Contractor shall mow all lawns weekly.' });
  });

  it('recognises decimal-numbered titles but not sentences or list items', () => {
    expect(parseHeading('5.0 Instructions to Offerors')).toMatchObject({ number: '5.0', named: 'L' });
    expect(parseHeading('6.2 Price evaluation')).toMatchObject({ number: '6.2', named: 'M' });
    expect(parseHeading('2.1 The Contractor shall provide monthly reports.')).toBeNull();
    expect(parseHeading('1. Pricing Template')).toBeNull();
    expect(parseHeading('The Offeror shall submit one copy.')).toBeNull();
    expect(parseHeading('Section L of this RFP describes the format.')).toBeNull();
  });

  it('accepts strong unnumbered titles only', () => {
    expect(parseHeading('EVALUATION FACTORS FOR AWARD')).toMatchObject({ named: 'M', kind: 'unnumbered' });
    expect(parseHeading('Key Personnel')).toBeNull();
  });
});

describe('SectionTracker / detectSections', () => {
  it('lets numbered sub-paragraphs inherit their top-level section', () => {
    const text = [
      '1.0 Background',
      'x',
      '2.0 Performance Work Statement',
      '2.4 Post Award Conference',
      '5.0 Instructions to Offerors',
      '5.1 Milestones',
      '5.3 Verbal presentations agenda',
      '6.0 Evaluation',
      '6.1 Technical Evaluation',
      '7.0 Basis for award',
      '8.0 Awarded task',
      '8.1.2 Period, place, and hours of performance',
    ].join('\n');
    expect(detectSections(text).map((s) => s.section)).toEqual(['C', 'C', 'C', 'L', 'L', 'L', 'M', 'M', 'M', 'other', 'other']);
  });

  it('keeps an explicit UCF section over numbered headings inside it', () => {
    const t = new SectionTracker();
    t.apply(parseHeading('SECTION L - INSTRUCTIONS TO OFFERORS')!);
    expect(t.apply(parseHeading('3.0 Evaluation Notes')!)).toBe('L');
    expect(t.apply(parseHeading('SECTION M - EVALUATION FACTORS FOR AWARD')!)).toBe('M');
    expect(t.apply(parseHeading('C.2 Scope')!)).toBe('C');
  });
});

describe('SEC-SAMELINE: a UCF part heading with its first paragraph on the same line', () => {
  it("splits the heading from the body at the part's own paragraph number", () => {
    expect(
      parseHeading('SECTION M - EVALUATION FACTORS FOR AWARD M.1 The Government will award a contract to the best value offeror.'),
    ).toMatchObject({
      named: 'M',
      kind: 'ucf',
      title: 'EVALUATION FACTORS FOR AWARD',
      body: 'M.1 The Government will award a contract to the best value offeror.',
    });
    expect(parseHeading('SECTION M EVALUATION M-1 EVALUATION CRITERIA The Offerors submitting quotes are advised that')).toMatchObject({
      named: 'M',
      title: 'EVALUATION',
    });
  });

  it('ends a title in capitals where the text turns to a sentence or a list letter', () => {
    expect(
      parseHeading('SECTION L - INSTRUCTIONS TO OFFERORS The offeror shall submit three copies of the proposal in the format below.'),
    ).toMatchObject({
      named: 'L',
      title: 'INSTRUCTIONS TO OFFERORS',
      body: 'The offeror shall submit three copies of the proposal in the format below.',
    });
    expect(
      parseHeading(
        'SECTION L - INSTRUCTIONS, CONDITIONS, AND NOTICES TO OFFERORS (Version 2, Competitive) A. This solicitation incorporates the FAR by reference',
      ),
    ).toMatchObject({
      title: 'INSTRUCTIONS, CONDITIONS, AND NOTICES TO OFFERORS (Version 2, Competitive)',
      body: 'A. This solicitation incorporates the FAR by reference',
    });
  });

  it('reads any dash after the letter, a soft hyphen included', () => {
    expect(parseHeading('SECTION M \u00ad EVALUATION FACTORS FOR AWARD')).toMatchObject({
      named: 'M',
      title: 'EVALUATION FACTORS FOR AWARD',
    });
    expect(parseHeading('Section L – Instructions, Conditions and Notices to Offerors')).toMatchObject({ named: 'L' });
  });

  it('files the body under the part the heading opens', () => {
    const text =
      'SECTION L - INSTRUCTIONS TO OFFERORS L.1 Offerors shall submit two copies.\nSECTION M - EVALUATION FACTORS FOR AWARD M.1 The technical approach will be evaluated for soundness and each offeror must show its staffing.\n';
    expect(extractRequirements([{ page: 1, text }]).map((r) => r.section)).toEqual(['L', 'M']);
  });
});

describe('section titles', () => {
  it('reads contract terms as no part, and one-word instruction titles as instructions', () => {
    expect(sectionFromTitle('Contract Terms and Conditions')).toBe('other');
    expect(sectionFromTitle('Invoicing')).toBe('other');
    expect(switchFromTitle('Submissions')).toBe('L');
    expect(switchFromTitle('Oral presentation')).toBe('L');
    expect(switchFromTitle('Questions')).toBe('L');
  });
});

describe('SEC-SAMELINE in Title Case', () => {
  it('ends a Title Case title at capitals or at the sentence after it', () => {
    expect(
      parseHeading(
        'Section L - Instructions, Conditions and Notices to Bidders INSTRUCTIONS SOLICITATION PROVISIONS INCORPORATED BY REFERENCE',
      ),
    ).toMatchObject({
      named: 'L',
      title: 'Instructions, Conditions and Notices to Bidders',
      body: 'INSTRUCTIONS SOLICITATION PROVISIONS INCORPORATED BY REFERENCE',
    });
    expect(
      parseHeading('Section M – Evaluation Factors for Award The Government will award one contract to the responsible offeror.'),
    ).toMatchObject({
      named: 'M',
      title: 'Evaluation Factors for Award',
      body: 'The Government will award one contract to the responsible offeror.',
    });
  });

  it('reads a running page header before the heading as furniture', () => {
    const text = 'RFP-0001 Page 69 of 79 Section L - Instructions to Offerors The offeror shall submit two copies of the proposal.\n';
    expect(extractRequirements([{ page: 1, text }]).map((r) => [r.section, r.text])).toEqual([
      ['L', 'The offeror shall submit two copies of the proposal.'],
    ]);
  });
});

describe('SEC-RESET vocabulary', () => {
  it('names offer-content, volume and submission-process titles as L, and work-statement word orders as C', () => {
    for (const t of [
      'Proposal Contents',
      'Contents of the Quotation',
      'Quote Organization',
      'Volume II - Price',
      'What to Submit',
      'Submission Process',
    ])
      expect(sectionFromTitle(t), t).toBe('L');
    for (const t of ['Work Statement', 'Performance Work Statement', 'Scope of Services', 'Statement of Need'])
      expect(sectionFromTitle(t), t).toBe('C');
    expect(sectionFromTitle('Volunteer Program')).toBeNull();
  });
});

describe('a numbered sentence is not a heading (numberedSentence)', () => {
  // Fire: the text after the number is a sentence, so the line is a requirement under its section.
  const sentences = [
    'L.2 Submit the technical volume electronically.',
    'L.6 Provide two copies of the price volume',
    '5.3 Include a signed cover letter with the quote.',
    'L.3 Offers are due by 2:00 p.m. on March 3.',
    '3.1 Quotes are limited to ten pages',
  ];
  // Silent: a title after the number stays a heading.
  const titles = [
    'L.2 Submission of Offers',
    'L.5 Page Limits.',
    'L.4 Submit Questions',
    '5.0 Instructions to Offerors',
    'L.7 Support services.',
    'M.2 Technical Approach',
    '5 Track Any Major Unresolved Findings',
    '3.3.1 Explain the Solution Engineering Stage',
    '2.0 What is the SELC?',
  ];

  it.each(sentences)('reads "%s" as a sentence under its section', (line) => {
    const h = parseHeading(line);
    expect(h?.title ?? '').toBe('');
    if (line.startsWith('L.')) expect(h).toMatchObject({ named: 'L', body: line.replace(/^\S+\s+/, '') });
    else expect(h).toBeNull();
  });

  it.each(titles)('keeps "%s" as a heading', (line) => {
    expect(parseHeading(line)?.title).toBe(line.replace(/^\S+\s+/, ''));
  });

  it('files the sentence as a requirement of its section', () => {
    const reqs = extractRequirements([
      {
        page: 1,
        text: 'SECTION L - INSTRUCTIONS TO OFFERORS\nL.1 General\nL.2 Submit the technical volume electronically.\nL.3 Offerors shall number every page.',
      },
    ]);
    expect(reqs.map((r) => [r.section, r.text])).toEqual([
      ['L', 'Submit the technical volume electronically.'],
      ['L', 'Offerors shall number every page.'],
    ]);
  });
});
