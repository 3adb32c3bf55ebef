import { createReadStream, statSync } from 'node:fs';
import { request } from 'node:http';

/**
 * What the server benchmarks (import-stall.ts, parse-health.ts) do over HTTP: time a GET, wait
 * for a server to answer, probe an endpoint at an interval while a long request runs, and send a
 * file as multipart through node:http (fetch buffers the body and gives up on headers after 300 s).
 */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Milliseconds a GET took, body read; throws unless it answered 2xx. */
export async function timedGet(url: string, token?: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return Math.round(performance.now() - started);
}

/** Asks `url` every 500 ms until it answers 2xx; throws after `tries`. */
export async function waitUntilServing(url: string, tries: number): Promise<void> {
  for (
    let i = 0;
    !(await timedGet(url).then(
      () => true,
      () => false,
    ));
    i++
  ) {
    if (i > tries) throw new Error('server did not start');
    await sleep(500);
  }
}

/**
 * GETs `url` one request at a time, 100 ms apart, while `going()`; keeps the latency of each that
 * finished while `counts()` (`during`) and the reason of each that failed (counted, not fatal: that
 * is what users would see).
 */
export async function probeWhile(
  going: () => boolean,
  url: string,
  opts: { token?: string; counts?: () => boolean } = {},
): Promise<{ during: number[]; failed: string[] }> {
  const counts = opts.counts ?? going;
  const during: number[] = [];
  const failed: string[] = [];
  while (going()) {
    await timedGet(url, opts.token).then(
      (ms) => counts() && during.push(ms),
      (err: Error) => failed.push(String((err.cause as Error | undefined)?.message ?? err.message)),
    );
    await sleep(100);
  }
  return { during, failed };
}

/** POSTs one file as multipart field `file`, from bytes or streamed from a path; the JSON answer. */
export function postFile<T>(
  url: string,
  token: string,
  file: { name: string; contentType: string; bytes?: Uint8Array; path?: string },
): Promise<{ status: number; body: T }> {
  const boundary = '----biddeskbench';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = file.bytes ? file.bytes.byteLength : statSync(file.path!).size;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as T }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(head);
    if (file.bytes) {
      req.write(Buffer.from(file.bytes));
      req.end(tail);
      return;
    }
    const body = createReadStream(file.path!);
    body.on('end', () => req.end(tail));
    body.pipe(req, { end: false });
  });
}
