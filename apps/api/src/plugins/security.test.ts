import { IncomingMessage, ServerResponse } from 'node:http';
import { connect, Socket } from 'node:net';
import helmet from 'helmet';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { HELMET_OPTIONS } from './security';
import { createInviteCode, createOpportunity, createUser, createWorkspace, TEST_PASSWORD } from '../../test/factories';

let t: TestApp;
let admin: string;
let user: string;
let userId: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = (await createUser(t.db, t.config, { role: 'admin' })).token;
  const u = await createUser(t.db, t.config);
  user = u.token;
  userId = u.user.id;
});
afterAll(async () => {
  await t.close();
});

/** Sends raw bytes to a listening app and reads the whole answer until the server closes. */
function raw(
  port: number,
  request: string | ((socket: ReturnType<typeof connect>) => void),
  waitMs = 5000,
): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => (typeof request === 'string' ? socket.write(request) : request(socket)));
    let text = '';
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${waitMs} ms; got ${JSON.stringify(text.slice(0, 200))}`));
    }, waitMs);
  });
}

describe('security headers', () => {
  it('sends a CSP, frame refusal and nosniff on API answers and errors', async () => {
    for (const res of [await t.app.inject({ url: '/api/health' }), await t.app.inject({ url: '/api/nope' })]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('sends every header helmet itself sets on a response, with the same value, on answers and refusals', async () => {
    // helmet run per request on a real response, as @fastify/helmet did: the app records it once at start.
    const req = new IncomingMessage(new Socket());
    const reference = new ServerResponse(req);
    reference.setHeader('x-powered-by', 'something');
    helmet(HELMET_OPTIONS)(req, reference, () => undefined);
    const expected = reference.getHeaders();
    expect(Object.keys(expected).length).toBeGreaterThanOrEqual(10);
    expect(expected['x-powered-by']).toBeUndefined();
    const answers = [
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: '/api/nope' }),
      await t.injectAs(null, { method: 'GET', url: '/api/opportunities' }),
      await t.injectAs(user, { method: 'GET', url: '/api/opportunities' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 401, 200]);
    for (const res of answers) {
      for (const [name, value] of Object.entries(expected)) expect({ name, value: res.headers[name] }).toEqual({ name, value });
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('tells caches not to keep API answers carrying tokens or personal data (Cache-Control: no-store)', async () => {
    const member = await createUser(t.db, t.config, { email: 'cache-member@example.com' });
    const { id: wsId } = await createWorkspace(t.db, member.user.id);
    const code = await createInviteCode(t.db);
    const answers = [
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'cache-member@example.com', password: TEST_PASSWORD },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Cache New', email: 'cache-new@example.com', password: 'a-secret-1', invite_code: code },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: 'x'.repeat(43), new_password: 'a-secret-2' },
      }),
      await t.injectAs(member.token, { method: 'GET', url: '/api/auth/refresh-user' }),
      await t.injectAs(admin, { method: 'GET', url: '/api/admin/users' }),
      await t.injectAs(member.token, { method: 'GET', url: `/api/workspaces/${wsId}/members` }),
      await t.injectAs(null, { method: 'GET', url: '/api/auth/refresh-user' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 400, 200, 200, 200, 401]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
  });

  it("gives the API docs page swagger-ui's own policy, without upgrading to https", async () => {
    const res = await t.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('text every input must be', () => {
  it.each([
    ['keyword', '/api/opportunities?keyword=a%00b'],
    ['agency', '/api/opportunities?agency=DEFENSE%00'],
    ['set-aside', '/api/opportunities?set_aside=%00'],
    ['search keyword', '/api/sam-gov/search?keywords=x%00'],
    ['path id', '/api/opportunities/a%00b'],
  ])('refuses a NUL in the %s with 400 naming it', async (_name, url) => {
    const res = await t.injectAs(user, { method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/must not contain a NUL character/);
  });

  it('refuses a NUL in a user name at registration and stores nothing', async () => {
    const before = (await t.db.select().from(users)).length;
    const code = await createInviteCode(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Nul\u0000Name', email: 'nul@example.com', password: 'secret1', invite_code: code },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('Name must not contain a NUL character');
    expect((await t.db.select().from(users)).length).toBe(before);
  });

  it('refuses a NUL or a lone surrogate in a notification title and stores nothing', async () => {
    for (const title of ['Hello\u0000', 'Hello \ud800']) {
      const res = await t.injectAs(admin, {
        method: 'POST',
        url: '/api/admin/notifications',
        payload: { title, message: 'm', user_id: userId },
      });
      expect(res.statusCode, title).toBe(400);
      expect(res.json().detail).toMatch(/^Title must not contain/);
    }
    expect(await t.db.select().from(notifications)).toHaveLength(0);
  });

  it('refuses a NUL in an admin-created user name', async () => {
    const res = await t.injectAs(admin, {
      method: 'POST',
      url: '/api/admin/create-user',
      payload: { name: 'A\u0000', email: 'a-nul@example.com', password: 'secret1' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('malformed requests answer 4xx with a detail', () => {
  it('refuses a multipart body without a boundary or cut short with 400', async () => {
    const id = await createOpportunity(t.db);
    const url = `/api/opportunities/${id}/upload-pdf`;
    const noBoundary = await t.injectAs(user, { method: 'POST', url, headers: { 'content-type': 'multipart/form-data' }, payload: 'xx' });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().detail).toMatch(/multipart body is malformed/);
    const b = '----cut';
    const cut = await t.injectAs(user, {
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${b}` },
      payload: `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 abc`,
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().detail).toMatch(/multipart body is malformed/);
  });

  it('answers bad percent-encoding and an over-long path parameter with {detail}', async () => {
    const bad = await t.injectAs(user, { method: 'GET', url: '/api/opportunities/%zz' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'The request URL is not valid (bad percent-encoding)', code: 'VALIDATION' });
    const long = await t.injectAs(user, { method: 'GET', url: `/api/opportunities/${'a'.repeat(300)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json().detail).toBe('The request URL is too long');
  });

  it('answers headers too large with 431 {detail} and Connection: close', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { text } = await raw(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    const [head = '', body] = text.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(body!)).toEqual({ detail: 'The request headers are too large', code: 'VALIDATION' });
  });
});

describe('session tokens', () => {
  const sign = (claims: Record<string, unknown>, exp: boolean) => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt();
    if (exp) jwt.setExpirationTime('1h');
    return jwt.sign(new TextEncoder().encode(t.config.JWT_SECRET));
  };

  it('answers 401 for a validly signed token whose subject is not a user id', async () => {
    const res = await t.injectAs(await sign({ sub: "x' or 1=1", ver: 0 }, true), { method: 'GET', url: '/api/auth/refresh-user' });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Could not validate credentials');
  });

  it('answers 401 for a validly signed token without an expiry', async () => {
    const { user: u } = await createUser(t.db, t.config);
    expect(
      (await t.injectAs(await sign({ sub: u.id, ver: u.tokenVersion }, true), { method: 'GET', url: '/api/auth/refresh-user' })).statusCode,
    ).toBe(200);
    const res = await t.injectAs(await sign({ sub: u.id, ver: u.tokenVersion }, false), { method: 'GET', url: '/api/auth/refresh-user' });
    expect(res.statusCode).toBe(401);
  });
});

describe('OpenAPI document', () => {
  it('marks public routes as needing no token and the rest as needing one', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(doc.security).toEqual([{ bearer: [] }]);
    for (const [path, method] of [
      ['/api/auth/login', 'post'],
      ['/api/auth/register', 'post'],
      ['/api/auth/forgot-password', 'post'],
      ['/api/auth/reset-password', 'post'],
      ['/api/health', 'get'],
    ]) {
      expect(doc.paths[path][method].security, `${method} ${path}`).toEqual([]);
    }
    expect(doc.paths['/api/auth/refresh-user'].get.security).toBeUndefined();
  });
});

describe('server timeouts', () => {
  it('closes slow-header, silent and idle keep-alive connections', async () => {
    const slow = await buildTestApp({ HEADERS_TIMEOUT_MS: '600', REQUEST_TIMEOUT_MS: '1200', KEEP_ALIVE_TIMEOUT_MS: '400' });
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = slow.app.server.address() as AddressInfo;
      const dribble = raw(port, (socket) => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
        const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write('X-A: b\r\n')), 100);
      });
      const silent = raw(port, () => undefined);
      const keepAlive = raw(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
      const [d, s, k] = await Promise.all([dribble, silent, keepAlive]);
      expect(d.text).toMatch(/^HTTP\/1\.1 408 /);
      expect(d.text).toContain('"detail"');
      expect(s.closedAfterMs).toBeLessThan(4000);
      expect(k.text).toMatch(/^HTTP\/1\.1 200 /);
      expect(k.closedAfterMs).toBeLessThan(4000);
    } finally {
      await slow.close();
    }
  });
});
