import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { users } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const patch = (token: string | null, payload: unknown) =>
  t.injectAs(token, { method: 'PATCH', url: '/api/auth/profile', payload: payload as object });
const me = (token: string) => t.injectAs(token, { method: 'GET', url: '/api/auth/refresh-user' });

// Issue 21 item 6: Settings → Profile said "Profile updated successfully" and the name reverted on reload.
describe('PATCH /auth/profile', () => {
  it('saves the caller’s own name (trimmed): the answer and every later read carry it', async () => {
    const { user, token } = await createUser(t.db, t.config);
    const other = await createUser(t.db, t.config);
    const res = await patch(token, { name: '  Grace Hopper  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, name: 'Grace Hopper', email: user.email, role: 'user' });
    expect(res.json()).not.toHaveProperty('password_hash');
    expect((await me(token)).json().name).toBe('Grace Hopper');
    // Nobody else's row moved.
    const [otherRow] = await t.db.select().from(users).where(eq(users.id, other.user.id));
    expect(otherRow.name).toBe(other.user.name);
  });

  it('ignores anything but the name (the email stays the sign-in address)', async () => {
    const { user, token } = await createUser(t.db, t.config);
    const res = await patch(token, { name: 'New Name', email: 'taken@example.com', role: 'admin' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'New Name', email: user.email, role: 'user' });
  });

  it('refuses a missing, blank, too long or non-text name with a readable 400, changing nothing', async () => {
    const { user, token } = await createUser(t.db, t.config);
    const [before] = await t.db.select().from(users).where(eq(users.id, user.id));
    const cases: [unknown, string][] = [
      [{}, 'Name is required'],
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'x'.repeat(201) }, 'Name is too long'],
      [{ name: 42 }, 'Name'],
      [{ name: 'bad\u0000name' }, 'Name'],
    ];
    for (const [payload, detail] of cases) {
      const res = await patch(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toContain(detail);
    }
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after).toEqual(before);
  });

  it('answers 401 without a token or with a bad one', async () => {
    expect((await patch(null, { name: 'Anyone' })).statusCode).toBe(401);
    expect((await patch('not-a-token', { name: 'Anyone' })).statusCode).toBe(401);
  });
});
