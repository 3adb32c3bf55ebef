import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { activity, notifications, users } from '../../db/schema/index';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createUser>>;
let user: Awaited<ReturnType<typeof createUser>>;
let other: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.db, t.config, { role: 'admin', name: 'Ada Admin' });
  user = await createUser(t.db, t.config, { name: 'Uma' });
  other = await createUser(t.db, t.config, { name: 'Otto' });
});
afterAll(async () => {
  await t.close();
});

async function totalNotifications(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(notifications);
  return Number(row!.n);
}
const send = (token: string | null, payload: unknown) =>
  t.injectAs(token, { method: 'POST', url: '/api/admin/notifications', payload: payload as object });

describe('POST /admin/notifications', () => {
  it('sends an admin notification to one user, who sees it with its link', async () => {
    const res = await send(admin.token, { title: ' Welcome ', message: 'Hello Uma', user_id: user.user.id, link: '/documents' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: 1 });
    const mine = (await t.injectAs(user.token, { method: 'GET', url: '/api/notifications' })).json();
    expect(mine).toEqual([
      {
        id: expect.any(String),
        title: 'Welcome',
        message: 'Hello Uma',
        read: false,
        created_at: expect.any(String),
        type: 'admin',
        link: '/documents',
      },
    ]);
    expect((await t.injectAs(other.token, { method: 'GET', url: '/api/notifications' })).json()).toEqual([]);
    const [record] = await t.db.select().from(activity).where(eq(activity.action, 'admin.notification_sent'));
    expect(record).toMatchObject({ userId: admin.user.id, targetId: user.user.id, details: { title: 'Welcome', sent: 1 } });
  });

  it('with user_id null (or absent) reaches every user, in one statement', async () => {
    const extra = await Promise.all([1, 2, 3].map((i) => createUser(t.db, t.config, { name: `Extra ${i}` })));
    const [{ n: userCount }] = (await t.db.select({ n: count() }).from(users)) as [{ n: number }];
    const before = await totalNotifications();
    const res = await send(admin.token, { title: 'Maintenance', message: 'Down at noon', user_id: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sent: Number(userCount) });
    expect(await totalNotifications()).toBe(before + Number(userCount));
    for (const person of [admin, user, other, ...extra]) {
      const list = (await t.injectAs(person.token, { method: 'GET', url: '/api/notifications' })).json();
      expect(list.filter((n: { title: string }) => n.title === 'Maintenance')).toEqual([
        expect.objectContaining({ message: 'Down at noon', type: 'admin', link: null, read: false }),
      ]);
    }
    const absent = await send(admin.token, { title: 'Again', message: 'Everyone' });
    expect(absent.json()).toEqual({ sent: Number(userCount) });
  });

  it('answers 404 "User not found" for an unknown user and sends nothing', async () => {
    const before = await totalNotifications();
    const res = await send(admin.token, { title: 'Hi', message: 'There', user_id: randomUUID() });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('User not found');
    expect(await totalNotifications()).toBe(before);
  });

  it('rejects bad input with a readable 400 and sends nothing', async () => {
    const before = await totalNotifications();
    const cases: [unknown, RegExp][] = [
      [{ message: 'No title' }, /Title is required/],
      [{ title: '   ', message: 'Blank title' }, /Title is required/],
      [{ title: 'No message' }, /Message is required/],
      [{ title: 'Bad id', message: 'x', user_id: 'not-a-uuid' }, /user_id must be a valid id/],
      [{ title: 'Bad link', message: 'x', link: 'https://evil.example' }, /Link must be an in-app path/],
    ];
    for (const [payload, detail] of cases) {
      const res = await send(admin.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
    expect(await totalNotifications()).toBe(before);
  });

  it('answers 401 without a token and 403 "Admin access required" to a user, sending nothing', async () => {
    const before = await totalNotifications();
    expect((await send(null, { title: 'a', message: 'b' })).statusCode).toBe(401);
    const res = await send(user.token, { title: 'a', message: 'b' });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Admin access required');
    expect(await totalNotifications()).toBe(before);
  });
});
