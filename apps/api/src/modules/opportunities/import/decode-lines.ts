import { Transform, type TransformCallback } from 'node:stream';
import iconv from 'iconv-lite';

const NEWLINE = 0x0a;
const utf8 = new TextDecoder('utf-8', { fatal: true });
// Node's TextDecoder('windows-1252') decodes as latin1 (0x93 -> U+0093, not a curly quote); iconv-lite does it right.
const cp1252 = { decode: (bytes: Buffer) => iconv.decode(bytes, 'win1252') };

/**
 * Bytes in, text out, decided line by line: strict UTF-8 first, windows-1252 for a line that is
 * not valid UTF-8. SAM's extract is documented as cp1252 by some readers and UTF-8 by others, and
 * real files mix both (API-FACTS §2), so one guess for the whole file would garble one of them.
 * Splitting at LF is safe in both encodings: no multi-byte UTF-8 sequence contains 0x0A.
 * A leading UTF-8 BOM is dropped and CRLF becomes LF.
 */
export class DecodeLines extends Transform {
  private pending: Buffer = Buffer.alloc(0);
  private first = true;
  /** Lines that had to be read as windows-1252. */
  cp1252Lines = 0;
  bytes = 0;

  constructor() {
    super({ readableObjectMode: false, decodeStrings: true, encoding: 'utf8' });
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    const data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    const lastNewline = data.lastIndexOf(NEWLINE);
    if (lastNewline < 0) {
      this.pending = data;
      return done();
    }
    this.pending = data.subarray(lastNewline + 1);
    done(null, this.decode(data.subarray(0, lastNewline + 1)));
  }

  override _flush(done: TransformCallback): void {
    done(null, this.pending.length ? this.decode(this.pending) : '');
  }

  private decode(bytes: Buffer): string {
    let text = this.decodeBlock(bytes);
    if (this.first) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    // Files edited by hand mix CRLF and LF; the parser then needs only one line ending. A block
    // always ends at an LF, so a CRLF pair is never split between two blocks.
    return text.includes('\r') ? text.replace(/\r\n/g, '\n') : text;
  }

  private decodeBlock(bytes: Buffer): string {
    try {
      return utf8.decode(bytes);
    } catch {
      // Only the offending lines fall back, so one cp1252 row does not re-read its UTF-8 neighbours.
      let out = '';
      let start = 0;
      while (start < bytes.length) {
        const end = bytes.indexOf(NEWLINE, start);
        const line = bytes.subarray(start, end < 0 ? bytes.length : end + 1);
        try {
          out += utf8.decode(line);
        } catch {
          this.cp1252Lines++;
          out += cp1252.decode(line);
        }
        start = end < 0 ? bytes.length : end + 1;
      }
      return out;
    }
  }
}
