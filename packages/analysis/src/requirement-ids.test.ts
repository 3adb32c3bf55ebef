import { describe, expect, it } from 'vitest';
import { RequirementIds, contentHash } from './requirement-ids';
import { extractRequirements } from './requirements';

const SOLICITATION = `SECTION L - INSTRUCTIONS, CONDITIONS AND NOTICES TO OFFERORS
L.3 PROPOSAL CONTENT
L.3.1 Technical Volume. The offeror shall describe its management approach. The offeror shall identify a
single point of contact.
L.3.2 Staffing. The offeror shall provide the following:
(a) A staffing plan for the base period;
(b) Resumes of key personnel.
The staffing plan shall not exceed five pages.
SECTION M - EVALUATION FACTORS FOR AWARD
Proposals will be evaluated on technical merit and price.
Offerors must demonstrate relevant experience.`;

const ids = (text: string) => extractRequirements([{ page: 1, text }]).map((r) => [r.requirement_id, r.text]);

describe('requirement ids', () => {
  it('come from the paragraph numbers, list letters and sentence order within a paragraph', () => {
    expect(ids(SOLICITATION).map(([id]) => id)).toEqual([
      'L-3.1',
      'L-3.1-2',
      'L-3.2',
      'L-3.2.a',
      'L-3.2.b',
      `L-3.2-${contentHash('The staffing plan shall not exceed five pages.')}`,
      `M-${contentHash('Proposals will be evaluated on technical merit and price.')}`,
      `M-${contentHash('Offerors must demonstrate relevant experience.')}`,
    ]);
  });

  it('are the same when the same file is read again', () => {
    expect(ids(SOLICITATION)).toEqual(ids(SOLICITATION));
  });

  it('do not move when a paragraph is inserted elsewhere', () => {
    const amended = SOLICITATION.replace(
      'L.3.2 Staffing.',
      'L.3.1.1 Transition. The offeror shall describe its transition approach.\nL.3.2 Staffing.',
    ).replace('Offerors must demonstrate', 'Offerors shall submit a small business plan.\nOfferors must demonstrate');
    const before = new Map(ids(SOLICITATION).map(([id, text]) => [text, id]));
    const after = new Map(ids(amended).map(([id, text]) => [text, id]));
    for (const [text, id] of before) expect(after.get(text), text).toBe(id);
    expect(after.get('The offeror shall describe its transition approach.')).toBe('L-3.1.1');
  });

  it('hash text the same whatever its line breaks, case and hyphenation', () => {
    expect(contentHash('Offerors must demonstrate relevant experience.')).toBe(
      contentHash('offerors must demon-\nstrate relevant  experience'),
    );
    expect(contentHash('Offerors must demonstrate relevant experience.')).not.toBe(
      contentHash('Offerors must demonstrate recent experience.'),
    );
    expect(contentHash('x')).toMatch(/^[0-9a-f]{6}$/);
  });

  it('tell a repeated sentence apart without a document-wide counter', () => {
    // extractRequirements now merges a sentence repeated within a section (requirement-repeats.ts),
    // so the id generator is asked directly, as it is for each unit.
    const gen = new RequirementIds();
    gen.heading({ number: 'SECTION C', title: 'STATEMENT OF WORK', named: 'C', kind: 'ucf' });
    const unit = (block: number) => ({ text: 'The Contractor shall attend meetings.', block });
    const got = [gen.next('C', unit(0)), gen.next('C', unit(1))];
    const h = contentHash('The Contractor shall attend meetings.');
    expect(got).toEqual([`C-${h}`, `C-${h}-2`]);
    const text = `SECTION C - STATEMENT OF WORK\nThe Contractor shall attend meetings.\n\nThe Contractor shall attend meetings.`;
    expect(ids(text).map(([id]) => id)).toEqual([`C-${h}`]);
  });
});
