import { describe, expect, it } from 'vitest';
import type { Requirement } from '../types';
import { generateDocument } from './index';
import { pageLimitOf, responseOutline } from './outline';
import { proposalStructure } from './structure';
import { GSA_FACTS, gsaRequirements, NOW, UCF_FACTS, ucfRequirements } from './test-fixtures';

const template = (reqs: Requirement[]) => generateDocument({ type: 'rfp', opportunity: UCF_FACTS, requirements: reqs, now: NOW });

function crossReference(md: string): Map<string, string> {
  const part = md.slice(md.indexOf('## Evaluation Cross-Reference'));
  return new Map(
    part
      .split('\n')
      .filter((l) => /^\| M-[0-9a-z.()-]+ \|/.test(l))
      .map((l) => {
        const cells = l
          .slice(2, -2)
          .split(/(?<!\\)\|/)
          .map((c) => c.trim());
        return [cells[0], cells[2]];
      }),
  );
}

describe('response template', () => {
  it('follows the volumes Section L names, in order', () => {
    const md = template(ucfRequirements());
    const volumes = [...md.matchAll(/^## (Volume .+)$/gm)].map((m) => m[1]);
    expect(volumes).toEqual(['Volume I: Technical', 'Volume II: Past Performance', 'Volume III: Price']);
    expect(md).toContain('- [L-2(1)] Volume I, Technical, is limited to 25 pages.');
    expect(md.indexOf('[L-2(2)] Volume II')).toBeGreaterThan(md.indexOf('## Volume II'));
  });

  it('maps every Section M requirement to a volume heading that exists', () => {
    for (const reqs of [ucfRequirements(), gsaRequirements()]) {
      const md = template(reqs);
      const xref = crossReference(md);
      const m = reqs.filter((r) => r.section === 'M');
      expect(xref.size).toBe(m.length);
      for (const r of m) {
        const place = xref.get(r.requirement_id)!;
        expect(place).toMatch(/Volume/);
        const heading = / \/ (\d+\.\d+ .+)$/.exec(place)![1];
        expect(md).toContain(`### ${heading}`);
      }
    }
  });

  it('places named factors in the volume that answers them', () => {
    const xref = crossReference(template(ucfRequirements()));
    expect(xref.get('M-1-0140b6')).toBe('Volume I: Technical / 1.2 Technical Approach');
    expect(xref.get('M-1-e4fb02')).toBe('Volume II: Past Performance / 2.1 Past Performance');
    expect(xref.get('M-1-ee99a8')).toBe('Volume III: Price / 3.1 Price');
    expect(xref.get('M-1')).toBe('Volume I: Technical / 1.1 Executive Summary and Understanding');
  });

  it('falls back to the standard volumes when Section L names none', () => {
    const reqs: Requirement[] = [
      {
        requirement_id: 'L-001',
        section: 'L',
        must_or_should: 'must',
        weight: 1,
        text: 'Offerors shall describe their staffing plan and key personnel.',
        page: 1,
      },
      {
        requirement_id: 'L-002',
        section: 'L',
        must_or_should: 'must',
        weight: 1,
        text: 'Offerors shall provide three references for similar contracts.',
        page: 1,
      },
      {
        requirement_id: 'M-001',
        section: 'M',
        must_or_should: 'must',
        weight: 2,
        text: 'Past performance will be evaluated for relevance and recency.',
        page: 2,
      },
    ];
    const s = proposalStructure(reqs);
    expect(s.fallback).toBe(true);
    const md = template(reqs);
    expect(md).toContain('## Volume I: Technical');
    expect(md).toContain('## Volume II: Past Performance');
    expect(md).toContain('## Volume III: Price');
    expect(md).toContain('### 1.1 Key Personnel and Staffing');
    expect(crossReference(md).get('M-001')).toBe('Volume II: Past Performance / 2.1 Past Performance');
  });

  it('uses quote-style named volumes from an RFQ', () => {
    const md = generateDocument({ type: 'rfp', opportunity: GSA_FACTS, requirements: gsaRequirements(), now: NOW });
    expect(md).toContain('## Technical Volume');
    expect(md).toContain('## Price Volume');
    expect(md).toContain('## Oral Presentation Volume');
    const price = md.slice(md.indexOf('## Price Volume'), md.indexOf('## Oral Presentation Volume'));
    expect(price).toContain('[L-014]');
    expect(price).toContain('[L-017]');
  });
});

describe('annotated outline', () => {
  it('lists per volume each section with what it answers, its M factor, a page budget and owner/due columns', () => {
    const md = template(ucfRequirements());
    const technical = md.slice(md.indexOf('## Volume I: Technical'), md.indexOf('## Volume II'));
    expect(technical).toContain('| Section | Answers | Evaluated under | Page budget | Owner | Due |');
    expect(technical).toContain('Page limit: 25 pages (L-2(1)).');
    // The 25 pages are shared out over the volume's headings, citing the limit.
    const rows = technical.split('\n').filter((l) => l.startsWith('| 1.'));
    const budgets = rows.flatMap((l) => [...(/≈ ([\d.]+) pages? \(share of L-2\(1\)'s 25\)/.exec(l) ?? [])].slice(1)).map(Number);
    expect(rows.every((l) => l.endsWith('| (assign) | (date) |'))).toBe(true);
    expect(budgets.length).toBeGreaterThan(0);
    expect(budgets.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(26);
    const approach = responseOutline(ucfRequirements()).volumes[0].sections.find((s) => s.title === 'Technical Approach')!;
    expect(approach.factors.map((r) => r.requirement_id)).toContain('M-1-0140b6');
  });

  it("takes a heading's own stated limit over a share of the volume", () => {
    expect(pageLimitOf('The staffing plan shall not exceed three pages.')).toBe(3);
    expect(pageLimitOf('Resumes are limited to 2 pages each.')).toBe(2);
    expect(pageLimitOf('Describe the staffing plan.')).toBeNull();
  });
});
