import { eq } from 'drizzle-orm';
import { MAX_SAVED_SEARCHES } from '@biddesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { savedSearches } from '../../db/schema/index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const create = (token: string | null, payload: unknown) =>
  t.injectAs(token, { method: 'POST', url: '/api/saved-searches', payload: payload as object });

describe('saved searches API', () => {
  it('creates, lists, renames, re-filters and deletes the caller’s own searches', async () => {
    const { token } = await createUser(t.db, t.config);
    const res = await create(token, {
      name: '  Janitorial in DoD ',
      filters: { keyword: 'janitorial', agency: 'DEPT OF DEFENSE', naics: '5617', psc: 's2', set_aside: 'SBA' },
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Janitorial in DoD',
      filters: { keyword: 'janitorial', agency: 'DEPT OF DEFENSE', naics: '5617', psc: 'S2', set_aside: 'SBA' },
      link: '/?keywords=janitorial&agency=DEPT+OF+DEFENSE&naics=5617&psc=S2&setAside=SBA',
    });

    const list = await t.injectAs(token, { method: 'GET', url: '/api/saved-searches' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { id: string }) => s.id)).toEqual([created.id]);

    const renamed = await t.injectAs(token, { method: 'PATCH', url: `/api/saved-searches/${created.id}`, payload: { name: 'Cleaning' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Cleaning', filters: created.filters });

    const refiltered = await t.injectAs(token, {
      method: 'PATCH',
      url: `/api/saved-searches/${created.id}`,
      payload: { filters: { notice_type: 'Solicitation', status: 'all' } },
    });
    expect(refiltered.json()).toMatchObject({
      name: 'Cleaning',
      filters: { notice_type: 'Solicitation', status: 'all' },
      link: '/?type=Solicitation&status=all',
    });

    const del = await t.injectAs(token, { method: 'DELETE', url: `/api/saved-searches/${created.id}` });
    expect(del.statusCode).toBe(204);
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.id, created.id))).toEqual([]);
  });

  it('answers 401 without a token on every call', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', '/api/saved-searches'],
      ['POST', '/api/saved-searches'],
      ['PATCH', `/api/saved-searches/${id}`],
      ['DELETE', `/api/saved-searches/${id}`],
    ] as const) {
      const res = await t.injectAs(null, {
        method,
        url,
        payload: method === 'POST' || method === 'PATCH' ? { name: 'x', filters: { keyword: 'x' } } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('never shows, changes or deletes another user’s search: 404 as for a missing one', async () => {
    const owner = await createUser(t.db, t.config);
    const other = await createUser(t.db, t.config);
    const { id } = (await create(owner.token, { name: 'Mine', filters: { keyword: 'radar' } })).json();
    expect((await t.injectAs(other.token, { method: 'GET', url: '/api/saved-searches' })).json().data).toEqual([]);
    const patch = await t.injectAs(other.token, { method: 'PATCH', url: `/api/saved-searches/${id}`, payload: { name: 'Stolen' } });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().detail).toBe('Saved search not found');
    expect((await t.injectAs(other.token, { method: 'DELETE', url: `/api/saved-searches/${id}` })).statusCode).toBe(404);
    expect((await t.injectAs(owner.token, { method: 'DELETE', url: '/api/saved-searches/not-a-uuid' })).statusCode).toBe(404);
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, id));
    expect(row!.name).toBe('Mine');
  });

  it('refuses bad input with a readable detail and stores nothing', async () => {
    const { token, user } = await createUser(t.db, t.config);
    const cases: [unknown, string][] = [
      [{ name: '', filters: { keyword: 'x' } }, 'Name is required'],
      [{ name: 'x'.repeat(81), filters: { keyword: 'x' } }, 'Name must be at most 80 characters'],
      [{ name: 'Empty', filters: {} }, 'Please enter at least one search criterion'],
      [{ name: 'Empty', filters: { keyword: '   ' } }, 'Please enter at least one search criterion'],
      [{ name: 'Bad NAICS', filters: { naics: '54-15' } }, 'NAICS code must be up to 6 digits'],
      [{ name: 'Bad status', filters: { keyword: 'x', status: 'later' } }, 'status must be one of open, past_due, awarded, all'],
      [{ name: 'Unknown key', filters: { keyword: 'x', page: 2 } }, 'Unrecognized key'],
      [{ name: 'NUL\u0000', filters: { keyword: 'x' } }, 'Name must not contain a NUL character'],
    ];
    for (const [payload, detail] of cases) {
      const res = await create(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().detail).toContain(detail);
    }
    const { id } = (await create(token, { name: 'Ok', filters: { keyword: 'x' } })).json();
    const empty = await t.injectAs(token, { method: 'PATCH', url: `/api/saved-searches/${id}`, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('Nothing to update: send name or filters');
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.userId, user.id))).toHaveLength(1);
  });

  it('keeps names unique per user (any case) and at most the limit of searches, also under concurrent creates', async () => {
    const { token, user } = await createUser(t.db, t.config);
    expect((await create(token, { name: 'Radar', filters: { keyword: 'radar' } })).statusCode).toBe(201);
    const dup = await create(token, { name: 'RADAR', filters: { keyword: 'sonar' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().detail).toBe('You already have a saved search with this name');
    const other = await createUser(t.db, t.config);
    expect((await create(other.token, { name: 'Radar', filters: { keyword: 'radar' } })).statusCode).toBe(201);

    const second = (await create(token, { name: 'Second', filters: { keyword: 'b' } })).json();
    const rename = await t.injectAs(token, { method: 'PATCH', url: `/api/saved-searches/${second.id}`, payload: { name: 'radar' } });
    expect(rename.statusCode).toBe(409);

    const results = await Promise.all(
      Array.from({ length: MAX_SAVED_SEARCHES + 5 }, (_, i) => create(token, { name: `Search ${i}`, filters: { keyword: `k${i}` } })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_SAVED_SEARCHES - 2);
    expect(statuses.filter((s) => s === 400)).toHaveLength(7);
    expect(results.find((r) => r.statusCode === 400)!.json().detail).toBe(
      `You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`,
    );
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.userId, user.id))).toHaveLength(MAX_SAVED_SEARCHES);
  });
});

describe('notification preferences API', () => {
  it('defaults to bell alerts on and mail off, and keeps what the user saves', async () => {
    const { token } = await createUser(t.db, t.config);
    const first = await t.injectAs(token, { method: 'GET', url: '/api/settings/notifications' });
    expect(first.json()).toEqual({ email_notifications: false, deadline_reminders: true, new_opportunity_alerts: true });
    const put = await t.injectAs(token, {
      method: 'PUT',
      url: '/api/settings/notifications',
      payload: { email_notifications: true, deadline_reminders: false },
    });
    expect(put.json()).toEqual({ email_notifications: true, deadline_reminders: false, new_opportunity_alerts: true });
    const again = await t.injectAs(token, {
      method: 'PUT',
      url: '/api/settings/notifications',
      payload: { new_opportunity_alerts: false },
    });
    expect(again.json()).toEqual({ email_notifications: true, deadline_reminders: false, new_opportunity_alerts: false });
    expect((await t.injectAs(token, { method: 'GET', url: '/api/settings/notifications' })).json()).toEqual(again.json());
  });

  it('answers 401 without a token and 400 for bad input', async () => {
    expect((await t.injectAs(null, { method: 'GET', url: '/api/settings/notifications' })).statusCode).toBe(401);
    expect((await t.injectAs(null, { method: 'PUT', url: '/api/settings/notifications', payload: {} })).statusCode).toBe(401);
    const { token } = await createUser(t.db, t.config);
    const bad = await t.injectAs(token, { method: 'PUT', url: '/api/settings/notifications', payload: { email_notifications: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBeTruthy();
    const unknown = await t.injectAs(token, { method: 'PUT', url: '/api/settings/notifications', payload: { weekly_digest: true } });
    expect(unknown.statusCode).toBe(400);
    expect((await t.injectAs(token, { method: 'GET', url: '/api/settings/notifications' })).json().email_notifications).toBe(false);
  });
});
