import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createNotification, createUser } from '../../../test/factories';
import { notifications } from '../../db/schema/index';

let t: TestApp;
let alice: Awaited<ReturnType<typeof createUser>>;
let bob: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await createUser(t.db, t.config, { name: 'Alice' });
  bob = await createUser(t.db, t.config, { name: 'Bob' });
});
afterAll(async () => {
  await t.close();
});

async function row(id: string) {
  const [r] = await t.db.select().from(notifications).where(eq(notifications.id, id));
  return r;
}

describe('GET /notifications', () => {
  it("lists only the caller's own, newest first, at most 100", async () => {
    const now = Date.now();
    const older = await createNotification(t.db, alice.user.id, { title: 'Older', createdAt: new Date(now - 60_000) });
    const newer = await createNotification(t.db, alice.user.id, {
      title: 'Newer',
      type: 'admin',
      link: '/documents',
      createdAt: new Date(now),
    });
    await createNotification(t.db, bob.user.id, { title: 'For Bob' });

    const res = await t.injectAs(alice.token, { method: 'GET', url: '/api/notifications' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: newer,
        title: 'Newer',
        message: 'Something happened',
        read: false,
        created_at: new Date(now).toISOString(),
        type: 'admin',
        link: '/documents',
      },
      {
        id: older,
        title: 'Older',
        message: 'Something happened',
        read: false,
        created_at: new Date(now - 60_000).toISOString(),
        type: 'system',
        link: null,
      },
    ]);

    const many = await createUser(t.db, t.config);
    await t.db.insert(notifications).values(
      Array.from({ length: 105 }, (_, i) => ({
        userId: many.user.id,
        title: `N${i}`,
        message: 'm',
        createdAt: new Date(now + i * 1000),
      })),
    );
    const list = (await t.injectAs(many.token, { method: 'GET', url: '/api/notifications' })).json();
    expect(list).toHaveLength(100);
    expect(list[0].title).toBe('N104');
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});

describe('PUT /notifications/{id}/read', () => {
  it('marks the caller’s notification read', async () => {
    const id = await createNotification(t.db, alice.user.id);
    const res = await t.injectAs(alice.token, { method: 'PUT', url: `/api/notifications/${id}/read` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, read: true });
    expect((await row(id))!.read).toBe(true);
    // Idempotent.
    expect((await t.injectAs(alice.token, { method: 'PUT', url: `/api/notifications/${id}/read` })).statusCode).toBe(200);
  });

  it("answers 404 for another user's notification and leaves it unread", async () => {
    const id = await createNotification(t.db, bob.user.id);
    const res = await t.injectAs(alice.token, { method: 'PUT', url: `/api/notifications/${id}/read` });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Notification not found');
    expect((await row(id))!.read).toBe(false);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'nope']) {
      const res = await t.injectAs(alice.token, { method: 'PUT', url: `/api/notifications/${id}/read` });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toBe('Notification not found');
    }
  });

  it('answers 401 without a token', async () => {
    const id = await createNotification(t.db, alice.user.id);
    expect((await t.app.inject({ method: 'PUT', url: `/api/notifications/${id}/read` })).statusCode).toBe(401);
    expect((await row(id))!.read).toBe(false);
  });
});

describe('DELETE /notifications/{id}', () => {
  it('deletes the caller’s notification', async () => {
    const id = await createNotification(t.db, alice.user.id);
    const res = await t.injectAs(alice.token, { method: 'DELETE', url: `/api/notifications/${id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Notification deleted' });
    expect(await row(id)).toBeUndefined();
    expect((await t.injectAs(alice.token, { method: 'DELETE', url: `/api/notifications/${id}` })).statusCode).toBe(404);
  });

  it("answers 404 for another user's notification and keeps it", async () => {
    const id = await createNotification(t.db, bob.user.id);
    const res = await t.injectAs(alice.token, { method: 'DELETE', url: `/api/notifications/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Notification not found');
    expect(await row(id)).toBeDefined();
  });

  it('answers 404 for a malformed id and 401 without a token', async () => {
    expect((await t.injectAs(alice.token, { method: 'DELETE', url: '/api/notifications/nope' })).statusCode).toBe(404);
    const id = await createNotification(t.db, alice.user.id);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/notifications/${id}` })).statusCode).toBe(401);
    expect(await row(id)).toBeDefined();
  });
});
