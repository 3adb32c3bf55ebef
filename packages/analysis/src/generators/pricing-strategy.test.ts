import { describe, expect, it } from 'vitest';
import type { Requirement } from '../types';
import { generateDocument } from './index';
import { NOW, UCF_FACTS } from './test-fixtures';

const r = (requirement_id: string, section: Requirement['section'], text: string): Requirement => ({
  requirement_id,
  section,
  must_or_should: 'must',
  weight: 1,
  text,
  page: 3,
});

describe('pricing strategy (issue 24 item 6)', () => {
  const pricing = (reqs: Requirement[]) =>
    generateDocument({ type: 'pricing', side: 'workspace', opportunity: { ...UCF_FACTS, set_aside: null }, requirements: reqs, now: NOW });

  it('names a price structure only where the solicitation states it, and adds no generic filler', () => {
    const md = pricing([
      r('C-1', 'C', 'To fulfill the objectives for performance of this task order, the Vendor must meet the user needs.'),
      r('C-2', 'C', 'All designs, data and materials developed under this order are the property of the Government.'),
      r('L-1', 'L', 'Proposed labor rates must be fully burdened and include the GSA Contract Access Fee (CAF).'),
    ]);
    expect(md).not.toContain('IDIQ / task orders');
    expect(md).not.toContain('Travel and other direct costs');
    expect(md).toContain('**Labor categories and rates** ([L-1]');
    expect(md).not.toMatch(/expect large and small competitors/);
  });

  it('still finds an IDIQ and travel where the solicitation states them', () => {
    const md = pricing([
      r('L-2', 'L', 'Task orders will be issued under this IDIQ contract with a guaranteed minimum of $10,000.'),
      r('L-3', 'L', 'Travel will be reimbursed at cost in accordance with the FTR.'),
    ]);
    expect(md).toContain('**IDIQ / task orders** ([L-2]');
    expect(md).toContain('**Travel and other direct costs** ([L-3]');
  });
});
