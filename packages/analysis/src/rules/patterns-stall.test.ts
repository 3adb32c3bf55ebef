import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { learnDocumentLexicon } from './document-lexicon';
import { RULES } from './registry';

// No pattern can stall: every regular expression of the engine runs against 10,000-character
// pathological lines within a small budget. The patterns are collected, not listed: every regex
// literal in the engine's source files (found with the TypeScript parser, so a pattern inside a
// function counts), every RegExp its modules export, every rule's `patterns`, and the patterns a
// document lexicon builds. A new pattern anywhere is covered without touching this test.

const here = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.resolve(here, '..');
const ENGINE_DIRS = [srcDir, here];
const isEngineFile = (f: string) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts');
const engineFiles = ENGINE_DIRS.flatMap((d) =>
  readdirSync(d)
    .filter(isEngineFile)
    .map((f) => path.join(d, f)),
);

function literalPatterns(file: string): Array<{ where: string; re: RegExp }> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Array<{ where: string; re: RegExp }> = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(source);
      const slash = literal.lastIndexOf('/');
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ where: `${path.relative(srcDir, file)}:${line}`, re: new RegExp(literal.slice(1, slash), literal.slice(slash + 1)) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

async function exportedPatterns(): Promise<Array<{ where: string; re: RegExp }>> {
  const found: Array<{ where: string; re: RegExp }> = [];
  for (const file of engineFiles) {
    const mod = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (value instanceof RegExp) found.push({ where: `${path.relative(srcDir, file)} ${name}`, re: value });
    }
  }
  for (const rule of RULES) for (const re of rule.patterns ?? []) found.push({ where: `rule ${rule.id}`, re });
  const lexicon = learnDocumentLexicon(
    'Issued by: Office of Acquisition, Federal Supply Agency\nThe Federal Supply Agency (FSA) and the Office of Family Help (OFH) buy.\nKey Personnel\n- Program Manager\n- Product Owner\n',
  );
  for (const re of [lexicon.buyerName, lexicon.buyerAcronym]) if (re) found.push({ where: 'document lexicon', re });
  return found;
}

const N = 10_000;
const PATHOLOGICAL: Record<string, string> = {
  spaces: `${' '.repeat(N)}x`,
  'spaces then digits': `${' '.repeat(N / 2)}${'1'.repeat(N / 2)}x`,
  tabs: `\t${'\t '.repeat(N / 2)}.`,
  dots: `${'.'.repeat(N)}a`,
  'dot leaders': `Section L${' .'.repeat(N / 2)} 12`,
  digits: `${'9'.repeat(N)}-`,
  'digit runs': `${'1 '.repeat(N / 2)}x`,
  letters: `${'a'.repeat(N)}!`,
  'capital words': `${'Word '.repeat(N / 5)}:`,
  'lower words': `${'the contractor shall '.repeat(N / 21)}`,
  dashes: `${'- '.repeat(N / 2)}-`,
  parentheses: `${'('.repeat(N / 2)}${'a)'.repeat(N / 4)}`,
  quotes: `${'"a '.repeat(N / 3)}`,
  commas: `${'a, '.repeat(N / 3)}`,
  pipes: `${'a | '.repeat(N / 4)}`,
  mixed: `${'Page 1 of 2 .. - (a) 12345 A.B. '.repeat(N / 32)}`,
  newlines: `${'a\n'.repeat(N / 2)}`,
};

// Linear patterns take well under a millisecond on 10,000 characters; a quadratic one takes
// hundreds, a catastrophic one seconds or more. A pattern over the budget is measured again, and on
// a quarter of the line: one that only a busy machine slowed grows about 4x from there (linear), a
// quadratic one about 16x, so growth tells load from backtracking.
const BUDGET_MS = 100;
const HARD_LIMIT_MS = 1_000;

function stalls(re: RegExp, line: string): number | null {
  let ms = run(re, line);
  if (ms <= BUDGET_MS) return null;
  ms = Math.min(ms, run(re, line), run(re, line));
  if (ms <= BUDGET_MS) return null;
  const quarter = Math.max(run(re, line.slice(0, line.length / 4)), 0.05);
  return ms > HARD_LIMIT_MS || ms / quarter > 8 ? ms : null;
}

function run(re: RegExp, line: string): number {
  const started = performance.now();
  re.lastIndex = 0;
  if (re.global || re.sticky)
    for (const _ of line.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))) void _;
  else re.test(line);
  re.lastIndex = 0;
  return performance.now() - started;
}

describe('no pattern of the engine can stall', () => {
  const literals = engineFiles.flatMap(literalPatterns);
  let exported: Array<{ where: string; re: RegExp }> = [];
  // Importing every engine module (pdf.js included) takes a while on a busy machine.
  beforeAll(async () => {
    exported = await exportedPatterns();
  }, 180_000);

  it('finds the engine’s patterns (literals, exports, rules, document lexicon)', () => {
    expect(literals.length).toBeGreaterThan(200);
    expect(exported.length).toBeGreaterThan(50);
    expect(literals.some((p) => p.where.startsWith('requirements.ts'))).toBe(true);
    expect(exported.some((p) => p.where.startsWith('rule '))).toBe(true);
  });

  it('runs every pattern over 10,000-character pathological lines within the budget', () => {
    const slow: string[] = [];
    for (const { where, re } of [...literals, ...exported]) {
      for (const [name, line] of Object.entries(PATHOLOGICAL)) {
        const ms = stalls(re, line);
        if (ms !== null) slow.push(`${where} on ${name}: ${ms.toFixed(0)} ms  ${re.source.slice(0, 120)}`);
      }
    }
    expect(slow, slow.join('\n')).toEqual([]);
  }, 600_000);
});
