/**
 * Acronyms a document defines, learned from its own text: "Office of Family Assistance (OFA)",
 * "OFA (Office of Family Assistance)", "TANF – Temporary Assistance for Needy Families". An RFI
 * never asks the Contracting Officer to define a term the solicitation already spells out.
 * Acronyms of the equivalents lexicon (PII, HSPD-12, WCAG …) have a standard meaning too.
 */
import { EQUIVALENTS } from '../scoring/equivalents';

const STANDARD = new Set(
  EQUIVALENTS.flatMap(([, names]) => names.filter((n) => /^[A-Z][A-Z0-9/&-]+$/.test(n)).map((n) => n.replace(/-\d+$/, ''))),
);

/** Whether an acronym has a standard meaning a reader is expected to know. */
export const isStandardAcronym = (acronym: string) => STANDARD.has(acronym);

/** Acronym → expansion, for every acronym the text spells out. */
export function learnAcronyms(text: string): Map<string, string> {
  const out = new Map<string, string>();
  // "Words Of The Expansion (ACR)": the expansion's initials must spell the acronym's letters.
  for (const m of text.matchAll(
    /((?:[A-Z][\w’'&-]*|of|and|for|the|in|on|to)(?:\s+(?:[A-Z][\w’'&-]*|of|and|for|the|in|on|to)){1,9})\s*\(\s*[“"]?([A-Z][A-Za-z0-9&]{1,9})s?[”"]?\s*\)/g,
  )) {
    const words = m[1].split(/\s+/);
    const acr = m[2];
    // The shortest tail of the words whose capitals spell the acronym.
    for (let i = words.length - 1; i >= 0; i--) {
      const tail = words.slice(i);
      const initials = tail
        .filter((w) => /^[A-Z]/.test(w))
        .map((w) => w[0])
        .join('');
      if (initials.toUpperCase() === acr.replace(/[^A-Z]/g, '')) {
        out.set(acr, tail.join(' '));
        break;
      }
    }
  }
  // "ACR (Expansion Words)" and "ACR – Expansion Words".
  for (const m of text.matchAll(/\b([A-Z][A-Z0-9&]{1,9})\s*(?:\(\s*|[-–—:]\s*)([A-Z][a-z]+(?:\s+(?:[A-Z][a-z]+|of|and|for|the)){1,8})/g)) {
    const initials = m[2]
      .split(/\s+/)
      .filter((w) => /^[A-Z]/.test(w))
      .map((w) => w[0])
      .join('');
    if (!out.has(m[1]) && initials === m[1].replace(/[^A-Z]/g, '')) out.set(m[1], m[2]);
  }
  return out;
}
