/** What a provider is given: the engine's document and the facts it must not change. */
export interface PolishRequest {
  /** Document type, e.g. 'brief' or 'compliance'. */
  documentType: string;
  /** The built-in engine's markdown: facts, tables and requirement ids come from here. */
  markdown: string;
  /** Every requirement id that exists for this solicitation. */
  requirementIds: string[];
  /** Tone chosen in Settings. */
  tone?: 'professional' | 'formal' | 'detailed';
}

/**
 * An AI provider behind one interface (issue 4): `builtin` returns the engine's document as is;
 * `openai` lets an OpenAI-compatible model rewrite or extend the prose around the engine's facts.
 */
export interface AiProvider {
  readonly name: 'builtin' | 'openai';
  polish(request: PolishRequest): Promise<string>;
}

/** The default provider: the deterministic engine's output, unchanged. */
export const builtinProvider: AiProvider = {
  name: 'builtin',
  async polish(request) {
    return request.markdown;
  },
};

// Requirement ids look like L-001, M-012, C-003 or a document's own paragraph numbers (L.4.2.1);
// the engine's stable ids also take list letters, numbers and text hashes (L-5.2.1.b, L-5.2(1), C-2.1-4fa9c1, O-H.1).
const BRACKETED_CITE = /\[([LMCO]-[0-9A-Za-z]+(?:[.()-]+[0-9A-Za-z]+)*\)?|[A-Za-z]{1,3}[-.]\d+(?:\.\d+)*|\d+(?:\.\d+)+)\]/g;
const BARE_ENGINE_ID = /\b([LMC]-\d{3})\b/g;

/**
 * Removes every requirement id the model cites that the engine never extracted, so a
 * hallucinated "[L-999]" cannot reach a compliance matrix. Known ids are kept verbatim.
 */
export function removeUnknownRequirementIds(text: string, knownIds: string[]): string {
  const known = new Set(knownIds);
  return text
    .replace(BRACKETED_CITE, (whole, id: string) => (known.has(id) ? whole : ''))
    .replace(BARE_ENGINE_ID, (whole, id: string) => (known.has(id) ? whole : ''))
    .replace(/\(\s*\)/g, '')
    .replace(/[ \t]{2,}/g, ' ');
}
