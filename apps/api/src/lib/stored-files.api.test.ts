import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { longPdf } from '../../test/big-pdf';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createDocument, documentSnapshot, multipartBody } from '../../test/document-factories';
import { addMember, createOpportunity, createUser, createWorkspace } from '../../test/factories';
import { chatMultipart, chatSnapshot } from '../../test/message-factories';
import { multipartFile } from '../../test/multipart';
import { docx, rfpSnapshot, SMALL_DRAFT } from '../../test/rfp-factories';
import { solicitationPdf } from '../../test/solicitation-pdf';
import { opportunities, solicitationPdfs, storageReservations } from '../db/schema/index';
import { storageUsedBy } from './stored-files';

/** Issue 16: uploaded files live exactly as long as a row refers to them, within a per-user quota. */

type Body = { payload: Buffer; headers: Record<string, string> };
type User = { user: { id: string }; token: string };

const storedFiles = (t: TestApp) => {
  try {
    return readdirSync(path.join(t.config.DATA_DIR, 'files'), { recursive: true })
      .map(String)
      .filter((f) => /[0-9a-f]{64}$/.test(f))
      .sort();
  } catch {
    return [];
  }
};

/** A multipart body carrying two files at once. */
function twoFiles(first: Uint8Array, second: Uint8Array, names = ['a.pdf', 'b.pdf'], fields: Record<string, string> = {}): Body {
  const boundary = '----biddesktwo';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  [first, second].forEach((bytes, i) => {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${names[i]}"\r\nContent-Type: application/pdf\r\n\r\n`;
    parts.push(Buffer.from(head), Buffer.from(bytes), Buffer.from('\r\n'));
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const post = (t: TestApp, as: User, url: string, body: Body) => t.injectAs(as.token, { method: 'POST', url, ...body });

/** Everything an upload could change in a workspace or on an opportunity. */
async function everything(t: TestApp, wsId: string, opportunityId: string) {
  return {
    files: storedFiles(t),
    documents: await documentSnapshot(t.db, wsId),
    rfp: await rfpSnapshot(t.db, wsId),
    chat: await chatSnapshot(t.db, wsId),
    pdfs: await t.db.select({ id: solicitationPdfs.id }).from(solicitationPdfs).where(eq(solicitationPdfs.opportunityId, opportunityId)),
  };
}

describe('several files in one upload', () => {
  let t: TestApp;
  let owner: User;
  let pdf: Uint8Array;
  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createUser(t.db, t.config);
    pdf = await solicitationPdf();
  });
  afterAll(async () => {
    await t.close();
  });

  it('are refused with 400 on every upload path, and nothing is stored', { timeout: 120_000 }, async () => {
    const { id: wsId, opportunityId } = await createWorkspace(t.db, owner.user.id);
    const held = await createDocument(t, wsId, owner.user.id, { checkedOutBy: owner.user.id });
    const before = await everything(t, wsId, opportunityId);
    const other = await solicitationPdf([['SECTION L', 'L.1 Offerors shall submit a second file.']]);
    const paths = [
      `/api/opportunities/${opportunityId}/upload-pdf`,
      `/api/workspaces/${wsId}/documents`,
      `/api/documents/${held.id}/check-in`,
      `/api/workspaces/${wsId}/rfp/upload`,
    ];
    for (const url of paths) {
      const res = await post(t, owner, url, twoFiles(pdf, other));
      expect({ url, status: res.statusCode, detail: res.json().detail }).toEqual({
        url,
        status: 400,
        detail: 'Please send one file at a time',
      });
    }
    const chat = await post(t, owner, `/api/workspaces/${wsId}/messages`, twoFiles(pdf, other, ['a.pdf', 'b.pdf'], { message: 'two' }));
    expect({ status: chat.statusCode, detail: chat.json().detail }).toEqual({
      status: 400,
      detail: 'Only one attachment can be sent with a message',
    });
    expect(await everything(t, wsId, opportunityId)).toEqual(before);

    // The draft path needs an RFP first.
    expect((await post(t, owner, `/api/workspaces/${wsId}/rfp/upload`, multipartFile('file', 'rfp.pdf', pdf))).statusCode).toBe(200);
    const withRfp = await everything(t, wsId, opportunityId);
    const draft = await post(t, owner, `/api/workspaces/${wsId}/rfp/analyze-draft`, twoFiles(pdf, other));
    expect({ status: draft.statusCode, detail: draft.json().detail }).toEqual({ status: 400, detail: 'Please send one file at a time' });
    expect(await everything(t, wsId, opportunityId)).toEqual(withRfp);
  });
});

describe('files no row refers to', () => {
  let t: TestApp;
  let admin: User;
  let owner: User;
  beforeAll(async () => {
    // One worker, and time enough for a 200-page read on a loaded machine.
    t = await buildTestApp({ PARSE_WORKERS: '1', PARSE_TIMEOUT_MS: '600000' });
    admin = await createUser(t.db, t.config, { role: 'admin' });
    owner = await createUser(t.db, t.config);
  });
  afterAll(async () => {
    await t.close();
  });

  it('an opportunity deleted while its PDF waits for a parse worker: 404, no row and no file left', { timeout: 120_000 }, async () => {
    // One worker (PARSE_WORKERS=1), busy with a long PDF: the second upload waits for it, and its
    // opportunity is deleted meanwhile, so its row can no longer be written once it has been read.
    const busy = await createOpportunity(t.db);
    const id = await createOpportunity(t.db);
    const before = storedFiles(t);
    let longDone = false;
    const long = post(t, owner, `/api/opportunities/${busy}/upload-pdf`, multipartFile('file', 'long.pdf', await longPdf(200, 20))).finally(
      () => (longDone = true),
    );
    await new Promise((r) => setTimeout(r, 100));
    const upload = post(t, owner, `/api/opportunities/${id}/upload-pdf`, multipartFile('file', 'rfp.pdf', await solicitationPdf()));
    await new Promise((r) => setTimeout(r, 400));
    expect(longDone).toBe(false);
    await t.db.delete(opportunities).where(eq(opportunities.id, id));
    const res = await upload;
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 404, detail: 'Opportunity not found' });
    expect(await t.db.select().from(solicitationPdfs).where(eq(solicitationPdfs.opportunityId, id))).toEqual([]);
    expect((await long).statusCode).toBe(200);
    const [longRow] = await t.db
      .select({ key: solicitationPdfs.storageKey })
      .from(solicitationPdfs)
      .where(eq(solicitationPdfs.opportunityId, busy));
    expect(storedFiles(t)).toEqual([...before, path.join(longRow!.key.slice(0, 2), longRow!.key)].sort());
  });

  it('clearing opportunities deletes their PDFs, except one a workspace RFP still holds', { timeout: 120_000 }, async () => {
    const shared = await solicitationPdf();
    const only = await solicitationPdf([['SECTION L', 'L.1 Offerors shall submit this file only here.']]);
    const a = await createOpportunity(t.db);
    const b = await createOpportunity(t.db);
    const before = storedFiles(t).length;
    expect((await post(t, owner, `/api/opportunities/${a}/upload-pdf`, multipartFile('file', 'shared.pdf', shared))).statusCode).toBe(200);
    expect((await post(t, owner, `/api/opportunities/${b}/upload-pdf`, multipartFile('file', 'only.pdf', only))).statusCode).toBe(200);
    const ws = await createWorkspace(t.db, owner.user.id);
    expect((await post(t, owner, `/api/workspaces/${ws.id}/rfp/upload`, multipartFile('file', 'shared.pdf', shared))).statusCode).toBe(200);
    const [rfpKey] = (await rfpSnapshot(t.db, ws.id)).solicitations.map((s) => s.key);
    expect(storedFiles(t).filter((f) => f.endsWith(rfpKey!))).toHaveLength(1);
    expect(storedFiles(t)).toHaveLength(before + 2);

    const res = await t.injectAs(admin.token, { method: 'DELETE', url: '/api/admin/clear-opportunities' });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(solicitationPdfs)).toEqual([]);
    // The workspace's RFP is the same bytes, so its file stays; the other PDF is gone.
    expect(storedFiles(t).map((f) => path.basename(f))).toEqual([rfpKey]);
  });
});

describe('USER_STORAGE_QUOTA_MB', () => {
  let t: TestApp;
  let full: User;
  let fresh: User;
  let pdf: Uint8Array;
  beforeAll(async () => {
    t = await buildTestApp({ USER_STORAGE_QUOTA_MB: '1' });
    full = await createUser(t.db, t.config);
    fresh = await createUser(t.db, t.config);
    pdf = await solicitationPdf();
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts what a user uploaded across every table', async () => {
    const { id: wsId } = await createWorkspace(t.db, fresh.user.id);
    expect(await storageUsedBy(t.db, fresh.user.id)).toBe(0);
    await createDocument(t, wsId, fresh.user.id, { bytes: Buffer.alloc(1000, 1) });
    expect(
      (await post(t, fresh, `/api/workspaces/${wsId}/messages`, chatMultipart({ file: { name: 'n.txt', bytes: Buffer.alloc(500, 2) } })))
        .statusCode,
    ).toBe(201);
    expect(await storageUsedBy(t.db, fresh.user.id)).toBe(1500);
  });

  it(
    'holds under concurrent uploads: ten parallel 300 KB uploads against 1 MB store three (PostgreSQL: real concurrency)',
    { timeout: 120_000 },
    async () => {
      const racer = await createUser(t.db, t.config);
      const { id: wsId } = await createWorkspace(t.db, racer.user.id);
      const uploads = Array.from({ length: 10 }, (_, i) =>
        post(
          t,
          racer,
          `/api/workspaces/${wsId}/messages`,
          chatMultipart({ message: `part ${i}`, file: { name: `part-${i}.bin`, bytes: Buffer.alloc(300 * 1024, i + 1) } }),
        ),
      );
      const responses = await Promise.all(uploads);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, ...Array<number>(7).fill(413)]);
      for (const refused of responses.filter((r) => r.statusCode === 413))
        expect(refused.json().detail).toMatch(/^This upload would go over your storage quota/);
      expect(await storageUsedBy(t.db, racer.user.id)).toBe(3 * 300 * 1024);
      expect((await chatSnapshot(t.db, wsId)).messages.filter((m) => m.fileKey)).toHaveLength(3);
      // Every reservation ended with its upload, so the quota is free again for what was not stored.
      expect(await t.db.select().from(storageReservations).where(eq(storageReservations.userId, racer.user.id))).toEqual([]);
    },
  );

  it(
    'refuses every upload path with 413 and a readable detail once a user would go over it, storing nothing',
    { timeout: 120_000 },
    async () => {
      const { id: wsId, opportunityId } = await createWorkspace(t.db, full.user.id);
      // Nearly 1 MB already in use: a 1 MB - 100 bytes document.
      const held = await createDocument(t, wsId, full.user.id, { bytes: Buffer.alloc(1024 * 1024 - 100, 7), checkedOutBy: full.user.id });
      const before = await everything(t, wsId, opportunityId);
      const detail =
        /^This upload would go over your storage quota: you use 1,023\.9 KB of 1 MB and the file is \d(\.\d)? KB\. Delete files you no longer need/;
      const attempts: [string, Body][] = [
        [`/api/opportunities/${opportunityId}/upload-pdf`, multipartFile('file', 'rfp.pdf', pdf)],
        [`/api/workspaces/${wsId}/documents`, multipartBody({ name: 'plan.pdf', bytes: pdf })],
        [`/api/documents/${held.id}/check-in`, multipartBody({ name: 'v2.pdf', bytes: pdf })],
        [`/api/workspaces/${wsId}/messages`, chatMultipart({ message: 'see file', file: { name: 'plan.pdf', bytes: pdf } })],
        [`/api/workspaces/${wsId}/rfp/upload`, multipartFile('file', 'rfp.pdf', pdf)],
      ];
      for (const [url, body] of attempts) {
        const res = await post(t, full, url, body);
        expect({ url, status: res.statusCode }).toEqual({ url, status: 413 });
        expect(res.json().detail).toMatch(detail);
      }
      expect(await everything(t, wsId, opportunityId)).toEqual(before);

      // Another user's quota is their own: the same uploads work for them, the draft path included.
      const other = await createWorkspace(t.db, fresh.user.id);
      expect((await post(t, fresh, `/api/workspaces/${other.id}/rfp/upload`, multipartFile('file', 'rfp.pdf', pdf))).statusCode).toBe(200);
      const draft = multipartFile(
        'file',
        'draft.docx',
        await docx(SMALL_DRAFT),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      expect((await post(t, fresh, `/api/workspaces/${other.id}/rfp/analyze-draft`, draft)).statusCode).toBe(200);

      // The draft path for the user at the quota: an RFP uploaded by someone else, the draft by them.
      const shared = await createWorkspace(t.db, fresh.user.id);
      await addMember(t.db, shared.id, full.user.id, 'CONTRIBUTOR');
      expect((await post(t, fresh, `/api/workspaces/${shared.id}/rfp/upload`, multipartFile('file', 'rfp.pdf', pdf))).statusCode).toBe(200);
      const sharedBefore = await rfpSnapshot(t.db, shared.id);
      const refused = await post(t, full, `/api/workspaces/${shared.id}/rfp/analyze-draft`, draft);
      expect(refused.statusCode).toBe(413);
      expect(refused.json().detail).toMatch(detail);
      expect(await rfpSnapshot(t.db, shared.id)).toEqual(sharedBefore);
    },
  );
});
