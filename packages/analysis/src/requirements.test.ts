import { describe, expect, it } from 'vitest';
import { classifyRequirement, extractRequirements, guessSection } from './requirements';

const UCF = `SECTION C - DESCRIPTION/SPECIFICATIONS/STATEMENT OF WORK
C.1 BACKGROUND
The Naval Facilities Engineering Command operates base support facilities at several installations in
the region. This contract provides custodial services.
C.2 SCOPE
C.2.1 The Contractor shall provide all labor, supervision, equipment and materials necessary to perform
custodial services as specified herein.
C.2.2 The Contractor shall submit a Quality Control Plan within 15 days after award. The plan shall
include the following:
a. Inspection procedures and frequencies;
b. Corrective action procedures; and
c. Names of quality control personnel.
C.2.3 The Government will provide office space for one contractor representative.
C.2.4 The Contractor will be paid monthly upon acceptance of services.
C.2.5 Contractor personnel should wear identification badges at all times.
SECTION H - SPECIAL CONTRACT REQUIREMENTS
H.1 The Contractor shall maintain insurance as required by FAR 52.228-5.
SECTION L - INSTRUCTIONS, CONDITIONS AND NOTICES TO OFFERORS
L.1 GENERAL
Proposals shall be submitted electronically via PIEE no later than 2:00 p.m. local time on the
closing date. Late proposals will not be considered. The Government intends to award without
discussions but reserves the right to conduct discussions if necessary.
L.2 PROPOSAL FORMAT
(1) Volume I, Technical, is limited to 25 pages.
(2) Use 12-point Times New Roman font with one-inch margins.
(3) Offerors are encouraged to keep the price volume brief.
SECTION M - EVALUATION FACTORS FOR AWARD
M.1 BASIS FOR AWARD
Award will be made to the offeror whose proposal represents the best value to the Government.
The Government will evaluate proposals using the following factors:
Factor 1 - Technical Approach
Factor 2 - Past Performance
Factor 3 - Price
Factor 1 is significantly more important than Factor 2.
M.2 TECHNICAL APPROACH
Does the offeror's approach demonstrate a clear understanding of the requirements?
The Government reserves the right to award to other than the lowest priced offeror.`;

const RFQ = `1.0 Scope
This quote request covers help desk support for the agency.

2.0 Statement of Work
The Vendor is not responsible for the following:
Hosting the production system
Manage the granting of an ATO.

Daily operations may include:
Standup meetings via video chat
Manage and update tickets in the tracker

Deliverables:
| DELIVERABLE | DUE | DESCRIPTION |
| Transition plan | 10 days after award | Plan for knowledge transfer |

3.0 Instructions to Quoters
Quoters must submit a technical quote of no more than 10 pages.
If you would like updates, subscribe to the mailing list.
Quoters may include as many references as necessary.
Questions received after the deadline will not be answered.
| No. | Date | Event |
| 1 | May 1 | Solicitation released |
| 2 | May 8 | Questions due |

4.0 Evaluation
The following will be used to evaluate quotes:
Technical approach
Key personnel qualifications
We will review each quote for feasibility and risk.`;

function byText(reqs: ReturnType<typeof extractRequirements>) {
  return new Map(reqs.map((r) => [r.text, r]));
}

describe('extractRequirements on a UCF solicitation', () => {
  const reqs = extractRequirements([{ page: 3, text: UCF }]);
  const m = byText(reqs);

  it('finds shall/should sentences, lead-ins and their lettered items in Section C', () => {
    expect(m.get('The Contractor shall submit a Quality Control Plan within 15 days after award.')).toMatchObject({
      section: 'C',
      must_or_should: 'must',
    });
    expect(m.get('The plan shall include the following:')).toBeDefined();
    expect(m.get('Corrective action procedures; and')).toMatchObject({ section: 'C', must_or_should: 'must' });
    expect(m.get('Contractor personnel should wear identification badges at all times.')).toMatchObject({ must_or_should: 'should' });
  });

  it('leaves out background, government actions and payments to the contractor', () => {
    const texts = reqs.map((r) => r.text).join('\n');
    expect(texts).not.toMatch(/operates base support/);
    expect(texts).not.toMatch(/Government will provide office space/);
    expect(texts).not.toMatch(/will be paid monthly/);
    expect(texts).not.toMatch(/reserves the right/);
    // A consequence of not complying binds the offeror (labelling conventions: must).
    expect(texts).toContain('Late proposals will not be considered.');
  });

  it('files clauses outside C, L and M under other', () => {
    expect(m.get('The Contractor shall maintain insurance as required by FAR 52.228-5.')).toMatchObject({ section: 'other' });
  });

  it('catches imperatives, page and font limits and encouragement in Section L', () => {
    expect(m.get('Volume I, Technical, is limited to 25 pages.')).toMatchObject({ section: 'L', must_or_should: 'must' });
    expect(m.get('Use 12-point Times New Roman font with one-inch margins.')).toMatchObject({ section: 'L', must_or_should: 'must' });
    expect(m.get('Offerors are encouraged to keep the price volume brief.')).toMatchObject({ must_or_should: 'should' });
  });

  it('treats evaluation factors, importance and criteria questions in Section M as weighted requirements', () => {
    expect(m.get('Factor 2 - Past Performance')).toMatchObject({ section: 'M', must_or_should: 'must', weight: 2 });
    expect(m.get('Factor 1 is significantly more important than Factor 2.')).toMatchObject({ weight: 3 });
    expect(m.get("Does the offeror's approach demonstrate a clear understanding of the requirements?")).toMatchObject({ section: 'M' });
    expect(m.get('The Government will evaluate proposals using the following factors:')).toBeDefined();
  });

  it('takes ids from the paragraph numbering and keeps the page', () => {
    const ids = reqs.map((r) => r.requirement_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id.startsWith('C-'))).toEqual(['C-2.1', 'C-2.2', 'C-2.2-2', 'C-2.2.a', 'C-2.2.b', 'C-2.2.c', 'C-2.5']);
    expect(ids).toContain('O-H.1');
    expect(ids).toContain('L-2(1)');
    expect(reqs.every((r) => r.page === 3)).toBe(true);
  });

  it('is deterministic', () => {
    expect(extractRequirements([{ page: 3, text: UCF }])).toEqual(reqs);
  });
});

describe('extractRequirements on a quote request without UCF letters', () => {
  const reqs = extractRequirements([{ page: 1, text: RFQ }]);
  const texts = reqs.map((r) => r.text);

  it('drops items under exclusions and permissive lead-ins, even imperative ones', () => {
    expect(texts).not.toContain('Manage the granting of an ATO.');
    expect(texts).not.toContain('Manage and update tickets in the tracker');
    expect(texts).not.toContain('Hosting the production system');
  });

  it('keeps deliverable table rows and due-date rows but not headers or plain schedule rows', () => {
    expect(texts).toContain('Transition plan | 10 days after award | Plan for knowledge transfer');
    expect(texts).toContain('2 | May 8 | Questions due');
    expect(texts).not.toContain('DELIVERABLE | DUE | DESCRIPTION');
    expect(texts).not.toContain('1 | May 1 | Solicitation released');
  });

  it('ignores opt-in imperatives, pure permissions and government statements', () => {
    expect(texts).not.toContain('If you would like updates, subscribe to the mailing list.');
    expect(texts).not.toContain('Quoters may include as many references as necessary.');
    expect(texts).not.toContain('Questions received after the deadline will not be answered.');
    expect(reqs.find((r) => r.text.startsWith('Quoters must submit'))).toMatchObject({ section: 'L', must_or_should: 'must' });
  });

  it('reads "we will review" and listed criteria in the evaluation part as M requirements', () => {
    const mTexts = reqs.filter((r) => r.section === 'M').map((r) => r.text);
    expect(mTexts).toEqual([
      'The following will be used to evaluate quotes:',
      'Technical approach',
      'Key personnel qualifications',
      'We will review each quote for feasibility and risk.',
    ]);
  });
});

describe('extractRequirements across pages', () => {
  it('keeps a list whose items run onto the next page, past running headers and page numbers', () => {
    const header = 'Solicitation W912-25-R-0001';
    const pages = [
      {
        page: 1,
        text: `${header}\nSECTION L - INSTRUCTIONS TO OFFERORS\nL.1 Offerors shall provide the following:\n- A cover letter\nPage 1 of 3`,
      },
      { page: 2, text: `${header}\n- A signed SF 33\n- Three references\nPage 2 of 3` },
      { page: 3, text: `${header}\nL.2 Proposals shall be submitted by email.\nPage 3 of 3` },
    ];
    const reqs = extractRequirements(pages);
    const hashed = expect.stringMatching(/^L-1-[0-9a-f]{6}$/);
    expect(reqs.map((r) => [r.requirement_id, r.page, r.text])).toEqual([
      ['L-1', 1, 'Offerors shall provide the following:'],
      [hashed, 1, 'A cover letter'],
      [hashed, 2, 'A signed SF 33'],
      [hashed, 2, 'Three references'],
      ['L-2', 3, 'Proposals shall be submitted by email.'],
    ]);
  });
});

describe('classifyRequirement', () => {
  it('decides must/should from the modal and its subject', () => {
    expect(classifyRequirement('The Contractor shall deliver the report monthly.', 'C')).toMatchObject({
      isRequirement: true,
      must_or_should: 'must',
      cue: 'shall',
    });
    expect(classifyRequirement('The contractor will provide all tools.', 'C')).toMatchObject({
      isRequirement: true,
      must_or_should: 'must',
    });
    expect(classifyRequirement('Offerors are required to submit a COI statement.', 'L')).toMatchObject({ must_or_should: 'must' });
    expect(classifyRequirement('Offerors may not submit alternate proposals.', 'L')).toMatchObject({ must_or_should: 'must' });
    expect(classifyRequirement('Resumes should not exceed two pages each.', 'L')).toMatchObject({ must_or_should: 'should' });
    // A permission is not a requirement; "may either ... or" offers two ways to meet one.
    expect(classifyRequirement('Offerors may propose alternative staffing approaches.', 'L')).toMatchObject({ isRequirement: false });
    expect(classifyRequirement('Offerors may either submit audited statements or a bank reference.', 'L')).toMatchObject({
      isRequirement: true,
      must_or_should: 'should',
    });
    expect(classifyRequirement('Use of color graphics is preferable.', 'L')).toMatchObject({ must_or_should: 'should' });
    expect(classifyRequirement('Should the Contractor be terminated, the Contractor shall transfer all materials.', 'C')).toMatchObject({
      must_or_should: 'must',
    });
  });

  it('rejects government actions, reservations, hedges and notices', () => {
    for (const t of [
      'The Government will evaluate the contractor’s invoices within 30 days.',
      'The Contracting Officer will notify the Contractor of the decision.',
      'The Government reserves the right to cancel this solicitation.',
      'Additional data may be required during performance.',
      'Offerors should note that the site visit is optional.',
      'The Contractor will be notified of award by email.',
      'The period of performance is twelve months.',
      'This section describes how proposals will be evaluated.',
      'As a case reviewer, I want to see all open applications so that I can prioritise them.',
    ]) {
      expect(classifyRequirement(t, 'C').isRequirement, t).toBe(false);
    }
  });

  it('keeps a passive obligation on the government side ("the CO shall be notified")', () => {
    expect(classifyRequirement('The Contracting Officer shall be notified when 75% of the CLIN is reached.', 'C').isRequirement).toBe(true);
  });

  it('guesses the section from wording when no hint is given', () => {
    expect(guessSection('All questions concerning this RFP must be submitted in writing.')).toBe('L');
    expect(guessSection('The Offeror shall submit all CPARS evaluations available for that contract.')).toBe('M');
    expect(guessSection('The contractor shall accept orders placed by authorized GPC users.')).toBe('C');
    expect(classifyRequirement('Pricing shall only go to two decimal places.').section).toBe('L');
  });
});

// Absolute timings belong in bench/ (bench/README.md); here only the growth is checked, so a busy
// machine cannot fail these: ten times the input may take at most ~25 times as long (linear is 10,
// quadratic 100).
function growth(run: (scale: number) => void): number {
  // This process's CPU time, not the wall clock: on a loaded 2-core machine the wall clock counts
  // the time other processes held the core, which failed a linear extractor under load. The fastest
  // of three runs per size: one GC pause would otherwise inflate a single sample.
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const time = (scale: number) =>
    Math.min(
      ...[0, 1, 2].map(() => {
        const started = cpuMs();
        run(scale);
        return cpuMs() - started;
      }),
    );
  time(1);
  const small = Math.max(time(1), 1);
  return time(10) / small;
}

describe('performance', () => {
  it('extracts a long solicitation in time linear in its length', () => {
    const page = `${UCF}\n\n${RFQ}\n`;
    // Each page's sentences name their copy: the same sentence repeated in a section is one requirement.
    const pages = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        page: i + 1,
        text: page.replace(/([a-z)])([.;?])$/gim, `$1 (copy ${i + 1})$2`).replace(/^([A-Z][a-z]+ )/gm, `$1${i + 1} `),
      }));
    expect(extractRequirements(pages(30)).length).toBeGreaterThan(30 * 20);
    expect(growth((scale) => extractRequirements(pages(3 * scale)))).toBeLessThan(25);
  });

  it('does not slow down on one huge unpunctuated paragraph', () => {
    expect(growth((scale) => extractRequirements([{ page: 1, text: 'the contractor shall '.repeat(1_500 * scale) }]))).toBeLessThan(25);
  });
});

describe('a list item keeps its lead-in', () => {
  const doc = `SECTION C - STATEMENT OF WORK
C.1 Deliverables
The contractor shall deliver the following:
a. Monthly status report
b. Quarterly review
The proposal shall include:
PRICING:
- Labor rates
`;
  const leadIns = () => Object.fromEntries(extractRequirements([{ page: 1, text: doc }]).map((r) => [r.text, r.lead_in ?? null]));

  it('on each item, and on nothing else', () => {
    const got = leadIns();
    expect(got['Monthly status report']).toBe('The contractor shall deliver the following:');
    expect(got['Quarterly review']).toBe('The contractor shall deliver the following:');
    expect(got['The contractor shall deliver the following:']).toBeNull();
  });

  it('reads a short sub-title after the lead-in above it, and gives a paragraph lead-in read into the list before none', () => {
    const got = leadIns();
    expect(got['Labor rates']).toBe('The proposal shall include: PRICING:');
    expect(got['The proposal shall include:']).toBeNull();
  });

  it('leaves the item text as printed, so the labels and corrections still match it', () => {
    expect(extractRequirements([{ page: 1, text: doc }]).map((r) => r.text)).toContain('Monthly status report');
  });
});
