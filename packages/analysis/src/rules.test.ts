import { describe, expect, it } from 'vitest';
import { classifyRequirement, extractRequirements } from './requirements';
import { detectSections } from './sections';

// Short synthetic passages written in the style of federal solicitations, one per failure class of
// issue 14. None is taken from the development files.
const extract = (text: string) => extractRequirements([{ page: 1, text }]);
const texts = (text: string) => extract(text).map((r) => r.text);
const sectionOf = (text: string, needle: string) => extract(text).find((r) => r.text.includes(needle))?.section;

describe('1. section tracking', () => {
  it('opens a part at an unnumbered heading set in capitals', () => {
    const doc = `PERFORMANCE WORK STATEMENT
The Contractor shall mow all grounds weekly.

PROPOSAL SUBMISSION INSTRUCTIONS
Quoters shall submit one electronic copy.

EVALUATION CRITERIA
Technical capability will be evaluated for completeness.`;
    expect(sectionOf(doc, 'mow')).toBe('C');
    expect(sectionOf(doc, 'electronic copy')).toBe('L');
    expect(sectionOf(doc, 'completeness')).toBe('M');
  });

  it('opens a part at an unnumbered Title Case heading naming it', () => {
    const doc = `Submission Instructions
Quotes shall be emailed to the buyer.

Evaluation Criteria
Technical approach will be evaluated for feasibility.

Basis of Award
Award will be made to the lowest priced technically acceptable quote.`;
    expect(sectionOf(doc, 'emailed')).toBe('L');
    expect(sectionOf(doc, 'feasibility')).toBe('M');
    expect(sectionOf(doc, 'lowest priced')).toBe('M');
  });

  it('does not take a list of acronyms for a heading', () => {
    const doc = `3.1 Technology
The system must run on the following platforms:
ANSI SQL
MVC 5`;
    expect(texts(doc)).toEqual(['The system must run on the following platforms:', 'ANSI SQL', 'MVC 5']);
  });

  it('reads "NN. TITLE:" in capitals as a heading, not a list item', () => {
    const doc = `11. SUBMISSION OF QUOTES:
Quotes must be received by 2:00 p.m. on the closing date.
12. EVALUATION FACTORS:
Past performance will be evaluated for relevance.`;
    expect(detectSections(doc).map((s) => s.section)).toEqual(['L', 'M']);
    expect(sectionOf(doc, 'relevance')).toBe('M');
  });

  it('switches to M at an evaluation sub-heading under an instructions parent, and back', () => {
    const doc = `4.0 Instructions to Offerors and Evaluation
4.1 Proposal Format
Proposals shall not exceed 15 pages.
4.2 Evaluation Factors
Factor 1, Staffing, is more important than Factor 2, Price.
4.2.1 Staffing
The staffing plan will be evaluated for realism.
4.3 Submission Instructions
Offerors shall email the proposal to the Contract Specialist.`;
    expect(sectionOf(doc, '15 pages')).toBe('L');
    expect(sectionOf(doc, 'more important')).toBe('M');
    expect(sectionOf(doc, 'realism')).toBe('M');
    expect(sectionOf(doc, 'email the proposal')).toBe('L');
  });

  it('lets an explicit basis-for-award title move a UCF Section L to M', () => {
    const doc = `SECTION L - INSTRUCTIONS, CONDITIONS AND NOTICES TO OFFERORS
L.3 Offerors shall submit two volumes.
L.9 BASIS FOR AWARD
Award will be made on a lowest price technically acceptable basis.`;
    expect(sectionOf(doc, 'two volumes')).toBe('L');
    expect(sectionOf(doc, 'lowest price')).toBe('M');
  });
});

describe('2. statement-of-work lead-ins without a modal', () => {
  it('makes the items contractor obligations, not the lead-in', () => {
    const doc = `C.3 TASKS
The following tasks are anticipated:
a. Inventory all furniture in Building 4.
b. Relocate workstations to the second floor.`;
    const reqs = extract(doc);
    expect(reqs.map((r) => [r.section, r.text])).toEqual([
      ['C', 'Inventory all furniture in Building 4.'],
      ['C', 'Relocate workstations to the second floor.'],
    ]);
    expect(reqs.every((r) => r.must_or_should === 'must')).toBe(true);
  });

  it('leaves optional work under "may include" alone', () => {
    const doc = `C.4 SURGE SUPPORT
Surge activities may include:
a. Weekend staffing`;
    expect(texts(doc)).toEqual([]);
  });
});

describe('3. tables', () => {
  it('reads a label/value surveillance table: the standard is the contractor’s, the method the Government’s', () => {
    const doc = `SECTION C - PERFORMANCE WORK STATEMENT
C.7 QUALITY ASSURANCE SURVEILLANCE PLAN
Performance Objective | Respond to service calls promptly
Performance Standard | 95% of calls answered within 4 hours
Method of Surveillance | Monthly review of the call log`;
    const got = texts(doc);
    expect(got).toContain('Performance Objective | Respond to service calls promptly');
    expect(got).toContain('Performance Standard | 95% of calls answered within 4 hours');
    expect(got.some((t) => t.startsWith('Method of Surveillance'))).toBe(false);
  });

  it('reads rows of a standards matrix and of a proposal checklist', () => {
    const doc = `SECTION C - STATEMENT OF WORK
Task | Performance Standard | AQL
Grounds maintenance | Grass kept below 4 inches | 98%

SECTION L - INSTRUCTIONS TO OFFERORS
Volume | Included | Page limit
Signed cover letter
Technical narrative
(See paragraph L.4 for format)`;
    const got = texts(doc);
    expect(got).toContain('Grounds maintenance | Grass kept below 4 inches | 98%');
    expect(got).toContain('Signed cover letter');
    expect(got).toContain('Technical narrative');
    expect(got).not.toContain('(See paragraph L.4 for format)');
  });

  it('leaves adjectival rating definitions out', () => {
    const doc = `SECTION M - EVALUATION FACTORS FOR AWARD
Adjectival Rating | Description
Outstanding | Proposal indicates an exceptional approach and understanding of the requirements.
Marginal | Proposal has not demonstrated an adequate approach.`;
    expect(texts(doc)).toEqual([]);
  });
});

describe('4. obligations outside the modal cue lists (all must)', () => {
  it.each([
    'The Contractor is expected to staff the help desk from 7 a.m. to 5 p.m.',
    'The Government expects the Contractor to propose a phased transition.',
    'The Offeror will need to obtain a facility clearance before award.',
    'Offerors are cautioned not to include pricing in the technical volume.',
    'Quotes received after the closing time will not be considered.',
    'Proposals exceeding the page limit will not be accepted.',
    'No marketing brochures may be included in the technical volume.',
    'Failure to acknowledge all amendments will render the quote ineligible.',
    'Failure to register in SAM precludes award.',
    'It is essential that all resumes show current certifications.',
    'The Contractor is responsible for removing all debris daily.',
  ])('%s', (t) => {
    expect(classifyRequirement(t, 'L')).toMatchObject({ isRequirement: true, must_or_should: 'must' });
  });

  it('does not read the Government’s own statements that way', () => {
    expect(classifyRequirement('Clarifications requested by the Government will not be considered discussions.', 'L').isRequirement).toBe(
      false,
    );
    expect(classifyRequirement('Comments sent to the agency will not be answered.', 'L').isRequirement).toBe(false);
  });
});

describe('5. imperatives', () => {
  it.each([
    ['Please provide a point of contact for invoicing.', 'must'],
    ['Please fill in every shaded block of the form.', 'must'],
    ['Do not submit hard copies.', 'must'],
    ['Use 12-point Arial font for all narrative text.', 'must'],
    ['Before submitting, be sure to sign the cover page.', 'must'],
    ['If possible, provide a sample monthly report.', 'should'],
  ])('%s', (t, obligation) => {
    expect(classifyRequirement(t, 'L')).toMatchObject({ isRequirement: true, must_or_should: obligation });
  });
});

describe('6. false positives', () => {
  it.each([
    ['Offerors may submit questions by email until March 3.', 'L'],
    ['Vendors may visit the site by appointment.', 'C'],
    ['The Government anticipates making a single award.', 'M'],
    ['The Government may hold discussions with offerors in the competitive range.', 'M'],
    ['Price scores will then be added to the technical scores.', 'M'],
    ['Best value means the offer that gives the greatest overall benefit.', 'M'],
    ['(End of provision)', 'M'],
    ['Figure 3: Site layout', 'C'],
    ['Table 2 – Labor categories', 'L'],
    ['Solicitation No. 70RDAD26R00000012', 'L'],
    ['Exceptions to the format are described in paragraph 4.3 above.', 'L'],
  ])('%s (%s)', (t, section) => {
    expect(classifyRequirement(t, section as 'L' | 'M' | 'C').isRequirement).toBe(false);
  });

  it('keeps a choice between two ways of meeting a requirement as advice', () => {
    expect(classifyRequirement('Offerors may either provide audited statements or a letter of credit.', 'L')).toMatchObject({
      isRequirement: true,
      must_or_should: 'should',
    });
  });

  it('leaves out a running header that repeats the solicitation number on every page', () => {
    const header = 'RFQ 140D0426Q0042';
    const body = ['The Contractor shall mow the lawn.', 'The Contractor shall paint the fence.', 'The Contractor shall sweep the lot.'];
    const pages = body.map((line, i) => ({
      page: i + 1,
      text: `${header}\nSECTION C - STATEMENT OF WORK\nBackground text for page ${i + 1}.\n${line}\nPage ${i + 1} of 3`,
    }));
    expect(extractRequirements(pages).map((r) => r.text)).toEqual(body);
  });

  it('leaves out an address block under "addressed as follows"', () => {
    const doc = `SECTION L - INSTRUCTIONS TO OFFERORS
L.6 Packages shall be addressed as follows:
Department of Veterans Affairs
Attn: Contracting Officer, Room 210
1200 Main Street, Springfield, VA 22150`;
    expect(texts(doc)).toEqual(['Packages shall be addressed as follows:']);
  });

  it('reads a run-in paragraph title as a title, and a lettered one under a factors heading as a factor', () => {
    const l = `SECTION L - INSTRUCTIONS TO OFFERORS
L.2 PROPOSAL FORMAT
c. Page Numbering. Number every page of each volume.`;
    expect(texts(l)).toEqual(['Number every page of each volume.']);
    const m = `SECTION M - EVALUATION FACTORS FOR AWARD
M.2 TECHNICAL FACTORS
(a) Staffing Approach. The proposal must show how vacancies are filled.`;
    expect(texts(m)).toEqual(['Staffing Approach.', 'The proposal must show how vacancies are filled.']);
  });
});
