/**
 * Scores the draft responses in the shared data directory (RFP_DATA_DIR/drafts, default
 * ../shared/data/rfp/drafts next to the repository) against the solicitation they answer, the way
 * the product does, and compares the result with the reviewer's per-requirement verdicts.
 * Usage: npm run eval:drafts [-- --verbose]
 *
 * Requirements are extracted from the solicitation's PDF (what users upload) and, for comparison,
 * from its text. Each draft is scored as text and as a PDF typeset from that text (Letter, Times
 * 11 pt, page numbers), so page, font and volume facts go through pdf.js too.
 *
 * Reviewer rows (expected.json) are tied to extracted requirements by token overlap: a row maps to
 * the extracted requirement with the highest bag-of-words F1 (the same `overlapF1` the extraction
 * eval uses), accepted at F1 >= 0.6; failing that, to the shortest requirement that contains at
 * least 90% of the row's tokens (a row folded into a longer extracted sentence, e.g. a list item
 * joined to its lead-in). Several rows may map to one requirement. A row that maps to nothing was
 * not extracted: it can be neither listed nor credited, and counts as "not listed".
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractPdfText, extractRequirements, scoreDraft, type DraftAnalysis, type PageText, type Requirement } from '../src/index';
import { overlapF1, tokens } from '../src/evaluate';
import { extractPdfLayout } from '../src/pdf-layout';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const dataDir = process.env.RFP_DATA_DIR ? path.resolve(process.env.RFP_DATA_DIR) : path.resolve(repoRoot, '../shared/data/rfp');
const draftsDir = path.join(dataDir, 'drafts');
const verbose = process.argv.includes('--verbose') || process.argv.includes('-v');

type Verdict = 'A' | 'P' | 'X' | 'V' | 'NA';
interface ExpectedRow {
  text: string;
  section: string;
  must_or_should: string;
  note?: string;
  [draft: string]: string | undefined;
}

if (!existsSync(path.join(draftsDir, 'expected.json'))) {
  console.error(`No drafts/expected.json under ${dataDir} (set RFP_DATA_DIR).`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Typesetting: a draft as its writer would export it (Letter, Times 11 pt, ~50 lines, page numbers)

const PAGE = { width: 612, height: 792, margin: 72, size: 11, leading: 13.5 };

function wrap(paragraph: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && measure(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

async function typeset(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  // WinAnsi has no glyphs for a few characters; they become '?' as a writer's export would show.
  const clean = text.replace(/[^\x20-\x7e\n\u2018\u2019\u201c\u201d\u2013\u2014\u2022\u00a0-\u00ff]/g, '?');
  const width = PAGE.width - 2 * PAGE.margin;
  const lines = clean.split('\n').flatMap((p) => (p.trim() ? wrap(p, width, (s) => font.widthOfTextAtSize(s, PAGE.size)) : ['']));
  const perPage = Math.floor((PAGE.height - 2 * PAGE.margin) / PAGE.leading);
  const pageCount = Math.max(1, Math.ceil(lines.length / perPage));
  for (let p = 0; p < pageCount; p++) {
    const page = doc.addPage([PAGE.width, PAGE.height]);
    lines.slice(p * perPage, (p + 1) * perPage).forEach((line, i) => {
      if (line) page.drawText(line, { x: PAGE.margin, y: PAGE.height - PAGE.margin - i * PAGE.leading, size: PAGE.size, font });
    });
    const footer = `Page ${p + 1} of ${pageCount}`;
    page.drawText(footer, { x: (PAGE.width - font.widthOfTextAtSize(footer, 9)) / 2, y: 40, size: 9, font });
  }
  return doc.save();
}

// ---------------------------------------------------------------------------------------------
// Reviewer rows → extracted requirements

function mapRows(rows: ExpectedRow[], requirements: Requirement[]): Array<Requirement | null> {
  const reqTokens = requirements.map((r) => tokens(r.text));
  return rows.map((row) => {
    const rt = tokens(row.text);
    let best = -1;
    let bestScore = 0;
    reqTokens.forEach((toks, i) => {
      const s = overlapF1(rt, toks);
      if (s > bestScore) {
        bestScore = s;
        best = i;
      }
    });
    if (bestScore >= 0.6) return requirements[best];
    // Containment: the row sits inside a longer extracted requirement.
    let container = -1;
    reqTokens.forEach((toks, i) => {
      const bag = new Map<string, number>();
      for (const t of toks) bag.set(t, (bag.get(t) ?? 0) + 1);
      let common = 0;
      for (const t of rt) {
        const n = bag.get(t) ?? 0;
        if (n > 0) {
          common += 1;
          bag.set(t, n - 1);
        }
      }
      if (rt.length && common / rt.length >= 0.9 && (container < 0 || toks.length < reqTokens[container].length)) container = i;
    });
    return container >= 0 ? requirements[container] : null;
  });
}

// ---------------------------------------------------------------------------------------------

type Status = 'addressed' | 'missing' | 'conflict' | 'check' | 'separate';

function statusOf(a: DraftAnalysis, id: string): Status {
  if (a.conflicts?.some((c) => c.requirement_id === id)) return 'conflict';
  if (a.checks?.some((c) => c.requirement_id === id)) return 'check';
  if (a.missing_requirements.some((m) => m.requirement_id === id)) return 'missing';
  if (a.reported_separately?.some((s) => s.requirement_id === id)) return 'separate';
  return 'addressed';
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const share = (n: number, d: number) => (d ? `${n}/${d} = ${pct(n / d)}` : 'n/a');

function reviewerCoverage(rows: ExpectedRow[], draft: string): number {
  let n = 0;
  let got = 0;
  for (const r of rows) {
    const v = r[draft] as Verdict;
    if (v === 'NA') continue;
    n += 1;
    got += v === 'A' ? 1 : v === 'P' ? 0.5 : 0;
  }
  return n ? got / n : 0;
}

function report(label: string, a: DraftAnalysis, rows: ExpectedRow[], mapped: Array<Requirement | null>, draft: string, ms: number) {
  const gaps = { listed: 0, n: 0, checked: 0 };
  const answered = { missing: 0, conflict: 0, n: 0 };
  const lines: string[] = [];
  rows.forEach((row, i) => {
    const v = row[draft] as Verdict;
    const req = mapped[i];
    const status: Status | 'not extracted' = req ? statusOf(a, req.requirement_id) : 'not extracted';
    if (v === 'X' || v === 'V') {
      gaps.n += 1;
      if (status === 'missing' || status === 'conflict') gaps.listed += 1;
      else if (status === 'check') gaps.checked += 1;
    }
    if (v === 'A') {
      answered.n += 1;
      if (status === 'missing') answered.missing += 1;
      if (status === 'conflict') answered.conflict += 1;
    }
    const wrong =
      ((v === 'X' || v === 'V') && status !== 'missing' && status !== 'conflict') ||
      (v === 'A' && (status === 'missing' || status === 'conflict'));
    if (verbose)
      lines.push(
        `    ${wrong ? '!!' : '  '} ${v.padEnd(2)} ${status.padEnd(13)} ${(req?.requirement_id ?? '-').padEnd(6)} ${row.text.slice(0, 90)}`,
      );
  });
  const conflicts = a.conflicts?.length ?? 0;
  const separate = a.reported_separately?.length ?? 0;
  console.log(
    `  ${label.padEnd(5)} fit ${String(a.fit_score).padStart(3)}  coverage ${String(a.coverage_score).padStart(3)}%  evidence ${String(a.evidence_score).padStart(3)}%  language ${String(a.language_match_score).padStart(3)}%  ` +
      `missing ${a.missing_requirements.length}  conflicts ${conflicts}  checks ${a.checks?.length ?? 0}  apart ${separate}  suggestions ${a.suggestions.length}  (${ms.toFixed(0)} ms)`,
  );
  if (draft === 'weak')
    console.log(
      `        reviewer X/V rows listed as missing or conflicting: ${share(gaps.listed, gaps.n)}${gaps.checked ? `  (${gaps.checked} more listed as checks for a reviewer)` : ''}`,
    );
  else
    console.log(
      `        reviewer A rows listed as missing: ${share(answered.missing, answered.n)}${answered.conflict ? `  (as conflicts: ${answered.conflict})` : ''}`,
    );
  const failedChecks = a.format_checks?.filter((c) => c.status === 'failed').length ?? 0;
  if (a.format_checks?.length) console.log(`        format checks: ${a.format_checks.length} (${failedChecks} failed)`);
  for (const l of lines) console.log(l);
  if (verbose)
    for (const c of [...a.conflicts, ...(a.checks ?? [])])
      console.log(`    ${c.severity ?? 'conflict'} ${c.requirement_id} [${c.rule}] ${c.reason} — “${c.passage.slice(0, 100)}”`);
  if (verbose)
    for (const c of a.format_checks ?? [])
      console.log(`    format ${c.requirement_id} ${c.check} ${c.status}: ${c.expected} / ${c.found} @ ${c.location_hint}`);
  if (verbose) for (const s of a.suggestions) console.log(`    suggest ${s.suggestion}`);
  return { coverage: a.coverage_score, gaps, answered };
}

async function main() {
  const rows = JSON.parse(readFileSync(path.join(draftsDir, 'expected.json'), 'utf8')) as ExpectedRow[];
  const base = 'gsa-dol-14c-rfq';
  const solText = readFileSync(path.join(dataDir, `${base}.txt`), 'utf8');
  const solPdf = new Uint8Array(readFileSync(path.join(dataDir, `${base}.pdf`)));
  const sources: Array<[string, Requirement[]]> = [
    ['pdf', extractRequirements((await extractPdfText(solPdf)).pages)],
    ['text', extractRequirements([{ page: 1, text: solText }])],
  ];
  const drafts = ['strong', 'weak'];
  const draftInputs = new Map<string, { text: string; pages: PageText[]; layout: Awaited<ReturnType<typeof extractPdfLayout>> }>();
  for (const d of drafts) {
    const text = readFileSync(path.join(draftsDir, `${d}.txt`), 'utf8');
    const bytes = await typeset(text);
    const { pages } = await extractPdfText(bytes);
    draftInputs.set(d, { text, pages, layout: await extractPdfLayout(bytes) });
  }

  let allMet = true;
  for (const [source, requirements] of sources) {
    const mapped = mapRows(rows, requirements);
    const unmapped = mapped.filter((m) => !m).length;
    console.log(
      `\nRequirements from the solicitation ${source}: ${requirements.length} extracted; reviewer rows mapped ${rows.length - unmapped}/${rows.length}`,
    );
    for (const d of drafts) {
      const input = draftInputs.get(d)!;
      console.log(`\n  ${d} draft — reviewer coverage ${pct(reviewerCoverage(rows, d))} (A=1, P=0.5, NA left out)`);
      const results: Record<string, ReturnType<typeof report>> = {};
      for (const [label, draft, layout] of [
        ['text', input.text, undefined],
        ['pdf', input.pages, input.layout],
      ] as const) {
        const t0 = performance.now();
        const a = scoreDraft(requirements, draft, layout ? { layout } : undefined);
        results[label] = report(label, a, rows, mapped, d, performance.now() - t0);
      }
      for (const label of ['text', 'pdf']) {
        const r = results[label];
        const within = Math.abs(r.coverage - 100 * reviewerCoverage(rows, d)) <= 15;
        const gapOk = d === 'weak' ? r.gaps.listed >= 0.8 * r.gaps.n : r.answered.missing <= 0.1 * r.answered.n;
        if (!within || !gapOk) allMet = false;
      }
    }
  }
  // Strong-weak gap, per source and draft form.
  console.log('\nStrong - weak coverage gap (target >= 50 points):');
  for (const [source, requirements] of sources) {
    const parts: string[] = [];
    for (const label of ['text', 'pdf'] as const) {
      const [s, w] = drafts.map((d) => {
        const input = draftInputs.get(d)!;
        return scoreDraft(requirements, label === 'text' ? input.text : input.pages, label === 'pdf' ? { layout: input.layout } : undefined)
          .coverage_score;
      });
      if (s - w < 50) allMet = false;
      parts.push(`draft ${label}: ${s} - ${w} = ${s - w}`);
    }
    console.log(`  requirements from ${source}: ${parts.join('   ')}`);
  }
  console.log(
    `\nTargets ${allMet ? 'met' : 'NOT met'}: coverage within 15 points of the reviewer's, gap >= 50, weak X/V listed >= 80%, strong A listed missing <= 10%.`,
  );
}

await main();
