import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { classifyRequirement, extractRequirements } from '../requirements';
import { MODAL_FINDINGS } from './modal';
import { RULES } from './registry';

// Every requirement says why it is one: the deciding rule first, then the rules behind it, each a
// rule of the registry or a named finding of the modal analysis; the cue; where its section came from.
const KNOWN = new Set([...RULES.map((r) => r.id), ...Object.keys(MODAL_FINDINGS)]);

const DOC = `SECTION L - INSTRUCTIONS TO OFFERORS
L.1 Offerors shall provide the following:
a. A signed cover letter
b. Three past performance references
L.2 FORMAT
Submit one electronic copy.

SECTION M - EVALUATION FACTORS FOR AWARD
M.1 Technical approach will be evaluated for feasibility.`;

describe('requirement basis', () => {
  const reqs = extractRequirements([{ page: 4, text: DOC }]);

  it('names only known rules, the deciding rule first', () => {
    expect(reqs.length).toBe(5);
    for (const r of reqs) {
      expect(r.basis?.rules.length, r.text).toBeGreaterThan(0);
      for (const id of r.basis!.rules) expect(KNOWN.has(id), `${id} (${r.text})`).toBe(true);
      expect(
        RULES.some((rule) => rule.id === r.basis!.rules[0]),
        r.text,
      ).toBe(true);
    }
  });

  it('shows the modal, the inheritance from a lead-in, the imperative and the criterion', () => {
    const by = (start: string) => reqs.find((r) => r.text.startsWith(start))!.basis!;
    expect(by('Offerors shall provide')).toEqual({
      rules: ['modal.binding', 'modal.shall'],
      cue: 'shall',
      section: "UCF part heading 'SECTION L INSTRUCTIONS TO OFFERORS', p. 4",
    });
    expect(by('A signed cover letter')).toMatchObject({
      rules: ['list.inherit-lead-in', 'modal.binding', 'modal.shall'],
      cue: 'list-item',
    });
    expect(by('Submit one')).toMatchObject({ rules: ['imperative.verb'], cue: 'imperative' });
    expect(by('Technical approach')).toMatchObject({ rules: ['evaluation.criterion'], cue: 'criterion' });
  });

  it('says where the section came from', () => {
    expect(reqs.find((r) => r.text.startsWith('Technical approach'))!.basis!.section).toBe(
      "UCF part heading 'SECTION M EVALUATION FACTORS FOR AWARD', p. 4",
    );
    expect(reqs.find((r) => r.text.startsWith('Submit'))!.basis!.section).toBe(
      "UCF part heading 'SECTION L INSTRUCTIONS TO OFFERORS', p. 4",
    );
    expect(extractRequirements([{ page: 1, text: 'The Contractor shall mow the lawn weekly.' }])[0].basis!.section).toBe(
      'no heading before it',
    );
  });

  it('is given for a sentence classified alone', () => {
    expect(classifyRequirement('Quotes received late will not be considered.', 'L')).toMatchObject({
      rules: ['cue.consequence'],
      cue: 'consequence',
    });
    expect(classifyRequirement('The Government will provide badges.', 'C')).toMatchObject({
      isRequirement: false,
      rules: ['modal.buyer-acts'],
    });
  });
});

// The labelled solicitations beside the repository (../shared/data/rfp, as dev-set.test.ts reads them):
// on real documents too, every basis names only known rules and a section source.
const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = process.env.RFP_DATA_DIR ?? path.resolve(here, '../../../../../shared/data/rfp');

describe('requirement basis on the labelled solicitations', () => {
  it.each(['dod-disa-chargecard-rfp', 'gsa-dol-14c-rfq', 'gsa-tdrs-rfq', 'hhs-fda-milkdrug-rfp', 'loc-fedlink-language-rfp'])(
    '%s',
    (base) => {
      const reqs = extractRequirements([{ page: 1, text: readFileSync(path.join(dataDir, `${base}.txt`), 'utf8') }]);
      expect(reqs.length).toBeGreaterThan(100);
      for (const r of reqs) {
        expect(
          RULES.some((rule) => rule.id === r.basis?.rules[0]),
          r.text,
        ).toBe(true);
        for (const id of r.basis!.rules) expect(KNOWN.has(id), `${id} (${r.text})`).toBe(true);
        // section-tracker.ts describeSectionSource: a heading (as printed, with its page and how it
        // decided), or no heading at all.
        expect(r.basis!.section).toMatch(/^((UCF part heading|UCF paragraph number|heading|attachment heading) '.+'|no heading before it)/);
      }
    },
  );
});
