import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { multipartBody } from '../../test/document-factories';
import { addMember, createOpportunity, createUser, createWorkspace } from '../../test/factories';
import { chatMultipart } from '../../test/message-factories';
import { multipartFile } from '../../test/multipart';
import { startS3Server, type LocalS3Server } from '../../test/s3-server';
import { solicitationPdf } from '../../test/solicitation-pdf';
import { removeOrphanFiles } from '../jobs/orphan-files.job';

/**
 * The app built with S3_* settings keeps every uploaded file in the bucket (workspace documents,
 * chat attachments, RFP and opportunity PDFs), serves them back from there, deletes an object once
 * no row refers to it, and never writes DATA_DIR/files.
 */

let s3: LocalS3Server;
let t: TestApp;
let bucket: S3Client;
type User = Awaited<ReturnType<typeof createUser>>;
let owner: User;
let writer: User;

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const inBucket = (key: string) =>
  bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key })).then(
    () => true,
    (err: { name?: string }) => (err.name === 'NotFound' ? false : Promise.reject(err)),
  );

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'api-files' });
  t = await buildTestApp(s3.env);
  bucket = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
  });
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  writer = await createUser(t.db, t.config, { name: 'Wanda Writer' });
});
afterAll(async () => {
  bucket.destroy();
  const localFiles = path.join(t.config.DATA_DIR, 'files');
  await t.close();
  await s3.close();
  // Checked last, after every upload of the file: nothing went to local disk.
  expect(existsSync(localFiles)).toBe(false);
});

async function workspace() {
  const ws = await createWorkspace(t.db, owner.user.id);
  await addMember(t.db, ws.id, writer.user.id, 'CONTRIBUTOR');
  return ws.id;
}

describe('uploaded files in S3', () => {
  it('workspace documents: upload and download through the bucket; deleting one removes only the object no row uses', async () => {
    const ws = await workspace();
    const shared = Buffer.from(`Technical volume ${Math.random()}`);
    const only = Buffer.from(`Pricing volume ${Math.random()}`);
    const upload = (name: string, bytes: Buffer) =>
      t.injectAs(writer.token, { method: 'POST', url: `/api/workspaces/${ws}/documents`, ...multipartBody({ name, bytes }) });

    const doc = (await upload('tech.docx', shared)).json();
    const copy = (await upload('tech-copy.docx', shared)).json();
    const pricing = (await upload('pricing.xlsx', only)).json();
    expect([await inBucket(sha(shared)), await inBucket(sha(only))]).toEqual([true, true]);

    const download = await t.injectAs(owner.token, { method: 'GET', url: `/api/documents/${doc.id}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(shared)).toBe(true);

    expect((await t.injectAs(owner.token, { method: 'DELETE', url: `/api/documents/${pricing.id}` })).statusCode).toBe(200);
    expect(await inBucket(sha(only))).toBe(false);
    expect((await t.injectAs(owner.token, { method: 'DELETE', url: `/api/documents/${doc.id}` })).statusCode).toBe(200);
    expect(await inBucket(sha(shared))).toBe(true); // the copy still uses it
    expect((await t.injectAs(owner.token, { method: 'GET', url: `/api/documents/${copy.id}/download` })).rawPayload.equals(shared)).toBe(
      true,
    );
  });

  it('RFP PDF: stored in the bucket on upload and removed with the workspace', async () => {
    const ws = await workspace();
    const pdf = await solicitationPdf();
    const res = await t.injectAs(owner.token, {
      method: 'POST',
      url: `/api/workspaces/${ws}/rfp/upload`,
      ...multipartFile('file', 'rfp.pdf', pdf),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().requirements_count).toBeGreaterThan(0);
    expect(await inBucket(sha(pdf))).toBe(true);

    expect((await t.injectAs(owner.token, { method: 'DELETE', url: `/api/workspaces/${ws}` })).statusCode).toBe(200);
    expect(await inBucket(sha(pdf))).toBe(false);
  });

  it('chat attachments: downloaded from the bucket, removed with their message; a vanished object answers 404', async () => {
    const ws = await workspace();
    const bytes = Buffer.from(`meeting notes ${Math.random()}`);
    const msg = (
      await t.injectAs(writer.token, {
        method: 'POST',
        url: `/api/workspaces/${ws}/messages`,
        ...chatMultipart({ file: { name: 'notes.txt', bytes } }),
      })
    ).json();
    expect(await inBucket(sha(bytes))).toBe(true);
    const dl = await t.injectAs(owner.token, { method: 'GET', url: msg.file_path });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(bytes)).toBe(true);

    // Someone emptied the bucket behind the app's back: a clean 404, as with a file gone from disk.
    await t.files.remove(sha(bytes));
    const gone = await t.injectAs(owner.token, { method: 'GET', url: msg.file_path });
    expect({ status: gone.statusCode, detail: gone.json().detail }).toEqual({ status: 404, detail: 'File not found' });

    // Sent again: stored again, and kept while either message refers to it.
    const again = (
      await t.injectAs(writer.token, {
        method: 'POST',
        url: `/api/workspaces/${ws}/messages`,
        ...chatMultipart({ file: { name: 'notes.txt', bytes } }),
      })
    ).json();
    expect(await inBucket(sha(bytes))).toBe(true);
    expect((await t.injectAs(writer.token, { method: 'DELETE', url: `/api/workspaces/${ws}/messages/${msg.id}` })).statusCode).toBe(200);
    expect(await inBucket(sha(bytes))).toBe(true);
    expect((await t.injectAs(writer.token, { method: 'DELETE', url: `/api/workspaces/${ws}/messages/${again.id}` })).statusCode).toBe(200);
    expect(await inBucket(sha(bytes))).toBe(false);
  });

  it('opportunity solicitation PDF: stored in the bucket', async () => {
    const id = await createOpportunity(t.db);
    const pdf = Buffer.concat([await solicitationPdf(), Buffer.from(`\n%${Math.random()}\n`)]);
    const res = await t.injectAs(writer.token, {
      method: 'POST',
      url: `/api/opportunities/${id}/upload-pdf`,
      ...multipartFile('file', 'sol.pdf', pdf),
    });
    expect(res.statusCode).toBe(200);
    expect(await inBucket(sha(pdf))).toBe(true);
  });

  it('logs nothing of the S3 keys, at trace level, through uploads, downloads and deletes', async () => {
    let log = '';
    const secret = `s3-secret-${Math.random().toString(36).slice(2)}`;
    // s3rver checks the key id, not the signature, so any secret is accepted with its key id.
    const traced = await buildTestApp(
      { ...s3.env, S3_SECRET_ACCESS_KEY: secret, LOG_LEVEL: 'trace' },
      { logStream: { write: (line: string) => void (log += line) } },
    );
    try {
      const user = await createUser(traced.db, traced.config);
      const ws = (await createWorkspace(traced.db, user.user.id)).id;
      const bytes = Buffer.from(`logged? ${Math.random()}`);
      const doc = (
        await traced.injectAs(user.token, {
          method: 'POST',
          url: `/api/workspaces/${ws}/documents`,
          ...multipartBody({ name: 'a.docx', bytes }),
        })
      ).json();
      expect(
        (await traced.injectAs(user.token, { method: 'GET', url: `/api/documents/${doc.id}/download` })).rawPayload.equals(bytes),
      ).toBe(true);
      expect((await traced.injectAs(user.token, { method: 'DELETE', url: `/api/documents/${doc.id}` })).statusCode).toBe(200);
    } finally {
      await traced.close();
    }
    expect(log).toContain('/download'); // the log was captured
    expect(log).not.toContain(secret);
  });

  it('the daily orphan cleanup lists the bucket and deletes old objects no row refers to, keeping the rest', async () => {
    const ws = await workspace();
    const kept = Buffer.from(`kept ${Math.random()}`);
    await t.injectAs(writer.token, {
      method: 'POST',
      url: `/api/workspaces/${ws}/documents`,
      ...multipartBody({ name: 'kept.docx', bytes: kept }),
    });
    const orphan = await t.files.put(Buffer.from(`left behind by a crash ${Math.random()}`));
    // Two hours on, both objects are old enough to be considered.
    const result = await removeOrphanFiles({ db: t.db, files: t.files }, new Date(Date.now() + 2 * 60 * 60_000));
    expect(result.removed).toBeGreaterThanOrEqual(1);
    expect(await inBucket(orphan.key)).toBe(false);
    expect(await inBucket(sha(kept))).toBe(true);
  });
});
