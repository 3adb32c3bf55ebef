import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startS3Server, S3RVER_KEY, type LocalS3Server } from '../../test/s3-server';
import { openFileStore } from './open-file-store';
import { createS3FileStore, type S3FileStoreOptions } from './s3-file-store';

/** What only the S3 store does (the shared cases are in file-store.contract.test.ts). */

let s3: LocalS3Server;
let options: S3FileStoreOptions;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
/** Where s3rver keeps an object's bytes: their modification time tells whether a put wrote them. */
const objectWritten = (key: string) => statSync(path.join(s3.directory, s3.bucket, `${key}._S3rver_object`)).mtimeMs;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 's3-store-test' });
  options = {
    endpoint: s3.endpoint,
    bucket: s3.bucket,
    region: 'us-east-1',
    forcePathStyle: true,
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
  };
});
afterAll(async () => {
  await s3.close();
});

describe('S3 file store', () => {
  it('does not upload bytes the bucket already holds, unless the object is old enough to be refreshed', async () => {
    const store = createS3FileStore(options);
    const bytes = Buffer.from(`uploaded twice ${Math.random()}`);
    await store.put(bytes);
    const first = objectWritten(sha(bytes));
    await sleep(30);
    await store.put(bytes);
    expect(objectWritten(sha(bytes))).toBe(first);

    // The orphan cleanup spares recent files: a re-put of an old object makes it recent again.
    const refreshing = createS3FileStore({ ...options, refreshAfterMs: -1 });
    await refreshing.put(bytes);
    expect(objectWritten(sha(bytes))).toBeGreaterThan(first);
    expect((await store.read(sha(bytes))).equals(bytes)).toBe(true);
    store.close();
    refreshing.close();
  });

  it('lists the objects written before a date, for the cleanup of files no row refers to', async () => {
    const store = createS3FileStore(options);
    const old = await store.put(Buffer.from(`old ${Math.random()}`));
    await sleep(1100); // S3 dates have a resolution of one second
    const cut = new Date();
    await sleep(1100);
    const recent = await store.put(Buffer.from(`recent ${Math.random()}`));
    const listed: string[] = [];
    for await (const key of store.listOlderThan(cut)) listed.push(key);
    expect(listed).toContain(old.key);
    expect(listed).not.toContain(recent.key);
    store.close();
  });

  it('checks the bucket at start: a missing bucket, wrong keys or no server stop it with a readable reason and no secret', async () => {
    await expect(createS3FileStore(options).checkBucket()).resolves.toBeUndefined();
    await expect(createS3FileStore({ ...options, bucket: 'no-such-bucket' }).checkBucket()).rejects.toThrow(
      `S3 bucket "no-such-bucket" at ${s3.endpoint} is not usable: no such bucket (create it first, or check S3_BUCKET)`,
    );
    // s3rver knows its key id but does not verify SigV4 signatures: an unknown key id is the refusal it can show.
    const wrongKey = await createS3FileStore({ ...options, accessKeyId: 'AKIAUNKNOWN', secretAccessKey: 'not-the-secret-value' })
      .checkBucket()
      .catch((err: Error) => err.message);
    expect(wrongKey).toMatch(/is not usable: access denied \(403\): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(wrongKey).not.toContain('not-the-secret-value');

    const closedPort = await freePort();
    const down = await createS3FileStore({ ...options, endpoint: `http://127.0.0.1:${closedPort}` })
      .checkBucket()
      .catch((err: Error) => err.message);
    expect(down).toMatch(
      new RegExp(`at http://127.0.0.1:${closedPort} is not usable: ECONNREFUSED .*is S3_ENDPOINT right and the server running\\?`),
    );
  });

  it('is what the app opens when S3_ENDPOINT is set, and opening fails fast when the bucket is unreachable', async () => {
    const base = { DATA_DIR: s3.directory, JWT_SECRET: 'x'.repeat(32) };
    const files = await openFileStore(loadConfig({ ...base, ...s3.env }));
    const stored = await files.put(Buffer.from('through the app wiring'));
    expect(statSync(path.join(s3.directory, s3.bucket, `${stored.key}._S3rver_object`)).size).toBe('through the app wiring'.length);
    await expect(openFileStore(loadConfig({ ...base, ...s3.env, S3_BUCKET: 'missing-bucket' }))).rejects.toThrow(
      /S3 bucket "missing-bucket" .* no such bucket/,
    );
  });
});

/** A port nothing listens on (taken from the OS, then released). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
