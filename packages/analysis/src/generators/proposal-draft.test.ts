import { describe, expect, it } from 'vitest';
import { generateDocument } from './index';
import { commitment } from './proposal-draft';
import { gsaRequirements, NOW, UCF_FACTS, ucfRequirements } from './test-fixtures';

describe('commitment', () => {
  it.each([
    [
      'The Contractor shall submit a Quality Control Plan within 15 days after award.',
      '[Company] will submit a Quality Control Plan within 15 days after award.',
    ],
    ['C.2.1 The Contractor shall not use Government equipment', '[Company] will not use Government equipment.'],
    [
      'Offerors are required to submit a Potential Organizational Conflict of Interest Statement.',
      '[Company] will submit a Potential Organizational Conflict of Interest Statement.',
    ],
    ['Submit resumes for all key personnel.', '[Company] will submit resumes for all key personnel.'],
    ['Task 1 - Enhance the existing frontend', '[Company] will enhance the existing frontend.'],
    [
      'Two weeks prior to conclusion, provide a transition plan.',
      'Two weeks prior to conclusion, [Company] will provide a transition plan.',
    ],
    ['Proposals shall be submitted via PIEE.', '[Company] will ensure that proposals will be submitted via PIEE.'],
    [
      'To satisfy the needs of DOL, the following deliverables must be provided.',
      'To satisfy the needs of DOL, [Company] will ensure that the following deliverables will be provided.',
    ],
    [
      'The Contractor may set its own hours except that the Contractor shall be available between 10 and 6.',
      'The Contractor may set its own hours except that [Company] will be available between 10 and 6.',
    ],
    [
      'This application must be centered on its end users, including:',
      '[Company] will ensure that this application will be centered on its end users.',
    ],
  ])('%s', (input, expected) => {
    expect(commitment(input)).toBe(expected);
  });
});

describe('proposal draft', () => {
  it('writes starter commitments under the response headings, citing each requirement', () => {
    const md = generateDocument({ type: 'proposal', side: 'workspace', opportunity: UCF_FACTS, requirements: ucfRequirements(), now: NOW });
    expect(md).toContain('## Volume I: Technical');
    expect(md).toContain('[Company] will submit a Quality Control Plan within 15 days after award. [C-1.2]');
    expect(md).toContain('**Scored against:** [M-1-0140b6]');
    // Writer notes only where they say something of their own: never the same line twice.
    const notes = md.split('\n').filter((l) => l.includes('**Writer:**'));
    expect(notes.length).toBeGreaterThan(0);
    expect(new Set(notes).size).toBe(notes.length);
    expect(md).toContain('“The Navy requires custodial services');
  });

  it('has no filler: no "will meet this requirement" restatements, no bare list of ids', () => {
    for (const reqs of [ucfRequirements(), gsaRequirements()]) {
      const md = generateDocument({ type: 'proposal', side: 'workspace', opportunity: UCF_FACTS, requirements: reqs, now: NOW });
      expect(md).not.toContain('will meet this requirement');
      expect(md).not.toMatch(/Also commit to: (\[[^\]]+\], ){8,}/);
      // No courtesy opener and no "This section shows how …" lines (issue 24 item 6).
      expect(md).not.toMatch(/is pleased to submit|respectfully submits|This section (?:shows|summarizes|sets forth)/);
      const notes = md.split('\n').filter((l) => l.includes('**Writer:**'));
      expect(new Set(notes).size).toBe(notes.length);
    }
  });
});
