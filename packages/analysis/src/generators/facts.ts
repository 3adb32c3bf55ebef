/** Readings of the notice metadata that several generators share. */
import { clean } from './format';
import type { OpportunityFacts } from './types';

// SAM.gov set-aside codes, for notices that carry the code but not its description.
const SET_ASIDE_NAMES: Record<string, string> = {
  SBA: 'Total Small Business Set-Aside (FAR 19.5)',
  SBP: 'Partial Small Business Set-Aside (FAR 19.5)',
  '8A': '8(a) Set-Aside (FAR 19.8)',
  '8AN': '8(a) Sole Source (FAR 19.8)',
  HZC: 'HUBZone Set-Aside (FAR 19.13)',
  HZS: 'HUBZone Sole Source (FAR 19.13)',
  SDVOSBC: 'Service-Disabled Veteran-Owned Small Business (SDVOSB) Set-Aside (FAR 19.14)',
  SDVOSBS: 'SDVOSB Sole Source (FAR 19.14)',
  WOSB: 'Women-Owned Small Business (WOSB) Program Set-Aside (FAR 19.15)',
  WOSBSS: 'WOSB Program Sole Source (FAR 19.15)',
  EDWOSB: 'Economically Disadvantaged WOSB (EDWOSB) Program Set-Aside (FAR 19.15)',
  EDWOSBSS: 'EDWOSB Program Sole Source (FAR 19.15)',
  VSA: 'Veteran-Owned Small Business Set-Aside (VA)',
  VSS: 'Veteran-Owned Small Business Sole Source (VA)',
  ISBEE: 'Indian Small Business Economic Enterprise (ISBEE) Set-Aside',
  IEE: 'Indian Economic Enterprise (IEE) Set-Aside',
};

/** True when competition is restricted; "NONE", "N/A" and empty mean full and open. */
export function hasSetAside(o: OpportunityFacts): boolean {
  const code = clean(o.set_aside).toUpperCase();
  return code !== '' && !['NONE', 'N/A', 'NA', 'NO SET ASIDE USED', 'NO SET-ASIDE USED', 'FULL AND OPEN'].includes(code);
}

/** "SBA: Total Small Business Set-Aside (FAR 19.5)", or "None (full and open competition)". */
export function setAsideLabel(o: OpportunityFacts): string {
  if (!hasSetAside(o))
    return clean(o.set_aside_description) || 'None stated (full and open competition unless the solicitation says otherwise)';
  const code = clean(o.set_aside);
  const desc = clean(o.set_aside_description) || SET_ASIDE_NAMES[code.toUpperCase()] || '';
  return desc && desc.toLowerCase() !== code.toLowerCase() ? `${code}: ${desc}` : code;
}

export function isSoleSource(o: OpportunityFacts): boolean {
  return /sole source|\b(8AN|HZS|SDVOSBS|WOSBSS|EDWOSBSS|VSS)\b/i.test(`${o.set_aside ?? ''} ${o.set_aside_description ?? ''}`);
}

export function agencyLabel(o: OpportunityFacts): string {
  return (
    [o.agency, o.sub_tier]
      .map((x) => clean(x))
      .filter(Boolean)
      .join(' / ') || 'N/A'
  );
}

// Boilerplate openings of notices that say nothing about the work.
const BOILERPLATE =
  /^(this is a combined synopsis|this (notice|announcement) is|see attach|please see|refer to|click|the solicitation (document|number)|all (responsible|interested) sources|this requirement is (being )?(issued|solicited)|amendment|note:|\*+)/i;

/** The first meaningful sentences of the notice description, whitespace cleaned. */
export function scopeSentences(description: string | null, max = 3, maxChars = 700): string[] {
  const text = clean(description)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
  if (!text) return [];
  const sentences = text.match(/[^.!?]+(?:[.!?]+(?=\s|$)|$)/g) ?? [];
  const out: string[] = [];
  let total = 0;
  for (const raw of sentences) {
    const s = raw.trim();
    // Very short fragments are headings or codes; skip them and any boilerplate opening.
    if (s.split(/\s+/).length < 6 || BOILERPLATE.test(s)) continue;
    if (total + s.length > maxChars && out.length > 0) break;
    out.push(s);
    total += s.length;
    if (out.length >= max) break;
  }
  return out;
}
