import { describe, expect, it } from 'vitest';
import { extractRequirements } from '../requirements';

// Whole passages, in general words, for the failure classes whose rule needs the document around a
// unit (lists, tables, names the document defines). None is taken from a labelled file.
const extract = (text: string) => extractRequirements([{ page: 1, text }]);
const texts = (text: string) => extract(text).map((r) => r.text);

describe('failure classes seen in context', () => {
  it('LIST-CHOICE: a "choose at least N of the following" list keeps only the lead-in', () => {
    const doc = `SECTION L - INSTRUCTIONS TO OFFERORS
L.3 The technical volume must describe experience in at least three of the following areas:
- Records management
- Help desk support
- Data migration
- Training`;
    expect(texts(doc)).toEqual(['The technical volume must describe experience in at least three of the following areas:']);
  });

  it('LIST-CHOICE: a question that announces the options is a lead-in in the evaluation part', () => {
    const doc = `SECTION M - EVALUATION FACTORS FOR AWARD
In evaluating staffing, the Government will consider:
- Does the plan cover every labor category?
- Does the team have experience in at least four of the following areas?
- Cloud hosting
- Accessibility testing`;
    expect(texts(doc)).not.toContain('Cloud hosting');
    expect(texts(doc)).toContain('Does the plan cover every labor category?');
  });

  it('ADDRESS-LIST: silences only the address lines under a deliver-to lead-in', () => {
    const doc = `SECTION L - INSTRUCTIONS TO OFFERORS
L.5 Hand-carried proposals shall be delivered to:
Regional Contracting Office
Attn: Contract Specialist, Suite 300
4200 Commerce Drive, Springfield, IL 62701
The package shall be marked with the solicitation number.`;
    const got = texts(doc);
    expect(got).toContain('Hand-carried proposals shall be delivered to:');
    expect(got).toContain('The package shall be marked with the solicitation number.');
    expect(got.some((t) => /Suite 300|Commerce Drive|Regional Contracting/.test(t))).toBe(false);
  });

  it('ADDRESS-LIST: address-like items under any other lead-in are not silenced', () => {
    const doc = `SECTION C - STATEMENT OF WORK
C.2 The contractor shall provide janitorial services at the following sites:
- Building 12, 100 Main Street, Suite 200
- Building 14, 300 Lake Drive`;
    expect(texts(doc)).toHaveLength(3);
  });

  it('TABLE-ROWS: a record-per-deliverable table yields its standards, not its names, methods or dates', () => {
    const doc = `SECTION C - PERFORMANCE WORK STATEMENT
C.9 Surveillance
Deliverable 1 | Monthly status report
Performance Standard | Report covers all open tickets
Acceptable Quality Level | No more than one omission a quarter
Method of Assessment | Review by the inspector
Due Date | Fifth workday of each month

Deliverable 2 | Training plan
Performance Standard | Plan approved before the first session
Acceptable Quality Level | 100%
Method of Assessment | Review by the inspector
Due Date | 30 days after award`;
    const got = texts(doc);
    expect(got.filter((t) => t.startsWith('Performance Standard'))).toHaveLength(2);
    expect(got.filter((t) => t.startsWith('Acceptable Quality Level'))).toHaveLength(2);
    expect(got.some((t) => /^(Deliverable \d|Method of Assessment|Due Date)/.test(t))).toBe(false);
  });

  it('CUE-BUYER-NAME: the name and acronym a document defines for its buyer are the buyer', () => {
    const doc = `SECTION C - STATEMENT OF WORK
The Office of Regional Services (ORS) manages the program.
ORS will provide the contractor with building access.
ORS expects that the contractor will hold a weekly status meeting.
The Office of Regional Services will review each deliverable within ten days.`;
    expect(texts(doc)).toEqual(['ORS expects that the contractor will hold a weekly status meeting.']);
  });

  it('CUE-ROLE: a key-personnel role the document names acts for the contractor', () => {
    const doc = `SECTION C - STATEMENT OF WORK
C.6 Key Personnel
The contractor shall fill these roles: Engagement Lead and Records Steward.
The Records Steward will maintain the retention schedule.`;
    expect(texts(doc)).toContain('The Records Steward will maintain the retention schedule.');
  });

  it('LIST-TITLES: a bare "<thing> must:" lead-in is no row; its items are', () => {
    const doc = `SECTION C - STATEMENT OF WORK
C.3 The portal must:
- Encrypt stored records
- Log every sign-in`;
    expect(texts(doc)).toEqual(['Encrypt stored records', 'Log every sign-in']);
    expect(extract(doc).every((r) => r.must_or_should === 'must')).toBe(true);
  });

  it('LIST-SOFT-LEAD: a "may include:" lead-in in the instructions makes should-requirements', () => {
    const doc = `SECTION L - INSTRUCTIONS TO OFFERORS
L.7 Using titled subparagraphs, the management plan may include:
1. Risk management approach.
2. Staffing of surge periods.`;
    const reqs = extract(doc);
    expect(reqs.map((r) => r.text)).toEqual([
      'Using titled subparagraphs, the management plan may include:',
      'Risk management approach.',
      'Staffing of surge periods.',
    ]);
    expect(reqs.every((r) => r.must_or_should === 'should')).toBe(true);
  });

  it('MOD-ITEM: a softener after the lead-in ("if applicable:") makes its items advice', () => {
    const doc = `SECTION L - INSTRUCTIONS TO OFFERORS
Include the following, if applicable:
- Teaming agreements
- Letters of commitment`;
    const reqs = extract(doc);
    expect(reqs.map((r) => [r.text, r.must_or_should])).toEqual([
      ['Include the following, if applicable:', 'should'],
      ['Teaming agreements', 'should'],
      ['Letters of commitment', 'should'],
    ]);
  });

  it('LIST-TITLES: form-field names listed under a lead-in are blanks, not duties', () => {
    const doc = `SECTION L - INSTRUCTIONS TO OFFERORS
L.9 The cover page shall show:
- Company name
- Telephone number:
- The solicitation number`;
    expect(texts(doc)).toEqual(['The cover page shall show:', 'The solicitation number']);
  });
});
