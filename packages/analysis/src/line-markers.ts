/**
 * What a line starts with, before it is classified: a list marker (symbols, symbol-font bullets
 * as text extraction writes them, letters, numbers, roman numerals), several bullets printed
 * inline, or a running page header printed in front of the text.
 */
// Bullet markers: symbols, "a." / "a)" / "(a)", "1." / "1)" / "(1)", roman numerals "(iv)" / "iv.".
export const BULLET =
  /^\s*(?:[-*•▪◦●○■□–—➢✓]|\(?[a-z]\)|[a-z]\.(?=\s)|\(?\d{1,2}\)|\d{1,2}\.(?=\s)|\(?(?:i{1,3}|iv|v|vi{1,3}|ix|x)\)|(?:i{1,3}|iv|v|vi{1,3}|ix|x)\.(?=\s))\s+/i;

// Symbol-font bullets as text extraction writes them (Wingdings "§", "Ø", "ü" become "ˇ", "Ø", "ü",
// a hollow bullet "o"): matched without the /i flag, so a capital "O" never is one.
const SYMBOL_BULLET = /^\s*(?:[ˇØü►❖◆➤·\uf0b7\uf0a7\uf0d8]|o(?=\s+\S))\s+/;

/** The list marker a line starts with (with the space after it), or null. */
export function bulletMarker(line: string): RegExpExecArray | null {
  return BULLET.exec(line) ?? SYMBOL_BULLET.exec(line);
}

// Bullets printed inline ("ˇ Conduct surveillance; ˇ Provide clarification; ˇ Review ..."): the
// line holds several items. Only unambiguous symbols; "-" and "o" are words or dashes mid-line.
// Bounded gaps keep it linear: an unbounded look-behind rescans a long run of spaces at each position.
const INLINE_BULLET = /(?<=\S\s{1,16})[ˇ•▪●■□➢Ø](?=\s{1,16}\S)/g;
const INLINE_SYMBOL = /[ˇ•▪●■□➢Ø]/;

/** A line cut before each inline bullet when it holds two or more, with each piece's offset. */
export function splitInlineBullets(line: string): Array<{ text: string; at: number }> {
  if (!INLINE_SYMBOL.test(line)) return [{ text: line, at: 0 }];
  const cuts = [...line.matchAll(INLINE_BULLET)].map((m) => m.index);
  if (cuts.length < 2 && !(cuts.length === 1 && bulletMarker(line))) return [{ text: line, at: 0 }];
  const starts = [0, ...cuts];
  return starts.map((at, i) => ({ text: line.slice(at, starts[i + 1] ?? line.length), at })).filter((p) => p.text.trim());
}

// A running header printed at the start of a body line ("HC1028-09-R-0001 Page 63 of 81 (3) PRICE ...").
export const PAGE_PREFIX = /^\s*(?:[A-Z0-9][A-Z0-9._/-]*\s+){0,3}Page\s+\d{1,4}\s+of\s+\d{1,4}\s+(?=\S)/;

// A line ending in a word that takes a reference ("... in accordance with paragraph") continues on
// the next line even when that line starts like a list marker ("(c)(1) of this clause").
export const REFERENCE_END =
  /\b(paragraphs?|subparagraphs?|sections?|clauses?|items?|parts?|steps?|of|in|to|at|by|with|from|under|per|see)$/i;
export const PAREN_MARKER = /^\s*\([a-z0-9]{1,4}\)/i;
