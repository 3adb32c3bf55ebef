import { stemmer } from 'stemmer';

/**
 * Full-text lexemes are made here, not by PostgreSQL's to_tsvector: its parser costs ~235 us per
 * row of the real extract (1.3 KB of description on average), more than everything else an import
 * does (bench/README.md). The same function lexes stored text and search input, so both sides agree
 * by construction; PostgreSQL still stores the tsvector, serves it from the GIN index, parses the
 * websearch syntax (websearch_to_tsquery with the 'simple' configuration, which only lower-cases)
 * and ranks.
 *
 * A word is a run of letters and digits; it is lower-cased, dropped if it is one of PostgreSQL's
 * English stop words, and Porter-stemmed. Stop words take no position, so the phrase
 * "repair of roofs" (searched as "repair roof") still finds "repair of roofs".
 */

// PostgreSQL's english.stop (snowball), so stop words behave as they did with the 'english' config.
const STOP_WORDS = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its
  itself they them their theirs themselves what which who whom this that these those am is are was were be been being have
  has had having do does did doing a an the and but if or because as until while of at by for with about against between
  into through during before after above below to from up down in out on off over under again further then once here
  there when where why how all any both each few more most other some such no nor not only own same so than too very s t
  can will just don should now`.split(/\s+/),
);

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// A longer "word" is an encoded blob or a run-together URL, not something anyone searches for.
const MAX_WORD_LENGTH = 60;
// PostgreSQL keeps at most 256 positions per lexeme; positions above 16,383 are clamped.
const MAX_POSITIONS = 256;
const MAX_POSITION = 16_383;
/** Characters of a description that are indexed (the old generated column used the same bound). */
export const INDEXED_DESCRIPTION_CHARS = 200_000;

// Lower-cased word -> its lexeme, or null for a stop word: one lookup a word. Bounded, because a
// long-running server lexes an open-ended vocabulary.
const lexemeCache = new Map<string, string | null>();
const LEXEME_CACHE_LIMIT = 200_000;

function lexemeOf(word: string): string | null {
  let lexeme = lexemeCache.get(word);
  if (lexeme === undefined) {
    // Digits and mixed codes (W912DY, 0001) are not English words: the stemmer would mangle them.
    lexeme = STOP_WORDS.has(word) ? null : /\d/.test(word) ? word : stemmer(word);
    if (lexemeCache.size >= LEXEME_CACHE_LIMIT) lexemeCache.clear();
    lexemeCache.set(word, lexeme);
  }
  return lexeme;
}

interface LexemeSink {
  push(lexeme: string): void;
}

/**
 * Feeds the lexemes of a text to `sink` in order, stop words and over-long words left out. A
 * hand-rolled scan: a Unicode-aware regex over a lower-cased copy of each description cost more
 * than the stemming (bench/README.md). ASCII is decided by char code, the rest by the regex one
 * character at a time; only words with a capital are lower-cased.
 */
function scan(text: string, sink: LexemeSink): void {
  let start = -1;
  let upper = false;
  const length = text.length;
  for (let i = 0; i <= length; i++) {
    const c = i < length ? text.charCodeAt(i) : 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (start < 0) start = i;
    } else if ((c >= 65 && c <= 90) || (c >= 128 && LETTER_OR_DIGIT.test(text[i]!))) {
      if (start < 0) start = i;
      upper = true;
    } else if (start >= 0) {
      if (i - start <= MAX_WORD_LENGTH) {
        const word = upper ? text.slice(start, i).toLowerCase() : text.slice(start, i);
        const lexeme = lexemeOf(word);
        if (lexeme !== null) sink.push(lexeme);
      }
      start = -1;
      upper = false;
    }
  }
}

/** The lexemes of a text in order, stop words and over-long words left out. */
export function lexemes(text: string): string[] {
  const out: string[] = [];
  scan(text, out);
  return out;
}

type Weight = 'A' | 'B' | '';

/** Builds tsvector input text ('lexeme':1,7A ...) from weighted parts, positions running across them. */
class VectorBuilder implements LexemeSink {
  // lexeme -> its entry so far ("'roof':1A,8") and how many positions it holds.
  private readonly entries = new Map<string, { text: string; count: number }>();
  private position = 0;
  private weight: Weight = '';

  add(text: string | null | undefined, weight: Weight): this {
    if (!text) return this;
    this.weight = weight;
    scan(text, this);
    return this;
  }

  push(lexeme: string): void {
    if (this.position < MAX_POSITION) this.position++;
    const entry = this.entries.get(lexeme);
    // Lexemes are letters and digits only, so they never need escaping inside the quotes.
    if (!entry) this.entries.set(lexeme, { text: `'${lexeme}':${this.position}${this.weight}`, count: 1 });
    else if (entry.count < MAX_POSITIONS) {
      entry.text += `,${this.position}${this.weight}`;
      entry.count++;
    }
  }

  toString(): string {
    let out = '';
    for (const entry of this.entries.values()) out += out ? ` ${entry.text}` : entry.text;
    return out;
  }
}

export interface SearchableFields {
  title: string;
  solicitationNumber?: string | null;
  department?: string | null;
  subTier?: string | null;
  office?: string | null;
  description?: string | null;
}

export interface SearchVectors {
  /** Everything searchable: title, solicitation number, agency names and the description. */
  searchVector: string;
  /** Title and solicitation number (weight A) and agency names (weight B): what ranking reads. */
  titleVector: string;
}

/** tsvector texts for a row; a description that is only a fetch marker (a URL) is not indexed. */
export function searchVectors(row: SearchableFields): SearchVectors {
  const description = row.description && !/^https?:\/\//.test(row.description) ? row.description.slice(0, INDEXED_DESCRIPTION_CHARS) : null;
  const head = (b: VectorBuilder) =>
    b
      .add(row.title, 'A')
      .add(row.solicitationNumber, 'A')
      .add(row.department, 'B')
      .add(row.subTier, 'B')
      .add(row.office, 'B');
  return {
    searchVector: head(new VectorBuilder()).add(description, '').toString(),
    titleVector: head(new VectorBuilder()).toString(),
  };
}

/**
 * Rewrites what a user typed (websearch syntax: "quoted phrases", -exclusions, OR) into the same
 * syntax over our lexemes, for websearch_to_tsquery('simple', ...). A word that lexes into several
 * lexemes (W912DY-24-R-0001, 1.5) becomes a phrase. Returns null when nothing searchable is left
 * (only stop words or punctuation).
 */
export function webSearchQuery(input: string): string | null {
  const parts: string[] = [];
  let lexemeCount = 0;
  let inQuote = false;
  let phrase: string[] = [];
  let negate = false;
  const emit = (text: string) => {
    parts.push(negate ? `-${text}` : text);
    negate = false;
  };
  const pattern = /"|[^\s"]+/g;
  for (const [token] of input.matchAll(pattern)) {
    if (token === '"') {
      if (inQuote && phrase.length) emit(`"${phrase.join(' ')}"`);
      if (inQuote) negate = false;
      phrase = [];
      inQuote = !inQuote;
      continue;
    }
    if (inQuote) {
      const found = lexemes(token);
      lexemeCount += found.length;
      phrase.push(...found);
      continue;
    }
    if (token.toLowerCase() === 'or') {
      if (parts.length && parts[parts.length - 1] !== 'or') parts.push('or');
      continue;
    }
    let word = token;
    if (word.startsWith('-')) {
      negate = true;
      word = word.replace(/^-+/, '');
      // -"a phrase": the quote follows directly, the minus applies to it.
      if (!word) continue;
    }
    const found = lexemes(word);
    lexemeCount += found.length;
    if (found.length === 1) emit(found[0]!);
    else if (found.length > 1) emit(`"${found.join(' ')}"`);
    else negate = false;
  }
  if (inQuote && phrase.length) emit(`"${phrase.join(' ')}"`);
  while (parts[0] === 'or') parts.shift();
  while (parts[parts.length - 1] === 'or') parts.pop();
  return lexemeCount ? parts.join(' ') : null;
}
