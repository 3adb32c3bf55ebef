import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type LocalS3Server } from '../../test/s3-server';
import { createLocalFileStore, type FileStore } from './file-store';
import { createS3FileStore, type S3FileStore } from './s3-file-store';

/**
 * The same cases against both stores (DESIGN §2): callers must not be able to tell which one holds
 * their files. `storedKeys` looks at the medium itself (the directory, the bucket), not through the store.
 */

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let s3: LocalS3Server;
let s3Store: S3FileStore;
let bucketClient: S3Client;
const localDir = mkdtempSync(path.join(tmpdir(), 'biddesk-files-'));

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'contract-test' });
  const keys = { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! };
  s3Store = createS3FileStore({ endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', forcePathStyle: true, ...keys });
  bucketClient = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: keys });
});
afterAll(async () => {
  s3Store.close();
  bucketClient.destroy();
  await s3.close();
  rmSync(localDir, { recursive: true, force: true });
});

const stores: { name: string; store: () => FileStore; storedKeys: () => Promise<string[]> }[] = [
  {
    name: 'local disk',
    store: () => createLocalFileStore(localDir),
    storedKeys: async () =>
      readdirSync(localDir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .sort(),
  },
  {
    name: 'S3 (s3rver)',
    store: () => s3Store,
    storedKeys: async () =>
      ((await bucketClient.send(new ListObjectsV2Command({ Bucket: s3.bucket }))).Contents ?? []).map((o) => o.Key!).sort(),
  },
];

describe.each(stores)('FileStore contract: $name', ({ store, storedKeys }) => {
  it('puts under the sha256 of the bytes and reads the same bytes back, binary and empty files included', async () => {
    const files = store();
    for (const bytes of [Buffer.from('Technical volume, draft 1'), randomBytes(3 * 1024 * 1024), Buffer.alloc(0)]) {
      const stored = await files.put(bytes);
      expect(stored).toEqual({ key: sha(bytes), size: bytes.byteLength });
      expect((await files.read(stored.key)).equals(bytes)).toBe(true);
    }
  });

  it('stores the same bytes once, however often and however concurrently they are put', async () => {
    const files = store();
    const bytes = Buffer.from(`the same attachment ${Math.random()}`);
    const before = await storedKeys();
    const puts = await Promise.all([files.put(bytes), files.put(bytes), files.put(new Uint8Array(bytes))]);
    await files.put(bytes);
    expect(new Set(puts.map((p) => p.key))).toEqual(new Set([sha(bytes)]));
    expect((await storedKeys()).filter((k) => !before.includes(k))).toEqual([sha(bytes)]);
    expect((await files.read(sha(bytes))).equals(bytes)).toBe(true);
  });

  it('removes one file and leaves the others; removing it again is no error', async () => {
    const files = store();
    const gone = await files.put(Buffer.from(`to delete ${Math.random()}`));
    const kept = await files.put(Buffer.from(`to keep ${Math.random()}`));
    await files.remove(gone.key);
    await files.remove(gone.key);
    const keys = await storedKeys();
    expect(keys).not.toContain(gone.key);
    expect(keys).toContain(kept.key);
    await expect(files.read(gone.key)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await files.read(kept.key)).toString()).toMatch(/^to keep/);
  });

  it('answers a missing key with an ENOENT error, which callers turn into "File not found"', async () => {
    await expect(store().read(sha(Buffer.from('never stored')))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a key that is not a content hash, so no name a user typed ever reaches the medium', async () => {
    const files = store();
    for (const key of ['../../etc/passwd', 'ABC', `${'a'.repeat(64)}/x`, '']) {
      // Called as callers do, from an async function (the local store throws before its promise).
      await expect((async () => files.read(key))()).rejects.toThrow(/not a content key/);
      await expect((async () => files.remove(key))()).rejects.toThrow(/not a content key/);
    }
  });
});
