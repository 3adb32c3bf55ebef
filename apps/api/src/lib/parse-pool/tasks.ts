/**
 * What the parse workers run (issue 16): every CPU-heavy read of an uploaded file. These functions
 * run in worker threads only, so a 5,000-page PDF never stops the server answering. They return
 * tagged outcomes rather than throwing: an error's class does not survive the thread boundary.
 */
import {
  PdfReadError,
  extractPdfLayout,
  extractPdfText,
  extractRequirements,
  learnAcronyms,
  scoreDraft,
  solicitationFormFacts,
  type DraftAnalysis,
  type FormField,
  type PageText,
  type PdfLayout,
  type Requirement,
  type SolicitationFormFacts,
} from '@biddesk/analysis';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';

/** Why a file could not be read: the engine's reasons, plus the limits the server sets. */
export type ReadFailure =
  | { reason: 'encrypted' | 'no_text' | 'invalid' }
  | { reason: 'too_many_pages'; pageCount: number; maxPages: number }
  | { reason: 'docx_invalid' | 'docx_no_text' };

export type Outcome<T> = ({ ok: true } & T) | ({ ok: false } & ReadFailure);

export interface PdfTask {
  bytes: Uint8Array;
  maxPages: number;
}

export interface DraftTask {
  bytes: Uint8Array;
  kind: 'pdf' | 'docx';
  maxPages: number;
  requirements: Requirement[];
}

/**
 * The page count pdf.js will walk, read from the page tree before any text is extracted, so an
 * oversized PDF costs milliseconds. null when the file does not open: extractPdfText then says why.
 */
async function pageCountOf(bytes: Uint8Array): Promise<number | null> {
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    try {
      return pdf.numPages;
    } finally {
      await pdf.destroy().catch(() => undefined);
    }
  } catch {
    return null;
  }
}

async function readPdfPages(bytes: Uint8Array, maxPages: number): Promise<Outcome<{ pages: PageText[]; fields: FormField[] }>> {
  const pageCount = await pageCountOf(bytes);
  if (pageCount !== null && pageCount > maxPages) return { ok: false, reason: 'too_many_pages', pageCount, maxPages };
  try {
    const { pages, fields } = await extractPdfText(bytes);
    return { ok: true, pages, fields };
  } catch (err) {
    if (err instanceof PdfReadError) return { ok: false, reason: err.code };
    throw err;
  }
}

export interface SolicitationRead {
  pageCount: number;
  requirements: Requirement[];
  /** Acronym → expansion, as the solicitation spells it out. */
  acronyms: Record<string, string>;
  /** The facts of a filled standard form (SF-1449, SF-33 ...) with their captions; null when it has none. */
  formFacts: SolicitationFormFacts | null;
}

/**
 * A solicitation PDF: its page count, requirements, the acronyms it spells out anywhere in its text
 * ("TANF Data Reporting System (TDRS)": generated documents never ask to define a term the
 * solicitation defines) and its form facts, all read here because the page texts stay in the worker.
 */
export async function readSolicitation(task: PdfTask): Promise<Outcome<SolicitationRead>> {
  const read = await readPdfPages(task.bytes, task.maxPages);
  if (!read.ok) return read;
  const acronyms = Object.fromEntries(learnAcronyms(read.pages.map((p) => p.text).join('\n')));
  const facts = solicitationFormFacts(read.fields, read.pages);
  return {
    ok: true,
    pageCount: read.pages.length,
    requirements: extractRequirements(read.pages),
    acronyms,
    formFacts: Object.keys(facts).some((k) => k !== 'form') ? facts : null,
  };
}

async function readDocx(bytes: Uint8Array): Promise<Outcome<{ text: string }>> {
  let text: string;
  try {
    ({ value: text } = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }));
  } catch {
    // Not a Word document after all (a renamed zip, a damaged file).
    return { ok: false, reason: 'docx_invalid' };
  }
  if (text.replace(/\s+/g, '').length === 0) return { ok: false, reason: 'docx_no_text' };
  return { ok: true, text };
}

/** A draft (PDF page by page, or .docx as one text) scored against a solicitation's requirements. */
export async function analyzeDraft(task: DraftTask): Promise<Outcome<{ analysis: DraftAnalysis }>> {
  const read = task.kind === 'pdf' ? await readPdfPages(task.bytes, task.maxPages) : await readDocx(task.bytes);
  if (!read.ok) return read;
  const draft = 'pages' in read ? read.pages : read.text;
  // A PDF's pages and fonts feed the Section L format checks; without them those checks are skipped.
  const layout: PdfLayout | null = task.kind === 'pdf' ? await extractPdfLayout(task.bytes).catch(() => null) : null;
  return { ok: true, analysis: scoreDraft(task.requirements, draft, { layout }) };
}
