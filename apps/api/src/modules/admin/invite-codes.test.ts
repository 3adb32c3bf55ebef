import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';

let t: TestApp;
let adminToken: string;
let userToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = (await createUser(t.db, t.config, { role: 'admin' })).token;
  userToken = (await createUser(t.db, t.config)).token;
});
afterAll(async () => {
  await t.close();
});

describe('admin invite codes', () => {
  it('lets an admin create unguessable upper-case codes and list them newest first', async () => {
    const a = await t.injectAs(adminToken, { method: 'POST', url: '/api/admin/invite-codes' });
    const b = await t.injectAs(adminToken, { method: 'POST', url: '/api/admin/invite-codes' });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({ used: false, used_by_email: null, used_at: null });
    expect(a.json().code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(a.json().code).not.toBe(b.json().code);
    const list = await t.injectAs(adminToken, { method: 'GET', url: '/api/admin/invite-codes' });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((c: { code: string }) => c.code)
        .slice(0, 2),
    ).toEqual([b.json().code, a.json().code]);
  });

  it('shows a code as used after registration with it', async () => {
    const { code } = (await t.injectAs(adminToken, { method: 'POST', url: '/api/admin/invite-codes' })).json();
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'New', email: 'new@example.com', password: 'secret1', invite_code: code.toLowerCase() },
    });
    expect(reg.statusCode).toBe(200);
    const list = (await t.injectAs(adminToken, { method: 'GET', url: '/api/admin/invite-codes' })).json();
    expect(list.find((c: { code: string }) => c.code === code)).toMatchObject({ used: true, used_by_email: 'new@example.com' });
  });

  it('answers 403 "Admin access required" to a user and 401 without a token', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const forbidden = await t.injectAs(userToken, { method, url: '/api/admin/invite-codes' });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().detail).toBe('Admin access required');
      expect((await t.app.inject({ method, url: '/api/admin/invite-codes' })).statusCode).toBe(401);
    }
  });
});

describe('platform', () => {
  it('answers health without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('serves OpenAPI generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/admin/invite-codes']));
    expect(JSON.stringify(doc.paths['/api/auth/register'])).toContain('invite_code');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'Not Found' });
  });
});
