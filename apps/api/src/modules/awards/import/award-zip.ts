import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError, badRequest } from '../../../lib/errors';

/** What an archive may hold before it is refused (config IMPORT_ZIP_*). */
export interface ZipLimits {
  maxEntries: number;
  /** Sum of the uncompressed sizes of the CSV entries, in bytes. */
  maxUncompressedBytes: number;
  /** Uncompressed / compressed size of one entry above which it is taken for a zip bomb. */
  maxRatio: number;
}

/** Entries smaller than this are never refused for their ratio: they cannot blow anything up. */
const RATIO_EXEMPT_BYTES = 1024 * 1024;

/** Local file header, or the end record of an empty archive: how a ZIP starts, whatever its name. */
export function looksLikeZip(head: Buffer): boolean {
  return (
    head.length >= 4 &&
    head[0] === 0x50 &&
    head[1] === 0x4b &&
    ((head[2] === 0x03 && head[3] === 0x04) || (head[2] === 0x05 && head[3] === 0x06))
  );
}

/** The first bytes of a stream, and a stream that still yields all of them. */
export async function peek(source: Readable, bytes = 4): Promise<{ head: Buffer; stream: Readable }> {
  const iterator = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let held = 0;
  let done = false;
  while (held < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    taken.push(next.value);
    held += next.value.length;
  }
  const head = Buffer.concat(taken, held);
  const stream = Readable.from(
    (async function* () {
      if (head.length) yield head;
      if (done) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })(),
    { objectMode: false },
  );
  return { head, stream };
}

/** A spooled copy of a stream on local disk, for random access; `remove` deletes it. */
export interface Spooled {
  file: string;
  bytes: number;
  remove: () => Promise<void>;
}

/**
 * Writes a stream to a private temporary directory, chunk by chunk: a ZIP's table of contents is at
 * its end, so an archive from an upload or a URL is read from disk, never from memory.
 */
export async function spoolToDisk(source: Readable, signal?: AbortSignal): Promise<Spooled> {
  const dir = await mkdtemp(path.join(tmpdir(), 'biddesk-zip-'));
  const file = path.join(dir, 'archive.zip');
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    let bytes = 0;
    source.on('data', (chunk: Buffer) => void (bytes += chunk.length));
    await pipeline(source, createWriteStream(file, { flags: 'wx', mode: 0o600 }), { signal });
    return { file, bytes, remove };
  } catch (err) {
    await remove();
    throw err;
  }
}

/** One entry to import, in archive order. */
export interface CsvEntry {
  /** The name in the archive: shown in reports, never used as a path. */
  name: string;
  entry: Entry;
}

export interface ZipPlan {
  csv: CsvEntry[];
  /** Entries that are not imported, with why. */
  skipped: { name: string; reason: string }[];
  zip: ZipFile;
}

const unreadable = (err: unknown) => badRequest(`The ZIP archive cannot be read: ${err instanceof Error ? err.message : String(err)}`);

function entriesOf(zip: ZipFile, limits: ZipLimits): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('error', (err: unknown) => reject(unreadable(err)));
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > limits.maxEntries)
        return reject(badRequest(`The ZIP archive holds more than ${limits.maxEntries.toLocaleString('en-US')} entries.`));
      zip.readEntry();
    });
    zip.readEntry();
  });
}

const gigabytes = (bytes: number) => (bytes / 1024 ** 3).toLocaleString('en-US', { maximumFractionDigits: 1 });

/**
 * Opens a spooled archive and decides, from its table of contents alone (no entry is inflated),
 * what will be imported: every `.csv` file entry in order; anything else is skipped with a reason.
 * Refused (400, nothing imported) when it is not a readable ZIP, holds no CSV, or breaks a limit.
 * The caller closes `zip`.
 */
export async function planZip(file: string, limits: ZipLimits): Promise<ZipPlan> {
  let zip: ZipFile;
  try {
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
      decodeStrings: true,
    });
  } catch (err) {
    throw unreadable(err);
  }
  try {
    const csv: CsvEntry[] = [];
    const skipped: ZipPlan['skipped'] = [];
    let total = 0;
    for (const entry of await entriesOf(zip, limits)) {
      const name = entry.fileName;
      if (name.endsWith('/')) continue;
      if (!/\.csv$/i.test(name)) skipped.push({ name, reason: 'not a CSV file' });
      else if (entry.isEncrypted()) skipped.push({ name, reason: 'encrypted' });
      else if (!entry.canDecodeFileData()) skipped.push({ name, reason: `compression method ${entry.compressionMethod} is not supported` });
      else {
        if (entry.uncompressedSize > RATIO_EXEMPT_BYTES && entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)) {
          throw badRequest(
            `The ZIP entry ${name} expands more than ${limits.maxRatio} times (${entry.compressedSize.toLocaleString('en-US')} to ${entry.uncompressedSize.toLocaleString('en-US')} bytes): refused as a possible zip bomb.`,
          );
        }
        total += entry.uncompressedSize;
        if (total > limits.maxUncompressedBytes)
          throw badRequest(
            `The CSV files in the ZIP archive add up to more than ${gigabytes(limits.maxUncompressedBytes)} GB uncompressed.`,
          );
        csv.push({ name, entry });
      }
    }
    if (csv.length === 0) {
      const seen = skipped.length
        ? ` (it holds ${skipped
            .slice(0, 5)
            .map((s) => s.name)
            .join(', ')}${skipped.length > 5 ? ', ...' : ''})`
        : ' (it is empty)';
      throw badRequest(`The ZIP archive holds no CSV file${seen}.`);
    }
    return { csv, skipped, zip };
  } catch (err) {
    zip.close();
    throw err instanceof AppError ? err : unreadable(err);
  }
}

/** The inflated bytes of one entry, streamed; its declared size is enforced while it is read. */
export async function openEntry(zip: ZipFile, entry: CsvEntry): Promise<Readable> {
  try {
    return await zip.openReadStreamPromise(entry.entry);
  } catch (err) {
    throw badRequest(`The ZIP entry ${entry.name} cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
}
