import { ApiError, errorMessage } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download-blob';
import { downloadDocumentFile } from '../api/documents';
import { MESSAGES } from '../../../lib/messages';

export const DOWNLOAD_BLOCKED = MESSAGES.downloadBlocked;

/** The SPEC §8 text for a failed download. */
export function downloadErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status === 403) return MESSAGES.noPermissionToDownload;
  if (err instanceof ApiError && err.status === 404) return MESSAGES.fileNotFound;
  return errorMessage(err, MESSAGES.failedToDownloadFile);
}

/** Duck-typed: fetch's Blob may come from another realm than the page's Blob constructor. */
function isBlob(value: unknown): value is Blob {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Blob).size === 'number' &&
    typeof (value as Blob).arrayBuffer === 'function'
  );
}

/**
 * Downloads a document (or one version) and saves it under `fileName` (the exact name from the list;
 * the header's ASCII fallback would mangle accents). When the link click fails the file opens in a
 * new window; a blocked pop-up is reported (SPEC §8). Throws an Error whose message is the text to show.
 */
export async function saveDocument(documentId: string, fileName: string, version?: number): Promise<void> {
  let blob: unknown;
  try {
    ({ blob } = await downloadDocumentFile(documentId, version));
  } catch (err) {
    throw new Error(downloadErrorMessage(err));
  }
  if (!isBlob(blob)) throw new Error(MESSAGES.invalidFileData);
  if (blob.size === 0) throw new Error(MESSAGES.fileIsEmpty);
  try {
    downloadBlob(fileName, blob);
  } catch {
    const url = URL.createObjectURL(blob);
    const opened = window.open(url, '_blank');
    if (!opened) {
      URL.revokeObjectURL(url);
      throw new Error(DOWNLOAD_BLOCKED);
    }
    // The new window needs the URL a while longer than a link click does.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/** How long a check-out has been held: "12 min", "3 h", "2 d". */
export function lockAge(checkedOutAt: string, now: Date = new Date()): string {
  const mins = Math.max(0, Math.floor((now.getTime() - new Date(checkedOutAt).getTime()) / 60_000));
  if (mins < 1) return 'just now';
  if (mins < 60) return `${mins} min`;
  const hours = Math.floor(mins / 60);
  return hours < 24 ? `${hours} h` : `${Math.floor(hours / 24)} d`;
}
