import { TASK_TITLE_MAX } from '@biddesk/shared';
import { describe, expect, it } from 'vitest';
import type { StoredRequirement } from '../../db/schema/index';
import { perRequirement, perSection } from './rfp-groups';
import { leadInPhrase } from './rfp-task-title';

const req = (id: string, text: string, leadIn?: string): StoredRequirement => ({
  requirement_id: id,
  section: 'C',
  must_or_should: 'must',
  weight: 1,
  text,
  page: 4,
  ...(leadIn ? { lead_in: leadIn } : {}),
});

describe('leadInPhrase', () => {
  it('drops what announces the items and keeps who does what', () => {
    expect(leadInPhrase('The contractor shall deliver the following:')).toBe('The contractor shall deliver');
    expect(leadInPhrase('The Government will provide:')).toBe('The Government will provide');
    expect(leadInPhrase('All invoices must include the following information:')).toBe('All invoices must include');
    expect(leadInPhrase('The offeror shall indicate which option applies by checking one of the following boxes:')).toBe(
      'The offeror shall indicate which option applies by checking',
    );
    expect(leadInPhrase('Paragraph (b) is hereby revised as follows:')).toBe('Paragraph (b) is hereby revised');
  });

  it('drops a leading phrase before the clause with the modal, and a minimum hedge', () => {
    expect(leadInPhrase('In addition to the above information, the invoice shall include the following minimum task identification:')).toBe(
      'The invoice shall include',
    );
    expect(leadInPhrase('Upon award, the contractor shall provide, at a minimum:')).toBe('The contractor shall provide');
    // No subject after the comma: the whole lead-in stays.
    expect(leadInPhrase('If so, shall include:')).toBe('If so, shall include');
  });

  it('keeps a lead-in that is only an announcement or a title, without its closing colon', () => {
    expect(leadInPhrase('The following items:')).toBe('The following items');
    expect(leadInPhrase('The proposal shall include: PRICING:')).toBe('The proposal shall include: PRICING');
    expect(leadInPhrase('The Contractor shall--')).toBe('The Contractor shall');
  });
});

describe('task titles from list items', () => {
  it('reads an item after its shortened lead-in, and a sentence alone', () => {
    const [item, government, sentence] = perRequirement([
      req('C-4', 'Monthly status report', 'The contractor shall deliver the following:'),
      req('C-9', 'Monthly status report', 'The Government will provide the following:'),
      req('C-1', 'The contractor shall deliver a transition plan.'),
    ]);
    expect(item).toEqual({
      title: 'C-4: The contractor shall deliver: Monthly status report',
      description: 'The contractor shall deliver the following: Monthly status report (page 4)',
      requirementIds: ['C-4'],
    });
    expect(government!.title).toBe('C-9: The Government will provide: Monthly status report');
    expect(sentence).toEqual({
      title: 'C-1: The contractor shall deliver a transition plan.',
      description: 'The contractor shall deliver a transition plan. (page 4)',
      requirementIds: ['C-1'],
    });
  });

  it('cuts a long lead-in and a long item at a word, within the task title limit', () => {
    const leadIn = `The offeror shall describe its ${'very '.repeat(40)}detailed approach to the following:`;
    const [task] = perRequirement([req('C-12', `An item that goes on ${'and on '.repeat(60)}to the end`, leadIn)]);
    expect(task!.title.length).toBeLessThanOrEqual(TASK_TITLE_MAX);
    expect(task!.title).toMatch(/^C-12: The offeror shall describe its (?:very )+very…: An item that goes on (?:and on )+and…$/);
    expect(task!.requirementIds).toEqual(['C-12']);
  });

  it('lists each item of a section task under its shortened lead-in', () => {
    const [task] = perSection(
      [
        req('C-4', 'Monthly status report', 'The contractor shall deliver the following:'),
        req('C-5', 'The contractor shall attend meetings.'),
      ],
      [req('C-4', 'x'), req('C-5', 'y')],
    );
    expect(task!.description).toBe(
      'C-4: The contractor shall deliver: Monthly status report (page 4) C-5: The contractor shall attend meetings. (page 4)',
    );
    expect(task!.requirementIds).toEqual(['C-4', 'C-5']);
  });
});
