import { UEI_PATTERN, type PartyLink, type PursuitParty, type PursuitPartyKind } from '@biddesk/shared';

/**
 * A name as recipients are compared on it: case, dots, commas and runs of spaces ignored
 * ("Jacobs Technology Inc." = "JACOBS TECHNOLOGY INC"). The SQL in pursuit-parties.repository.ts
 * applies the same steps to names seen.
 */
export function normalizeRecipientName(name: string): string {
  return name.toUpperCase().replace(/[.,]/g, '').replace(/\s+/g, ' ').trim();
}

/** The UEI a typed entry is, when it is shaped like one (SAM's 12 letters and digits). */
export function typedUei(name: string): string | null {
  const s = name.trim().toUpperCase();
  return UEI_PATTERN.test(s) ? s : null;
}

export interface PartyFacts {
  /** Links chosen from partner search, by kind and name. */
  chosen: Map<string, string>;
  /** UEIs of recipients that exist, among the typed entries shaped like UEIs. */
  knownUeis: Set<string>;
  /** Recipients seen under each normalised typed name. */
  ueisByName: Map<string, string[]>;
}

export const chosenKey = (kind: PursuitPartyKind, name: string) => `${kind}\u0000${name}`;

/**
 * Links one name on a pursuit to a recipient by the awards README's rules: a recipient chosen from
 * partner search; a typed UEI of a known recipient; or a typed name that exactly one recipient was
 * seen under. A name several recipients share is not linked, and says so: a name is never enough
 * to choose between vendors.
 */
export function resolveParty(kind: PursuitPartyKind, name: string, facts: PartyFacts): PursuitParty {
  const chosen = facts.chosen.get(chosenKey(kind, name));
  if (chosen) return linked(kind, name, chosen, 'chosen');
  const uei = typedUei(name);
  if (uei && facts.knownUeis.has(uei)) return linked(kind, name, uei, 'uei');
  const byName = facts.ueisByName.get(normalizeRecipientName(name)) ?? [];
  if (byName.length === 1) return linked(kind, name, byName[0]!, 'unique_name');
  const reason =
    byName.length > 1
      ? `${byName.length} award recipients were seen under this name, so it is not linked: add the right one from partner search.`
      : null;
  return { kind, name, uei: null, linked_by: null, not_linked_reason: reason };
}

function linked(kind: PursuitPartyKind, name: string, uei: string, by: PartyLink): PursuitParty {
  return { kind, name, uei, linked_by: by, not_linked_reason: null };
}
