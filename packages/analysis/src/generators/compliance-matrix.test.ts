import { describe, expect, it } from 'vitest';
import type { Requirement } from '../types';
import { generateDocument } from './index';
import { GSA_FACTS, gsaRequirements, NOW, UCF_FACTS, ucfRequirements } from './test-fixtures';

function rows(md: string): string[] {
  const start = md.indexOf('## Matrix');
  return md
    .slice(start)
    .split('\n')
    .filter((l) => /^\| [LMCO]-[0-9a-z.()-]+ \|/.test(l));
}

/** Split a markdown row on unescaped pipes. */
function cells(row: string): string[] {
  return row
    .slice(2, -2)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

describe('compliance matrix', () => {
  it('has one row per requirement with six cells and status Not started', () => {
    for (const reqs of [ucfRequirements(), gsaRequirements()]) {
      const md = generateDocument({ type: 'compliance', opportunity: GSA_FACTS, requirements: reqs, now: NOW });
      const r = rows(md);
      expect(r).toHaveLength(reqs.length);
      expect(new Set(r.map((x) => cells(x)[0]))).toEqual(new Set(reqs.map((x) => x.requirement_id)));
      for (const row of r) {
        const c = cells(row);
        expect(c).toHaveLength(6);
        expect(['Must', 'Should']).toContain(c[3]);
        expect(c[4]).not.toBe('N/A');
        expect(c[5]).toBe('Not started');
      }
      expect(md).toContain('| ID | Section | Requirement | Must/Should | Proposal Volume/Section | Status |');
    }
  });

  it('escapes pipes and newlines in requirement text', () => {
    const reqs: Requirement[] = [
      { requirement_id: 'L-001', section: 'L', must_or_should: 'must', weight: 1, text: 'Deliverable | Due\nReport | 30 days', page: 4 },
    ];
    const md = generateDocument({ type: 'compliance', opportunity: UCF_FACTS, requirements: reqs, now: NOW });
    const [row] = rows(md);
    expect(row).toContain('Deliverable \\| Due Report \\| 30 days');
    expect(cells(row)).toHaveLength(6);
  });

  it('maps rows to volumes: L by the volume they name, C to technical, M to the answering volume', () => {
    const md = generateDocument({ type: 'compliance', opportunity: UCF_FACTS, requirements: ucfRequirements(), now: NOW });
    const byId = new Map(rows(md).map((r) => [cells(r)[0], cells(r)[4]]));
    expect(byId.get('L-2(2)')).toMatch(/^Volume II: Past Performance/);
    expect(byId.get('L-2(3)')).toMatch(/^Volume III: Price/);
    expect(byId.get('L-2(1)')).toBe('Volume I: Technical (volume-wide rule)');
    expect(byId.get('C-1.1')).toMatch(/^Volume I: Technical/);
    expect(byId.get('M-1-e4fb02')).toMatch(/^Volume II: Past Performance/);
    expect(byId.get('M-1-ee99a8')).toMatch(/^Volume III: Price/);
    expect(byId.get('M-1-161072')).toMatch(/^Volume I: Technical \/ \d\.\d Technical Approach/);
    expect(md).toMatch(/\| Section L: Instructions to Offerors \| 5 \| 0 \| 5 \|/);
  });

  it('explains how to get requirements when there are none', () => {
    const md = generateDocument({ type: 'compliance', opportunity: UCF_FACTS, requirements: [], now: NOW });
    expect(md).toContain('No requirements extracted yet');
    expect(md).toMatch(/upload the PDF/i);
    expect(md).not.toContain('| ID |');
  });
});
