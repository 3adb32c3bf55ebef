import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractPdfText, extractRequirements, scoreDraft, type PageText, type Requirement } from '../packages/analysis/src/index';
import { percentile, rssSampler } from './measure';

/**
 * npx tsx bench/analysis.ts [--pages 100] [--draft-pages 50] [--requirements 400] [--runs 5]
 *   (a) Builds a solicitation PDF (UCF sections C, L and M: numbered paragraphs, modal-verb
 *       sentences, lead-ins with lettered items, ~45 lines a page) and times extractPdfText and
 *       extractRequirements: first run and median of the runs.
 *   (b) Generates a proposal draft (~500 words a page) and N requirements (from the extraction,
 *       varied when there are fewer) and times scoreDraft: first run and median.
 * Seeded PRNG: every run builds the same documents.
 */

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const PAGES = arg('pages', 100);
const DRAFT_PAGES = arg('draft-pages', 50);
const REQUIREMENTS = arg('requirements', 400);
const RUNS = arg('runs', 5);
const LINES_PER_PAGE = 45;

// mulberry32: small, seeded, good enough to vary text.
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(20261123);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

function wrap(text: string, width = 95): string[] {
  const out: string[] = [];
  let line = '';
  for (const w of text.split(' ')) {
    if (line && line.length + 1 + w.length > width) {
      out.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) out.push(line);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Solicitation text

const TOPICS = [
  'help desk support',
  'network operations',
  'cybersecurity monitoring',
  'cloud hosting',
  'application development',
  'records management',
  'data migration',
  'quality control',
  'transition-in',
  'configuration management',
  'incident response',
  'identity and access management',
  'database administration',
  'Section 508 accessibility',
  'training and knowledge transfer',
  'asset management',
  'disaster recovery',
  'software maintenance',
  'user research',
  'performance reporting',
] as const;
const OBJECTS = [
  'a monthly status report describing progress, risks and issues',
  'a quality control plan covering all deliverables',
  'a transition-in plan that avoids disruption of service',
  'patch management for all servers and workstations',
  'continuous monitoring of security controls in accordance with NIST SP 800-53',
  'tier 1 and tier 2 help desk support for agency users',
  'incident reports within one hour of detection',
  'a disaster recovery plan tested at least annually',
  'Section 508 compliant user interfaces',
  'hosting in a FedRAMP Moderate authorized cloud environment',
  'a data migration plan with validation checkpoints',
  'weekly sprint demonstrations to the product owner',
  'a staffing plan identifying all key personnel',
  'resumes for each proposed key personnel position',
  'records retention in accordance with NARA schedules',
  'an asset inventory updated every quarter',
  'training materials and knowledge transfer sessions',
  'root cause analysis for every severity 1 incident',
  'configuration baselines for all production systems',
  'usability testing with end users before each release',
] as const;
const VERBS = ['provide', 'maintain', 'deliver', 'develop', 'implement', 'document', 'support', 'operate', 'submit', 'perform'] as const;
const WHEN = [
  'within 30 calendar days after award',
  'on a monthly basis',
  'no later than the fifth business day of each month',
  'during normal business hours, 8:00 a.m. to 6:00 p.m. Eastern Time',
  'at no additional cost to the Government',
  'in accordance with the approved project management plan',
  'throughout the period of performance',
  '',
] as const;
const DOCS = [
  'a Technical Volume',
  'a Management Volume',
  'a Past Performance Volume',
  'a Price Volume',
  'a staffing plan',
  'resumes for all key personnel',
  'a quality control plan',
  'a draft transition plan',
  'three past performance references',
  'a completed pricing worksheet',
  'a small business participation plan',
  'an organizational conflict of interest statement',
] as const;

type Block = { kind: 'heading' | 'para' | 'item'; text: string };

const BACKGROUND = [
  (t: string) =>
    `The agency currently supports ${int(300, 9000)} users at ${int(2, 40)} regional offices, and ${t} is provided today by an incumbent contractor under a contract that expires in ${int(2026, 2028)}.`,
  (t: string) =>
    `Demand for ${t} has grown by about ${int(5, 40)} percent a year since ${int(2015, 2021)}, driven by new programs and a larger remote workforce.`,
  (t: string) =>
    `Most ${t} requests arrive by email or through the service portal, and about ${int(10, 60)} percent are resolved at first contact.`,
  () => 'The Government will provide office space, network access and badges for on-site staff.',
  () => 'Existing documentation is available in the agency knowledge base and will be shared after award.',
];
const cap = (t: string) => `${t[0].toUpperCase()}${t.slice(1)}`;

function paragraphC(p: number): Block[] {
  const topic = pick(TOPICS);
  const out: Block[] = [{ kind: 'heading', text: `C.${p} ${cap(topic)}` }];
  out.push({ kind: 'para', text: Array.from({ length: int(2, 4) }, () => pick(BACKGROUND)(topic)).join(' ') });
  for (let s = 0; s < int(2, 4); s++) {
    const modal = pick(['shall', 'shall', 'must', 'will', 'should']);
    out.push({ kind: 'para', text: `C.${p}.${s + 1} The Contractor ${modal} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(WHEN)}`.trim() + '.' });
    out.push({ kind: 'para', text: pick(BACKGROUND)(topic) });
  }
  out.push({ kind: 'para', text: `The Contractor shall provide the following ${topic} services:` });
  for (let i = 0; i < int(2, 4); i++) out.push({ kind: 'item', text: `${String.fromCharCode(97 + i)}. ${cap(pick(OBJECTS))};` });
  return out;
}

function paragraphL(p: number): Block[] {
  const topic = pick(TOPICS);
  const out: Block[] = [{ kind: 'heading', text: `L.${p} Instructions for the ${topic} response` }];
  out.push({
    kind: 'para',
    text: `This paragraph explains how the ${topic} part of the proposal is organized and what the evaluators will look for in it.`,
  });
  out.push({
    kind: 'para',
    text: `Offerors shall submit ${pick(DOCS)} that describes their approach to ${topic}. The response shall not exceed ${int(5, 30)} pages in 12-point font.`,
  });
  out.push({ kind: 'para', text: `The Offeror should describe how it will ${pick(VERBS)} ${pick(OBJECTS)} ${pick(WHEN)}`.trim() + '.' });
  out.push({
    kind: 'para',
    text: `Offerors must demonstrate experience with ${topic} on at least ${int(2, 3)} contracts of similar size and complexity performed within the last ${int(3, 5)} years.`,
  });
  out.push({ kind: 'para', text: 'The proposal shall include the following:' });
  for (let i = 0; i < int(2, 3); i++)
    out.push({ kind: 'item', text: `(${String.fromCharCode(97 + i)}) ${cap(pick(DOCS))} addressing ${pick(TOPICS)};` });
  out.push({
    kind: 'para',
    text: 'Questions received after the deadline will not be answered. The Government will not reimburse proposal preparation costs.',
  });
  return out;
}

function paragraphM(p: number): Block[] {
  const topic = pick(TOPICS);
  const out: Block[] = [{ kind: 'heading', text: `M.${p} Factor ${p} - ${cap(topic)}` }];
  out.push({
    kind: 'para',
    text: `The Government will evaluate the extent to which the Offeror's approach to ${topic} is feasible, complete and low risk.`,
  });
  out.push({ kind: 'para', text: `Proposals will be evaluated on the Offeror's demonstrated ability to ${pick(VERBS)} ${pick(OBJECTS)}.` });
  out.push({ kind: 'para', text: 'The following criteria will be considered:' });
  for (let i = 0; i < int(2, 3); i++) out.push({ kind: 'item', text: `${i + 1}. Understanding of ${pick(TOPICS)} and ${pick(OBJECTS)}` });
  out.push({
    kind: 'para',
    text: `A rating of Outstanding indicates an exceptional approach to ${topic} with strengths that far outweigh any weaknesses.`,
  });
  return out;
}

/** Solicitation lines, ~45 a page, exactly `pages` pages: C to half, L to three quarters, M to the end. */
function solicitationPages(pages: number): string[][] {
  const perPage = LINES_PER_PAGE - 1;
  const budget = pages * perPage;
  const lines: string[] = [];
  const add = (blocks: Block[]) => {
    for (const b of blocks) {
      if (b.kind === 'heading') lines.push('', b.text);
      else if (b.kind === 'item') lines.push(...wrap(b.text).map((l, i) => (i ? `   ${l}` : l)));
      else lines.push(...wrap(b.text));
    }
  };
  add([{ kind: 'heading', text: 'SECTION C - DESCRIPTION/SPECIFICATIONS/STATEMENT OF WORK' }]);
  for (let p = 1; lines.length < budget * 0.5; p++) add(paragraphC(p));
  add([{ kind: 'heading', text: 'SECTION L - INSTRUCTIONS, CONDITIONS, AND NOTICES TO OFFERORS' }]);
  for (let p = 1; lines.length < budget * 0.75; p++) add(paragraphL(p));
  add([
    { kind: 'heading', text: 'SECTION M - EVALUATION FACTORS FOR AWARD' },
    {
      kind: 'para',
      text: 'Award will be made to the Offeror whose proposal represents the best value to the Government. Technical factors, when combined, are significantly more important than price.',
    },
  ]);
  for (let p = 1; lines.length < budget; p++) add(paragraphM(p));
  const out: string[][] = [];
  for (let p = 0; p < pages; p++) {
    const page = lines.slice(p * perPage, (p + 1) * perPage);
    page.push(`Page ${p + 1} of ${pages}`);
    out.push(page);
  }
  return out;
}

async function buildPdf(pages: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 54, y: 750 - i * 16, size: 10, font }));
  }
  return doc.save();
}

// ---------------------------------------------------------------------------------------------
// Draft and requirements

const CLAIMS = [
  (t: string, o: string) =>
    `We will ${pick(VERBS)} ${o} as part of our ${t} approach, and our Program Manager reviews the results every week.`,
  (t: string) =>
    `Our ${t} team has ${int(5, 20)} years of experience supporting federal agencies, including ${int(2, 9)} contracts of similar size and complexity.`,
  (t: string) => `On our current contract we reduced ${t} backlog by ${int(10, 60)}% within ${int(3, 12)} months of award.`,
  (t: string, o: string) =>
    `Our approach to ${t} starts with ${o}, which we agree with the Contracting Officer's Representative during the first ${int(2, 6)} weeks.`,
  (t: string) =>
    `Because ${t} depends on accurate information, our staff validate every change before it is released and record the outcome in the tracking system.`,
  () =>
    `The team follows the approved quality control plan, and every deliverable is reviewed by a second engineer before submission to the Government.`,
  (t: string) =>
    `We staff ${t} with certified specialists and keep a trained backup for every key position so that leave and turnover never interrupt service.`,
];

/** ~500 words a page of proposal prose under numbered headings, as PageText. */
function draftPages(pages: number): PageText[] {
  const out: PageText[] = [];
  let section = 0;
  for (let p = 1; p <= pages; p++) {
    const lines: string[] = [];
    if (p === 1) lines.push('Volume I - Technical Proposal', '');
    let words = 0;
    while (words < 500) {
      if (random() < 0.3) {
        section += 1;
        lines.push(`${Math.ceil(section / 4)}.${((section - 1) % 4) + 1} ${pick(TOPICS).replace(/^./, (c) => c.toUpperCase())}`);
      }
      // The draft leaves the last five topics out, so some requirements go unanswered.
      const topic = pick(TOPICS.slice(0, 15));
      const sentences = Array.from({ length: int(4, 7) }, () => pick(CLAIMS)(topic, pick(OBJECTS)));
      const para = sentences.join(' ');
      words += para.split(' ').length;
      lines.push(...wrap(para), '');
    }
    out.push({ page: p, text: lines.join('\n') });
  }
  return out;
}

/**
 * `n` requirements spread evenly over the extraction (C, L and M alike); when it found fewer, all
 * of them and then varied copies, renumbered.
 */
function requirementSet(extracted: Requirement[], n: number): Requirement[] {
  if (extracted.length >= n) return Array.from({ length: n }, (_, i) => extracted[Math.floor((i * extracted.length) / n)]);
  const out: Requirement[] = [];
  for (let i = 0; out.length < n && extracted.length; i++) {
    const base = extracted[i % extracted.length];
    const round = Math.floor(i / extracted.length);
    const text = round === 0 ? base.text : `${base.text.replace(/\.$/, '')} for ${pick(TOPICS)} (task area ${round + 1}).`;
    out.push({ ...base, requirement_id: `${base.requirement_id}-${round}`, text });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

async function time<T>(fn: () => T | Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

async function main() {
  const memory = rssSampler(10);

  const pdf = await buildPdf(solicitationPages(PAGES));
  console.log(`solicitation  pages=${PAGES} size=${(pdf.length / 1024).toFixed(0)} KB`);

  const extractTimes: number[] = [];
  const requirementTimes: number[] = [];
  let pages: PageText[] = [];
  let extracted: Requirement[] = [];
  // CPU time of the whole path beside wall time: on a loaded machine wall time measures the queue.
  const pathCpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpu0 = process.cpuUsage();
    const e = await time(() => extractPdfText(pdf));
    const r = await time(() => extractRequirements(e.value.pages));
    const cpu = process.cpuUsage(cpu0);
    pathCpu.push((cpu.user + cpu.system) / 1000);
    extractTimes.push(e.ms);
    requirementTimes.push(r.ms);
    pages = e.value.pages;
    extracted = r.value;
  }
  const words = pages.reduce((n, p) => n + p.text.split(/\s+/).filter(Boolean).length, 0);
  const bySection: Record<string, number> = {};
  for (const r of extracted) bySection[r.section] = (bySection[r.section] ?? 0) + 1;
  const median = (xs: number[]) =>
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    );
  console.log(`  extracted ${pages.length} pages, ${words} words; ${extracted.length} requirements ${JSON.stringify(bySection)}`);
  console.log(`  extractPdfText       first ${fmt(extractTimes[0])} ms  median ${fmt(median(extractTimes))} ms`);
  console.log(`  extractRequirements  first ${fmt(requirementTimes[0])} ms  median ${fmt(median(requirementTimes))} ms`);
  const both = extractTimes.map((t, i) => t + requirementTimes[i]);
  console.log(`  PDF -> requirements  first ${fmt(both[0])} ms  median ${fmt(median(both))} ms  (CPU median ${fmt(median(pathCpu))} ms)`);

  const draft = draftPages(DRAFT_PAGES);
  const draftWords = draft.reduce((n, p) => n + p.text.split(/\s+/).filter(Boolean).length, 0);
  const requirements = requirementSet(extracted, REQUIREMENTS);
  console.log(`draft  pages=${DRAFT_PAGES} words=${draftWords}; requirements=${requirements.length}`);
  const scoreTimes: number[] = [];
  let analysis: ReturnType<typeof scoreDraft> | null = null;
  // CPU time beside wall time: on a shared, loaded machine wall time is mostly waiting for a core.
  const cpuTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpu0 = process.cpuUsage();
    const s = await time(() => scoreDraft(requirements, draft));
    const cpu = process.cpuUsage(cpu0);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
    scoreTimes.push(s.ms);
    analysis = s.value;
  }
  console.log(
    `  scoreDraft           first ${fmt(scoreTimes[0])} ms  median ${fmt(median(scoreTimes))} ms  (CPU median ${fmt(median(cpuTimes))} ms)`,
  );
  const a = analysis!;
  console.log(
    `  result fit=${a.fit_score} coverage=${a.coverage_score} evidence=${a.evidence_score} language=${a.language_match_score} missing=${a.missing_requirements.length} suggestions=${a.suggestions.length}`,
  );
  memory.stop();
  console.log(`peakRSS=${memory.peakMb()} MB`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
