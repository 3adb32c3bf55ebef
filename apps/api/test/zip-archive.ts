import { buffer } from 'node:stream/consumers';
import yazl from 'yazl';

/** A ZIP archive of these entries (deflated unless `store`; a name ending in / is a folder), built by a maintained writer. */
export async function zipOf(entries: { name: string; bytes: Buffer | string; store?: boolean }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date('2026-06-25T00:00:00Z');
  for (const e of entries) {
    if (e.name.endsWith('/')) zip.addEmptyDirectory(e.name, { mtime });
    else zip.addBuffer(Buffer.from(e.bytes), e.name, { compress: !e.store, mtime });
  }
  zip.end();
  return buffer(zip.outputStream);
}
