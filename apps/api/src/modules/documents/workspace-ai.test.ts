import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { aiSnapshot, insertRfp, RFP_REQUIREMENTS } from '../../../test/ai-tools-factories';
import { addMember, createGeneratedDocument, createOpportunity, createUser, createWorkspace } from '../../../test/factories';
import { generatedDocuments, workspaces } from '../../db/schema/index';

/** The workspace AI tools through POST /documents/generate with workspace_id (issue 13, item 2). */

let t: TestApp;
let owner: { token: string; user: { id: string; name: string } };
let writer: { token: string; user: { id: string; name: string } };
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, t.config, { name: 'Olga Owner' });
  writer = await createUser(t.db, t.config, { name: 'Carl Contributor' });
});
afterAll(async () => {
  await t.close();
});

const generate = (token: string, payload: object) => t.injectAs(token, { method: 'POST', url: '/api/documents/generate', payload });

async function workspace() {
  const opportunityId = await createOpportunity(t.db, {
    title: 'Custodial services for Building 12',
    solicitationNumber: 'W912-26-R-0042',
  });
  const ws = await createWorkspace(t.db, owner.user.id, { opportunityId });
  await addMember(t.db, ws.id, writer.user.id, 'CONTRIBUTOR');
  return ws;
}

const TYPES = [
  ['requirements', 'Requirements Analysis'],
  ['proposal', 'Proposal Draft'],
  ['compliance', 'Compliance Checklist'],
  ['pricing', 'Pricing Strategy'],
] as const;

describe('POST /api/documents/generate with workspace_id', () => {
  it.each(TYPES)('writes the %s document from the latest RFP, citing its requirement ids, seen by every member', async (type, label) => {
    const ws = await workspace();
    await insertRfp(t.db, ws.id, { version: 1, requirements: [{ ...RFP_REQUIREMENTS[0]!, requirement_id: 'L-077' }] });
    await insertRfp(t.db, ws.id, { version: 2 });
    await insertRfp(t.db, ws.id, {
      version: 3,
      processingStatus: 'processing',
      requirements: [{ ...RFP_REQUIREMENTS[0]!, requirement_id: 'L-099' }],
    });
    const res = await generate(writer.token, { workspace_id: ws.id, document_type: type });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc).toMatchObject({
      document_type: type,
      workspace_id: ws.id,
      opportunity_id: ws.opportunityId,
      solicitation_number: 'W912-26-R-0042',
      author_id: writer.user.id,
      author_name: 'Carl Contributor',
    });
    expect(doc.generated_at).toBe(doc.created_at);
    expect(doc.metadata).toMatchObject({
      title: 'Custodial services for Building 12',
      requirements_count: RFP_REQUIREMENTS.length,
      source_rfp_version: 2,
    });
    const cited = RFP_REQUIREMENTS.filter((r) => doc.content.includes(r.requirement_id));
    expect(cited.length).toBeGreaterThan(0);
    if (type === 'requirements' || type === 'compliance') expect(cited).toEqual(RFP_REQUIREMENTS);
    // Only the latest completed version counts: not the older one, not one still processing.
    expect(doc.content).not.toContain('L-077');
    expect(doc.content).not.toContain('L-099');

    const list = await t.injectAs(owner.token, { method: 'GET', url: `/api/documents?workspace_id=${ws.id}` });
    expect(list.json().map((d: { id: string }) => d.id)).toEqual([doc.id]);
    const log = await t.injectAs(owner.token, { method: 'GET', url: `/api/workspaces/${ws.id}/activity` });
    expect(JSON.stringify(log.json())).toContain(`Carl Contributor generated the ${label}`);
  });

  it.each(TYPES)('writes the %s document from the opportunity alone before any RFP', async (type) => {
    const ws = await workspace();
    const res = await generate(owner.token, { workspace_id: ws.id, opportunity_id: ws.opportunityId, document_type: type });
    expect(res.statusCode).toBe(200);
    expect(res.json().metadata).toMatchObject({ requirements_count: 0, source_rfp_id: null });
    expect(res.json().content).toContain('Custodial services for Building 12');
    expect(res.json().content).not.toMatch(/\[[LMCO]-[0-9a-z.()-]+\]/);
  });

  it('writes the Compliance Checklist for a workspace and the Compliance Matrix without one', async () => {
    const ws = await workspace();
    await insertRfp(t.db, ws.id);
    const checklist = await generate(owner.token, { workspace_id: ws.id, document_type: 'compliance' });
    const matrix = await generate(owner.token, { opportunity_id: ws.opportunityId, document_type: 'compliance' });
    expect(checklist.json().content).toContain('Compliance Checklist');
    expect(checklist.json().content).toContain('- [ ] [L-001]');
    expect(matrix.statusCode).toBe(200);
    expect(matrix.json().content).not.toContain('Compliance Checklist');
    expect(matrix.json()).not.toHaveProperty('workspace_id');
  });

  it('answers "Opportunity information not available" when the workspace lost its opportunity, storing nothing', async () => {
    const ws = await workspace();
    await t.db.update(workspaces).set({ opportunityId: null }).where(eq(workspaces.id, ws.id));
    const before = await aiSnapshot(t.db, ws.id);
    const res = await generate(writer.token, { workspace_id: ws.id, document_type: 'proposal' });
    expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 400, detail: 'Opportunity information not available' });
    expect(await aiSnapshot(t.db, ws.id)).toEqual(before);
  });

  it('refuses a personal type, another opportunity or a missing opportunity_id with a readable 400, storing nothing', async () => {
    const ws = await workspace();
    const other = await createOpportunity(t.db);
    const before = await aiSnapshot(t.db, ws.id);
    const bad = [
      [{ workspace_id: ws.id, document_type: 'brief' }, 'document_type must be one of requirements, proposal, compliance, pricing'],
      [{ workspace_id: ws.id, document_type: 'pricing', opportunity_id: other }, "opportunity_id is not this workspace's opportunity"],
      [{ opportunity_id: other, document_type: 'pricing' }, 'document_type must be one of brief, compliance, rfi, rfp'],
      [{ document_type: 'brief' }, 'opportunity_id is required'],
    ] as const;
    for (const [payload, detail] of bad) {
      const res = await generate(owner.token, payload);
      expect({ status: res.statusCode, detail: res.json().detail }).toEqual({ status: 400, detail });
    }
    expect(await aiSnapshot(t.db, ws.id)).toEqual(before);
  });
});

describe('workspace documents stay out of personal lists', () => {
  it("are not in the author's GET /documents, nor exportable as a personal matrix", async () => {
    const ws = await workspace();
    await insertRfp(t.db, ws.id);
    const teamDoc = (await generate(writer.token, { workspace_id: ws.id, document_type: 'compliance' })).json();
    const personal = (await generate(writer.token, { opportunity_id: ws.opportunityId, document_type: 'brief' })).json();
    for (const url of ['/api/documents', `/api/documents?opportunity_id=${ws.opportunityId}`]) {
      const ids = (await t.injectAs(writer.token, { method: 'GET', url })).json().map((d: { id: string }) => d.id);
      expect(ids).toContain(personal.id);
      expect(ids).not.toContain(teamDoc.id);
    }
    const exported = await t.injectAs(writer.token, { method: 'GET', url: `/api/generated-documents/${teamDoc.id}/export?format=csv` });
    expect(exported.statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/users/{id} and workspace documents', () => {
  it("keeps the deleted author's workspace documents (they pass to the workspace owner) and removes their personal ones", async () => {
    const admin = await createUser(t.db, t.config, { name: 'Ada Admin', role: 'admin' });
    const author = await createUser(t.db, t.config, { name: 'Leaving Lee' });
    const ws = await workspace();
    await addMember(t.db, ws.id, author.user.id, 'CONTRIBUTOR');
    const teamDoc = (await generate(author.token, { workspace_id: ws.id, document_type: 'pricing' })).json();
    const personalId = await createGeneratedDocument(t.db, author.user.id, { opportunityId: ws.opportunityId });

    const res = await t.injectAs(admin.token, { method: 'DELETE', url: `/api/admin/users/${author.user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().removed.generated_documents).toBe(1);
    const [kept] = await t.db.select().from(generatedDocuments).where(eq(generatedDocuments.id, teamDoc.id));
    expect(kept).toMatchObject({ userId: owner.user.id, workspaceId: ws.id });
    expect(await t.db.select().from(generatedDocuments).where(eq(generatedDocuments.id, personalId))).toEqual([]);
    const list = (await t.injectAs(writer.token, { method: 'GET', url: `/api/documents?workspace_id=${ws.id}` })).json();
    expect(list).toEqual([expect.objectContaining({ id: teamDoc.id, author_name: 'Leaving Lee', author_id: owner.user.id })]);
  });
});
