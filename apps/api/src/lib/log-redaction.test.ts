import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema/index';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { logSafeError, stripQueryParams } from './log-options';

/**
 * Reads what the server's real logger writes (level debug) through sign-in, forgot and reset
 * password (query and body), an admin reset (query and body) and an insert that fails in the
 * database, then looks for every secret involved: passwords, reset tokens, session tokens,
 * password hashes and the failed row's email.
 */
describe('no secret reaches a log line', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'debug' }, { logStream: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps passwords, tokens, hashes and failed-insert parameters out of the log', async () => {
    const secrets: string[] = [TEST_PASSWORD];
    const admin = await createUser(t.db, t.config, { role: 'admin', email: 'log-admin@example.com' });
    const member = await createUser(t.db, t.config, { email: 'log-member@example.com' });
    secrets.push(admin.token, member.token, admin.user.passwordHash, member.user.passwordHash);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'log-member@example.com', password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    secrets.push(signIn.json().token);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'log-member@example.com', password: 'Wrong-Guess-77' },
        })
      ).statusCode,
    ).toBe(401);
    secrets.push('Wrong-Guess-77');
    expect((await t.injectAs(member.token, { method: 'GET', url: '/api/auth/refresh-user' })).statusCode).toBe(200);

    const resetByMail = async () => {
      const sent = t.mails.length;
      await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password?email=log-member@example.com' });
      await vi.waitFor(() => expect(t.mails.length).toBe(sent + 1));
      const token = t.mails.at(-1)!.link!.split('/').pop()!;
      secrets.push(token);
      return token;
    };
    const queryToken = await resetByMail();
    // The mailed link opens the SPA page /reset-password/<token> (issue 21 item 15), and a join
    // link its page /join/<token>: both land in the request log.
    await t.app.inject({ method: 'GET', url: `/reset-password/${queryToken}` });
    await t.app.inject({ method: 'GET', url: `/Reset-Password/${queryToken}?from=mail` });
    await t.app.inject({ method: 'GET', url: '/join/Join-Page-Token-abc' });
    secrets.push('Join-Page-Token-abc');
    const q = await t.app.inject({ method: 'POST', url: `/api/auth/reset-password?token=${queryToken}&new_password=Query-Reset-Pw-1` });
    expect(q.statusCode).toBe(200);
    const bodyToken = await resetByMail();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token: bodyToken, new_password: 'Body-Reset-Pw-2' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/auth/reset-password?token=${queryToken}&new_password=Reused-Token-Pw-3` }))
        .statusCode,
    ).toBe(400);
    secrets.push('Query-Reset-Pw-1', 'Body-Reset-Pw-2', 'Reused-Token-Pw-3');

    const adminReset = `/api/admin/users/${member.user.id}/reset-password`;
    expect((await t.injectAs(admin.token, { method: 'POST', url: `${adminReset}?new_password=Admin-Query-Pw-4` })).statusCode).toBe(200);
    expect(
      (await t.injectAs(admin.token, { method: 'POST', url: adminReset, payload: { new_password: 'Admin-Body-Pw-5' } })).statusCode,
    ).toBe(200);
    secrets.push('Admin-Query-Pw-4', 'Admin-Body-Pw-5');
    const [after] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, member.user.id));
    secrets.push(after!.hash);

    // An insert the database refuses (a constraint this test adds): the 500 is logged, and drizzle's
    // error carries the statement's parameters (email, password hash).
    await t.db.execute(sql`alter table users add constraint log_test_refuses_boom check (name <> 'Boom')`);
    const failed = await t.injectAs(admin.token, {
      method: 'POST',
      url: '/api/admin/create-user',
      payload: { name: 'Boom', email: 'failed-insert@example.com', password: 'Failed-Insert-Pw-6' },
    });
    expect(failed.statusCode).toBe(500);
    secrets.push('failed-insert@example.com', 'Failed-Insert-Pw-6');

    // Log lines reach the stream asynchronously: wait for the last one this test caused.
    await vi.waitFor(() => expect(lines.join('')).toContain('log_test_refuses_boom'), { timeout: 10_000, interval: 10 });
    const log = lines.join('');
    // The log is not empty: requests and the failed insert (with its SQLSTATE) are there.
    expect(log).toContain('/api/auth/reset-password?token=[redacted]&new_password=[redacted]');
    expect(log).toContain('"url":"/reset-password/[token]"');
    expect(log).toContain('"url":"/Reset-Password/[token]?from=[redacted]"');
    expect(log).toContain('"url":"/join/[token]"');
    expect(log).toContain('"code":"23514"');
    expect(log).toContain('log_test_refuses_boom');
    for (const secret of secrets) expect(log, `the log contains ${secret.slice(0, 12)}…`).not.toContain(secret);
    expect(log).not.toMatch(/scrypt\$\d+\$/);
    expect(log).not.toMatch(/Bearer /);
  });
});

describe('logSafeError', () => {
  it("drops drizzle's parameters and a driver error's detail, keeping message, code and constraint", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      constraint: 'users_email_unique',
      detail: 'Key (email)=(a@b.c) already exists.',
    });
    const err = Object.assign(
      new Error('Failed query: insert into users (email, password_hash) values ($1, $2)\nparams: a@b.c,scrypt$32768$8$1$x$y'),
      {
        query: 'insert into users ...',
        params: ['a@b.c', 'scrypt$32768$8$1$x$y'],
        cause,
      },
    );
    const safe = JSON.stringify(logSafeError(err));
    expect(safe).not.toContain('a@b.c');
    expect(safe).not.toContain('scrypt$');
    expect(safe).toContain('23505');
    expect(safe).toContain('users_email_unique');
    expect(safe).toContain('Failed query: insert into users');
    expect(stripQueryParams('plain message')).toBe('plain message');
  });
});
