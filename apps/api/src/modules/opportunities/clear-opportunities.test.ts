import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createGeneratedDocument, createOpportunity, createUser, saveOpportunityFor } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';
import { workspaces } from '../../db/schema/index';

/**
 * Issue 21 item 2: Clear All Opportunities keeps every workspace's notice facts, the dialog's
 * preview counts each consequence, and the notice coming back (import, SAM sync, search) relinks it.
 */

let t: TestApp;
type U = Awaited<ReturnType<typeof createUser>>;
let admin: U;
let owner: U;
let writer: U;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, t.config, { role: 'admin', name: 'Ada Admin' });
  owner = await createUser(t.db, t.config, { name: 'Olivia Owner' });
  writer = await createUser(t.db, t.config, { name: 'Carl Contributor' });
});
afterAll(async () => {
  await t.close();
});

const HEADER = 'NoticeId,Title,Sol#,Department/Ind.Agency,PostedDate,ResponseDeadLine,NaicsCode,Active';
const importCsv = (rows: string[]) => {
  const { payload, headers } = multipartFile('file', 'extract.csv', Buffer.from(`${HEADER}\n${rows.join('\n')}\n`), 'text/csv');
  return t.injectAs(admin.token, { method: 'POST', url: '/api/admin/import-csv-upload', payload, headers });
};
const getWorkspace = (id: string, token = owner.token) => t.injectAs(token, { method: 'GET', url: `/api/workspaces/${id}` });
const preview = (token: string | null = admin.token) => t.injectAs(token, { method: 'GET', url: '/api/admin/clear-opportunities/preview' });
const clear = () => t.injectAs(admin.token, { method: 'DELETE', url: '/api/admin/clear-opportunities' });

describe('Clear All Opportunities and the workspaces on them', () => {
  let workspaceId: string;
  const notice = 'keepfacts0001';
  const row = `${notice},Harbor dredging services,N-DREDGE-26,DEPT OF THE NAVY,2026-11-20,2099-03-01,237990,Yes`;

  it('previews every consequence: opportunities, favourites and their users, PDFs, generated documents, workspaces', async () => {
    expect((await importCsv([row])).json()).toMatchObject({ inserted: 1 });
    const [opp] = await t.db
      .execute<{ id: string }>(sql`select id from opportunities where notice_id = ${notice}`)
      .then((r) => (Array.isArray(r) ? r : (r as { rows: { id: string }[] }).rows));
    const created = await t.injectAs(owner.token, { method: 'POST', url: '/api/workspaces', payload: { solicitation_id: opp!.id } });
    expect(created.statusCode).toBe(201);
    workspaceId = created.json().id;
    await addMember(t.db, workspaceId, writer.user.id, 'CONTRIBUTOR');
    const other = await createOpportunity(t.db);
    await saveOpportunityFor(t.db, owner.user.id, other);
    await saveOpportunityFor(t.db, writer.user.id, other);
    await saveOpportunityFor(t.db, writer.user.id, opp!.id);
    await createGeneratedDocument(t.db, owner.user.id, { opportunityId: other });

    const res = await preview();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      opportunities: 2,
      favorites: 3,
      favorite_users: 2,
      solicitation_pdfs: 0,
      generated_documents: 1,
      workspaces: 1,
    });
  });

  it('keeps the header facts and AI Tools of a workspace whose opportunity was cleared', async () => {
    const before = (await getWorkspace(workspaceId)).json().opportunity;
    expect(before).toMatchObject({
      linked: true,
      title: 'Harbor dredging services',
      agency: 'DEPT OF THE NAVY',
      solicitation_number: 'N-DREDGE-26',
    });

    const res = await clear();
    expect(res.json()).toEqual({ deleted: 2, workspaces_kept: 1 });
    const after = (await getWorkspace(workspaceId)).json().opportunity;
    expect(after).toEqual({
      id: null,
      linked: false,
      title: 'Harbor dredging services',
      agency: 'DEPT OF THE NAVY',
      solicitation_number: 'N-DREDGE-26',
      response_date: before.response_date,
    });
    expect(before.response_date).toMatch(/^2099-03-01/);

    const generated = await t.injectAs(writer.token, {
      method: 'POST',
      url: '/api/documents/generate',
      payload: { workspace_id: workspaceId, document_type: 'requirements' },
    });
    expect(generated.statusCode).toBe(200);
    expect(generated.json().content).toContain('Harbor dredging services');
    expect((await preview()).json()).toEqual({
      opportunities: 0,
      favorites: 0,
      favorite_users: 0,
      solicitation_pdfs: 0,
      generated_documents: 0,
      workspaces: 0,
    });
  });

  it('relinks the workspace when the same notice is imported again', async () => {
    expect((await importCsv([row])).json()).toMatchObject({ inserted: 1 });
    const relinked = (await getWorkspace(workspaceId)).json().opportunity;
    expect(relinked).toMatchObject({ linked: true, title: 'Harbor dredging services', id: expect.any(String) });
    const link = await t.injectAs(owner.token, { method: 'GET', url: `/api/opportunities/${relinked.id}/workspace` });
    expect(link.json()).toMatchObject({ workspace_id: workspaceId, is_member: true });
  });

  it('relinks on a SAM.gov search or sync too (every upsert), never onto an opportunity that has a workspace', async () => {
    const { upsertOpportunities } = await import('./opportunities-write.repository');
    await clear();
    // Two workspaces kept the same notice (the second created while the first was unlinked is impossible
    // through the API, so the rows are written here): only the oldest takes it back.
    const [second] = await t.db
      .insert(workspaces)
      .values({ name: 'Late twin', ownerId: owner.user.id, noticeId: notice, opportunitySnapshot: null })
      .returning({ id: workspaces.id });
    await upsertOpportunities(t.db, [{ noticeId: notice, title: 'Harbor dredging services', source: 'sam', active: true }]);
    expect((await getWorkspace(workspaceId)).json().opportunity.linked).toBe(true);
    const [twin] = await t.db.select().from(workspaces).where(eq(workspaces.id, second!.id));
    expect(twin!.opportunityId).toBeNull();
  });

  it('answers 401 without a token and 403 to a user', async () => {
    expect((await preview(null)).statusCode).toBe(401);
    const refused = await preview(owner.token);
    expect([refused.statusCode, refused.json().detail]).toEqual([403, 'Admin access required']);
  });
});

describe('migration 0012 backfill', () => {
  it('gives an existing workspace the notice id and facts of its opportunity', async () => {
    const opp = await createOpportunity(t.db, {
      noticeId: 'backfill0001',
      title: 'Fleet fuel delivery',
      solicitationNumber: 'FUEL-1',
      department: 'DEPT OF ENERGY',
    });
    const [row] = await t.db
      .insert(workspaces)
      .values({ name: 'Old workspace', ownerId: owner.user.id, opportunityId: opp })
      .returning({ id: workspaces.id });
    const migration = readFileSync(
      path.join(import.meta.dirname, '../../db/migrations/0012_workspace_snapshot_invite_notifications.sql'),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "workspaces"'))!;
    await t.db.execute(sql.raw(backfill));
    const [kept] = await t.db.select().from(workspaces).where(eq(workspaces.id, row!.id));
    expect(kept!.noticeId).toBe('backfill0001');
    expect(kept!.opportunitySnapshot).toMatchObject({
      title: 'Fleet fuel delivery',
      solicitation_number: 'FUEL-1',
      agency: 'DEPT OF ENERGY',
    });
    expect(kept!.opportunitySnapshot!.response_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});
