import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createGeneratedDocument, createOpportunity, createUser } from '../../../test/factories';
import { users } from '../../db/schema/index';
import * as activityRepository from '../activity/activity.repository';

let t: TestApp;
let adminToken: string;
let userToken: string;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createUser(t.db, t.config, { role: 'admin', name: 'Ada Admin', email: 'ada@example.com' });
  adminToken = admin.token;
  const uma = await createUser(t.db, t.config, { name: 'Uma', email: 'uma@example.com' });
  userToken = uma.token;
  const old = await createUser(t.db, t.config, { name: 'Olga Old', email: 'olga@example.com' });
  const ancient = await createUser(t.db, t.config, { name: 'Anton Ancient', email: 'anton@example.com' });
  await t.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 10 * DAY) })
    .where(eq(users.id, old.user.id));
  await t.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 45 * DAY) })
    .where(eq(users.id, ancient.user.id));

  await createOpportunity(t.db, { department: 'DEPT OF DEFENSE' });
  await createOpportunity(t.db, { department: 'DEPT OF DEFENSE' });
  await createOpportunity(t.db, { department: 'GENERAL SERVICES ADMINISTRATION' });
  await createOpportunity(t.db, { department: null });

  for (const type of ['brief', 'brief', 'rfi']) await createGeneratedDocument(t.db, old.user.id, { documentType: type });
  await createGeneratedDocument(t.db, uma.user.id, { documentType: 'compliance' });
  // Six more document authors, so the top-5 cut shows.
  for (let i = 0; i < 6; i++) {
    const [u] = await t.db
      .insert(users)
      .values({ name: `Writer ${i}`, email: `writer${i}@example.com`, passwordHash: 'x', createdAt: new Date(Date.now() - 60 * DAY) })
      .returning();
    for (let k = 0; k < 2; k++) await createGeneratedDocument(t.db, u!.id, { documentType: 'rfp' });
  }
});
afterAll(async () => {
  await t.close();
});

describe('GET /admin/stats', () => {
  it('answers the SPEC §3 shape with exact counts', async () => {
    const res = await t.injectAs(adminToken, { method: 'GET', url: '/api/admin/stats' });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats.users).toEqual({ total: 10, admins: 1, regular_users: 9, recent_registrations: 2 });
    expect(stats.opportunities).toEqual({ total: 4, unique_agencies: 2 });
    expect(stats.documents).toEqual({ total: 16, by_type: { brief: 2, rfi: 1, compliance: 1, rfp: 12 } });
    expect(stats.most_active_users).toHaveLength(5);
    expect(stats.most_active_users[0]).toEqual({ name: 'Olga Old', email: 'olga@example.com', document_count: 3 });
    expect(stats.most_active_users.slice(1).map((u: { name: string }) => u.name)).toEqual(['Writer 0', 'Writer 1', 'Writer 2', 'Writer 3']);
    expect(stats.most_active_users.some((u: { name: string }) => u.name === 'Uma')).toBe(false);
  });

  it('gives sign-ups for each of the last 30 UTC days, oldest first, zeros included', async () => {
    const days = (await t.injectAs(adminToken, { method: 'GET', url: '/api/admin/stats' })).json().registrations_by_day as {
      date: string;
      count: number;
    }[];
    expect(days).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(days.at(-1)!.date).toBe(today);
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    const tenDaysAgo = new Date(Date.now() - 10 * DAY).toISOString().slice(0, 10);
    expect(days.find((d) => d.date === tenDaysAgo)!.count).toBe(1);
    expect(days.at(-1)!.count).toBe(2);
    expect(days.reduce((s, d) => s + d.count, 0)).toBe(3);
  });

  it('answers 401 without a token and 403 to a user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(401);
    const res = await t.injectAs(userToken, { method: 'GET', url: '/api/admin/stats' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Admin access required');
  });
});

describe('GET /admin/activity', () => {
  it('lists the newest first with the actor name, email or "System", default 20, ?limit= honoured', async () => {
    const base = Date.now() + 60_000;
    const at = (ms: number) => new Date(base + ms);
    for (let i = 0; i < 25; i++) {
      await activityRepository.insert(t.db, {
        userId: null,
        actorName: `Actor ${i}`,
        actorEmail: `a${i}@example.com`,
        action: 'document.generated',
        documentType: 'brief',
        solicitationNumber: `SOL-${i}`,
        createdAt: at(i * 1000),
      });
    }
    await activityRepository.insert(t.db, { action: 'x.y', actorName: '', actorEmail: 'only-email@example.com', createdAt: at(99_000) });
    await activityRepository.insert(t.db, { action: 'opportunities.imported', createdAt: at(100_000) });

    const res = await t.injectAs(adminToken, { method: 'GET', url: '/api/admin/activity' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(20);
    expect(list[0]).toMatchObject({ user: 'System', action: 'opportunities.imported', document_type: null, solicitation_number: null });
    expect(list[1]).toMatchObject({ user: 'only-email@example.com' });
    expect(list[2]).toEqual({
      id: expect.any(String),
      user: 'Actor 24',
      action: 'document.generated',
      document_type: 'brief',
      solicitation_number: 'SOL-24',
      timestamp: at(24_000).toISOString(),
    });
    const limited = (await t.injectAs(adminToken, { method: 'GET', url: '/api/admin/activity?limit=10' })).json();
    expect(limited).toHaveLength(10);
    expect(limited.map((a: { id: string }) => a.id)).toEqual(list.slice(0, 10).map((a: { id: string }) => a.id));
  });

  it('rejects a bad limit with a readable 400', async () => {
    for (const limit of ['0', '101', 'ten']) {
      const res = await t.injectAs(adminToken, { method: 'GET', url: `/api/admin/activity?limit=${limit}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/number|>=|<=|too (small|big)/i);
    }
  });

  it('answers 401 without a token and 403 to a user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/activity' })).statusCode).toBe(401);
    const res = await t.injectAs(userToken, { method: 'GET', url: '/api/admin/activity' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Admin access required');
  });
});
