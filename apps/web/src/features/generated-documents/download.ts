import type { GeneratedDocument } from '@biddesk/shared';
import { downloadBlob } from '../../lib/download-blob';

/** File name of a downloaded document: solicitation number and document type (SPEC §2). */
export function documentFileName(doc: Pick<GeneratedDocument, 'solicitation_number' | 'document_type'>): string {
  const number = (doc.solicitation_number || 'opportunity').replace(/[^A-Za-z0-9._-]+/g, '_');
  return `${number}_${doc.document_type}.txt`;
}

/** Downloads text as a file. */
export function downloadText(fileName: string, content: string): void {
  downloadBlob(fileName, new Blob([content], { type: 'text/plain;charset=utf-8' }));
}
