import { describe, expect, it } from 'vitest';
import { normalizeRecipientName, resolveParty, typedUei, type PartyFacts } from './pursuit-parties.rules';

const facts = (over: Partial<PartyFacts> = {}): PartyFacts => ({ chosen: new Map(), knownUeis: new Set(), ueisByName: new Map(), ...over });

describe('the party linking rules', () => {
  it('compare names without case, dots, commas or extra spaces', () => {
    expect(normalizeRecipientName('  William Marsh Rice University. ')).toBe('WILLIAM MARSH RICE UNIVERSITY');
    expect(normalizeRecipientName('Smith & Sons,  LLC')).toBe(normalizeRecipientName('SMITH & SONS LLC'));
  });

  it('read a 12-character entry as a UEI and nothing else', () => {
    expect(typedUei(' k51lecu1g8n3 ')).toBe('K51LECU1G8N3');
    expect(typedUei('K51LECU1G8N')).toBeNull();
    expect(typedUei('Rice Univ 12')).toBeNull();
  });

  it('link a name only to exactly one recipient, never to one of several', () => {
    const byName = new Map([
      ['RICE', ['K51LECU1G8N3']],
      ['SMITH', ['AAAAAAAAAAAA', 'BBBBBBBBBBBB']],
    ]);
    expect(resolveParty('competitor', 'Rice.', facts({ ueisByName: byName }))).toMatchObject({
      uei: 'K51LECU1G8N3',
      linked_by: 'unique_name',
    });
    expect(resolveParty('competitor', 'smith', facts({ ueisByName: byName }))).toMatchObject({
      uei: null,
      linked_by: null,
      not_linked_reason: expect.stringMatching(/^2 award recipients/),
    });
  });

  it('prefer a chosen link, then a typed UEI of a known recipient', () => {
    const chosen = new Map([['teaming_partner\u0000Rice', 'CHOSEN000001']]);
    expect(resolveParty('teaming_partner', 'Rice', facts({ chosen, ueisByName: new Map([['RICE', ['OTHER0000001']]]) }))).toMatchObject({
      uei: 'CHOSEN000001',
      linked_by: 'chosen',
    });
    // The same name on the other list was not chosen there.
    expect(resolveParty('competitor', 'Rice', facts({ chosen }))).toMatchObject({ uei: null });
    expect(resolveParty('competitor', 'k51lecu1g8n3', facts({ knownUeis: new Set(['K51LECU1G8N3']) }))).toMatchObject({
      uei: 'K51LECU1G8N3',
      linked_by: 'uei',
    });
    expect(resolveParty('competitor', 'ZZZZZZZZZZZZ', facts())).toMatchObject({ uei: null, not_linked_reason: null });
  });
});
