import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import type { Db } from '../src/db/client';
import { activity, notifications, rfpAnalyses, rfpSolicitations } from '../src/db/schema/index';
import type { TestApp } from './build-test-app';
import { SOLICITATION_PAGES } from './solicitation-pdf';

/** ../shared/data/rfp beside the repository: real solicitations and two drafts answering the 14(c) RFQ. */
export const RFP_DATA = path.resolve(import.meta.dirname, '../../../../shared/data/rfp');

/** The GSA DOL 14(c) RFQ as its real typeset PDF. */
export const realRfqPdf = (): Buffer => readFileSync(path.join(RFP_DATA, 'gsa-dol-14c-rfq.pdf'));

/** The DOL 14(c) SF-1449 as the agency published it: solicitation number, offer due date and time are filled form fields. */
export const realSf1449Pdf = (): Buffer => readFileSync(path.join(RFP_DATA, 'real-pdfs', 'dol14c-SF1449.pdf'));

export const draftText = (which: 'strong' | 'weak'): string => readFileSync(path.join(RFP_DATA, 'drafts', `${which}.txt`), 'utf8');

/** A minimal Word document (one paragraph per line), the parts a .docx needs and nothing more. */
export async function docx(text: string): Promise<Buffer> {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const paragraphs = text
    .split('\n')
    .map((line) => `<w:p><w:r><w:t xml:space="preserve">${esc(line)}</w:t></w:r></w:p>`)
    .join('');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** A short draft answering the small solicitation of solicitation-pdf.ts (fast to score). */
export const SMALL_DRAFT = [
  'Technical Volume',
  'Our technical volume is 18 pages. We use 12-point Times New Roman font with one-inch margins.',
  'We provide three past performance references from the last five years.',
  'Janitorial services for Building 12 run five days a week under a quality control plan.',
].join('\n');

/** The small solicitation's requirements as the engine stores them (for seeding without an upload). */
export const SMALL_PAGES = SOLICITATION_PAGES;

// pdf-lib cannot encrypt, so build the smallest file with a Standard security handler whose user
// password is not empty: pdf.js then asks for a password (same file as the engine's own test).
export function encryptedPdf(): Buffer {
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${'11'.repeat(32)}> /U <${'22'.repeat(32)}> /P -44 >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) out += `${String(off).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${'ab'.repeat(16)}> <${'ab'.repeat(16)}>] >>\n`;
  out += `startxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** How many files the app's store holds (any workspace). */
export function storedFileCount(t: TestApp): number {
  const root = path.join(t.config.DATA_DIR, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}

/** Everything an RFP call may change in a workspace, to compare before and after. */
export async function rfpSnapshot(db: Db, workspaceId: string) {
  const solicitations = await db
    .select({ id: rfpSolicitations.id, version: rfpSolicitations.version, key: rfpSolicitations.storageKey })
    .from(rfpSolicitations)
    .where(eq(rfpSolicitations.workspaceId, workspaceId))
    .orderBy(asc(rfpSolicitations.version));
  const analyses = await db
    .select({ id: rfpAnalyses.id, solicitationId: rfpAnalyses.solicitationId, key: rfpAnalyses.draftStorageKey })
    .from(rfpAnalyses)
    .where(eq(rfpAnalyses.workspaceId, workspaceId))
    .orderBy(asc(rfpAnalyses.id));
  const log = await db.select({ action: activity.action }).from(activity).where(eq(activity.workspaceId, workspaceId));
  const bells = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.link, `/workspace/${workspaceId}?tab=rfp`));
  return { solicitations, analyses, activity: log.map((l) => l.action).sort(), notificationCount: bells.length };
}
