import { describe, expect, it } from 'vitest';
import { generateDocument, GENERATED_DOCUMENT_TYPES, type GenerateInput } from './index';
import { citedIds, GSA_FACTS, gsaRequirements, NOW, UCF_FACTS, ucfRequirements } from './test-fixtures';

const inputs = [
  ['UCF solicitation', UCF_FACTS, ucfRequirements()],
  ['GSA 14(c) RFQ', GSA_FACTS, gsaRequirements()],
] as const;

const sides = (type: GenerateInput['type']) =>
  type === 'compliance' ? (['opportunity', 'workspace'] as const) : (['opportunity'] as const);

describe('generateDocument', () => {
  for (const [name, facts, reqs] of inputs) {
    for (const type of GENERATED_DOCUMENT_TYPES) {
      for (const side of sides(type)) {
        it(`${type} (${side}) renders for the ${name} and cites only existing ids`, () => {
          const md = generateDocument({ type, side, opportunity: facts, requirements: reqs, now: NOW });
          expect(md.startsWith('# ')).toBe(true);
          expect(md).toContain(facts.title);
          expect(md).not.toMatch(/lorem|ipsum|TODO|\[object Object\]/i);
          expect(md).not.toMatch(/\bundefined\b|\bnull\b|NaN/);
          const ids = new Set(reqs.map((r) => r.requirement_id));
          const cited = citedIds(md);
          expect(cited.length).toBeGreaterThan(0);
          for (const id of cited) expect(ids.has(id), `${id} cited by ${type}`).toBe(true);
        });
      }
    }
  }

  it('renders every type with no requirements and no description', () => {
    for (const type of GENERATED_DOCUMENT_TYPES) {
      for (const side of sides(type)) {
        const md = generateDocument({
          type,
          side,
          opportunity: { ...UCF_FACTS, description: null, contacts: [] },
          requirements: [],
          now: NOW,
        });
        expect(md.length).toBeGreaterThan(100);
        expect(citedIds(md)).toEqual([]);
        expect(md).not.toMatch(/undefined|\bnull\b|NaN/);
      }
    }
  });

  it('is deterministic for the same input and does not mutate it', () => {
    const reqs = gsaRequirements();
    const before = JSON.stringify(reqs);
    for (const type of GENERATED_DOCUMENT_TYPES) {
      const a = generateDocument({ type, opportunity: GSA_FACTS, requirements: reqs, now: NOW, tone: 'detailed' });
      const b = generateDocument({ type, opportunity: GSA_FACTS, requirements: gsaRequirements(), now: new Date(NOW), tone: 'detailed' });
      expect(a).toBe(b);
    }
    expect(JSON.stringify(reqs)).toBe(before);
  });

  it('changes phrasing with tone but keeps the facts', () => {
    const reqs = ucfRequirements();
    for (const type of GENERATED_DOCUMENT_TYPES) {
      const base = { type, opportunity: UCF_FACTS, requirements: reqs, now: NOW } as const;
      const professional = generateDocument({ ...base, tone: 'professional' });
      const formal = generateDocument({ ...base, tone: 'formal' });
      const detailed = generateDocument({ ...base, tone: 'detailed' });
      expect(formal).not.toBe(professional);
      expect(detailed.length).toBeGreaterThan(professional.length);
      expect(citedIds(formal).sort()).toEqual(citedIds(professional).sort());
      expect(citedIds(detailed).sort()).toEqual(citedIds(professional).sort());
    }
  });

  it('defaults to the matrix on the opportunity side and the checklist in the workspace', () => {
    const reqs = ucfRequirements();
    expect(generateDocument({ type: 'compliance', opportunity: UCF_FACTS, requirements: reqs, now: NOW })).toContain('# Compliance Matrix');
    const checklist = generateDocument({ type: 'compliance', side: 'workspace', opportunity: UCF_FACTS, requirements: reqs, now: NOW });
    expect(checklist).toContain('# Compliance Checklist');
    for (const r of reqs) expect(checklist).toContain(`- [ ] [${r.requirement_id}]`);
    // Grouped by section: every L item comes before the first M item.
    expect(checklist.lastIndexOf('[L-')).toBeLessThan(checklist.indexOf('[M-'));
  });

  it('requirements analysis counts by section and lists musts before shoulds', () => {
    const reqs = ucfRequirements();
    const md = generateDocument({ type: 'requirements', side: 'workspace', opportunity: UCF_FACTS, requirements: reqs, now: NOW });
    const c = reqs.filter((r) => r.section === 'C');
    const cMust = c.filter((r) => r.must_or_should === 'must').length;
    expect(md).toContain(`| Section C: Statement of Work | ${cMust} | ${c.length - cMust} | ${c.length} |`);
    const section = md.slice(md.indexOf('## Section C'));
    expect(section.indexOf('**Must**')).toBeLessThan(section.indexOf('**Should**'));
    expect(md).toContain('## Top Themes');
    expect(md).toMatch(/\*\*past performance\*\* \(2\)/);
  });

  it('pricing strategy reports contract cues, set-aside notes and price instructions', () => {
    const md = generateDocument({ type: 'pricing', side: 'workspace', opportunity: GSA_FACTS, requirements: gsaRequirements(), now: NOW });
    expect(md).toMatch(/\*\*Labor categories and rates\*\* \(\[L-016\], \[L-017\]\)/);
    expect(md).toMatch(/\*\*Access fee\*\*/);
    expect(md).toContain('Non-price factors outweigh price');
    expect(md).toContain('[L-014]');
    const ucf = generateDocument({ type: 'pricing', side: 'workspace', opportunity: UCF_FACTS, requirements: ucfRequirements(), now: NOW });
    expect(ucf).toContain('FAR 52.219-14');
    expect(ucf).toMatch(/Base and option periods\*\* \(the notice description\)/);
  });
});
