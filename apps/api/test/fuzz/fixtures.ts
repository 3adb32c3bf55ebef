import { desc } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { ndaVersions } from '../../src/db/schema/index';
import { signSessionToken } from '../../src/lib/tokens';
import { insertRfp } from '../ai-tools-factories';
import type { TestApp } from '../build-test-app';
import { createDocument, testFileStore } from '../document-factories';
import {
  addMember,
  createGeneratedDocument,
  createInvite,
  createNotification,
  createOpportunity,
  createUser,
  createWorkspace,
  saveOpportunityFor,
} from '../factories';
import { createMessageWithFile } from '../message-factories';
import { createTask } from '../task-factories';
import type { FuzzTargets } from './cases';
import type { JsonSchema, RouteSpec } from './openapi-routes';

/**
 * Real rows for the fuzz requests to aim at, so a malformed request reaches the handler of a
 * resource the caller may touch instead of stopping at "not found": an admin, a user who owns a
 * workspace with a member, a document, a task, a chat message with a file, an RFP and a generated
 * document, a notification, an invitation to another workspace and a join link.
 */
export async function createFuzzTargets(t: TestApp): Promise<FuzzTargets & { ids: Record<string, string> }> {
  const admin = await createUser(t.db, t.config, { name: 'Fuzz Admin', role: 'admin' });
  const owner = await createUser(t.db, t.config, { name: 'Fuzz Owner' });
  const member = await createUser(t.db, t.config, { name: 'Fuzz Member' });
  const bystander = await createUser(t.db, t.config, { name: 'Fuzz Bystander' });
  const otherOwner = await createUser(t.db, t.config, { name: 'Other Owner' });

  const noticeId = 'FUZZNOTICE0001';
  const opportunityId = await createOpportunity(t.db, { noticeId, description: '<p>Scope of work</p>' });
  await saveOpportunityFor(t.db, owner.user.id, opportunityId);
  const workspace = await createWorkspace(t.db, owner.user.id, { opportunityId });
  await addMember(t.db, workspace.id, member.user.id, 'CONTRIBUTOR');
  const other = await createWorkspace(t.db, otherOwner.user.id);
  const invite = await createInvite(t.db, other.id, owner.user.email, { invitedBy: otherOwner.user.id });
  const join = await createInvite(t.db, workspace.id, 'newcomer@example.com', { invitedBy: owner.user.id });
  const document = await createDocument(t, workspace.id, owner.user.id);
  const task = await createTask(t.db, workspace.id, { createdBy: owner.user.id, assigneeUserId: member.user.id });
  const message = await createMessageWithFile(t.db, testFileStore(t), workspace.id, owner.user.id);
  const rfp = await insertRfp(t.db, workspace.id);
  const generated = await createGeneratedDocument(t.db, owner.user.id, { opportunityId, documentType: 'compliance_matrix' });
  const notification = await createNotification(t.db, owner.user.id);
  const [nda] = await t.db.select().from(ndaVersions).orderBy(desc(ndaVersions.version)).limit(1);

  // The real id a path parameter names, by the collection it follows in the path.
  const byCollection: Record<string, string> = {
    opportunities: opportunityId,
    users: bystander.user.id,
    notifications: notification,
    'generated-documents': generated,
    workspaces: workspace.id,
    members: member.user.id,
    invites: invite.id,
    join: join.token,
    documents: document.id,
    versions: '1',
    tasks: task.id,
    messages: message.id,
    solicitations: rfp,
    requirements: 'L-001',
  };
  // Valid values for query parameters and body properties of these names.
  const byName: Record<string, string> = {
    opportunity_id: opportunityId,
    solicitation_id: opportunityId,
    workspace_id: workspace.id,
    user_id: bystander.user.id,
    assignee_user_id: member.user.id,
    nda_version_id: nda!.id,
    notice_id: noticeId,
    email: 'fuzz.target@example.com',
    csv_url: 'https://127.0.0.1/never.csv',
    token: 'not-a-reset-token',
    invite_code: 'NOT-A-CODE',
    'requirement_ids[]': 'L-001',
  };

  const secret = new TextEncoder().encode(t.config.JWT_SECRET);
  const sign = (claims: Record<string, unknown>, sub: string, exp: string | number) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuedAt().setExpirationTime(exp).sign(secret);
  const wrongSecret = await new SignJWT({ ver: owner.user.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(owner.user.id)
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
  const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: owner.user.id, ver: 0 })).toString('base64url')}.`;
  const badAuthorizations = [
    'Bearer ',
    'Bearer x',
    'Bearer a.b.c',
    `Bearer ${'A'.repeat(6000)}`,
    'Basic Zm9vOmJhcg==',
    `Bearer ${owner.token}x`,
    `Bearer ${owner.token.split('.').slice(0, 2).join('.')}.`,
    `Bearer ${wrongSecret}`,
    `Bearer ${noneAlg}`,
    `Bearer ${await sign({ ver: owner.user.tokenVersion }, owner.user.id, Math.floor(Date.now() / 1000) - 60)}`,
    `Bearer ${await sign({ ver: owner.user.tokenVersion + 7 }, owner.user.id, '1h')}`,
    `Bearer ${await sign({ ver: 'zero' }, owner.user.id, '1h')}`,
    `Bearer ${await sign({ ver: 0 }, '00000000-0000-4000-8000-000000000000', '1h')}`,
    `Bearer ${await sign({ ver: 0 }, 'not-a-uuid', '1h')}`,
    `Bearer ${await sign({ ver: 0 }, "' OR 1=1 --", '1h')}`,
    `Bearer ${await sign({ ver: 0 }, 'a'.repeat(3000), '1h')}`,
    `Bearer ${await signSessionToken(t.config.JWT_SECRET, { sub: bystander.user.id, ver: bystander.user.tokenVersion }, -1)}`,
  ];

  return {
    ids: { opportunityId, workspaceId: workspace.id, ownerId: owner.user.id, adminId: admin.user.id },
    tokens: { user: owner.token, admin: admin.token },
    badAuthorizations,
    pathValue(route: RouteSpec, param: string): string {
      const segments = route.path.split('/');
      const collection = segments[segments.indexOf(`{${param}}`) - 1] ?? '';
      // A collection no fixture knows yet still gets fuzzed, aimed at an id no row has.
      return byCollection[collection] ?? '00000000-0000-4000-8000-00000000f022';
    },
    namedValue(name: string, schema: JsonSchema): unknown {
      if (name in byName && (schema.type === 'string' || schema.type === undefined)) return byName[name];
      return undefined;
    },
  };
}
