import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAward } from '../../../test/award-factory';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { awards, notifications, savedSearches } from '../../db/schema/index';
import { runNewMatchAlerts } from '../saved-searches/alerts/new-match-alerts';
import { addMonthsUtc } from './radar-window';

/** Saved searches of kind "radar" and their daily alert (issue 27 item 4), on both databases. */
let t: TestApp;
const log = pino({ level: 'silent' });
const DAY = 86_400_000;
const deps = () => ({
  db: t.db,
  mailer: { kind: 'outbox' as const, send: async (m: (typeof t.mails)[number]) => void t.mails.push(m) },
  publicUrl: 'http://biddesk.test',
  log,
});

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const saveRadar = (token: string | null, name: string, filters: Record<string, unknown>) =>
  t.injectAs(token, { method: 'POST', url: '/api/radar/searches', payload: { name, filters } });
const alertsOf = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'saved_search')));

describe('radar searches', () => {
  it('saves radar filters under a name, lists them apart from dashboard searches, and deletes them like any saved search', async () => {
    const { token } = await createUser(t.db, t.config);
    const dashboard = await t.injectAs(token, {
      method: 'POST',
      url: '/api/saved-searches',
      payload: { name: 'Radars', filters: { keyword: 'radar' } },
    });
    expect(dashboard.statusCode).toBe(201);

    const res = await saveRadar(token, 'Army IT recompetes', { naics: '541512, 541511', agency: '2100', signals_only: true });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json();
    expect(saved).toMatchObject({
      name: 'Army IT recompetes',
      kind: 'radar',
      filters: { from_months: 6, to_months: 18, naics: ['541512', '541511'], psc: [], agency: ['2100'], signals_only: true },
      link: '/radar?naics=541512%2C541511&agency=2100&signals_only=true',
    });

    expect((await t.injectAs(token, { method: 'GET', url: '/api/radar/searches' })).json().data.map((s: { id: string }) => s.id)).toEqual([
      saved.id,
    ]);
    // The dashboard's list is unchanged: it shows its own kind only.
    const listed = (await t.injectAs(token, { method: 'GET', url: '/api/saved-searches' })).json().data;
    expect(listed).toEqual([dashboard.json()]);
    // A dashboard edit cannot rewrite a radar search's filters.
    expect(
      (await t.injectAs(token, { method: 'PATCH', url: `/api/saved-searches/${saved.id}`, payload: { filters: { keyword: 'x' } } }))
        .statusCode,
    ).toBe(404);

    expect((await saveRadar(token, 'radars', { naics: '541512' })).statusCode).toBe(409);
    expect((await t.injectAs(token, { method: 'DELETE', url: `/api/saved-searches/${saved.id}` })).statusCode).toBe(204);
    expect((await t.injectAs(token, { method: 'GET', url: '/api/radar/searches' })).json().data).toEqual([]);
  });

  it('refuses guests (403), anonymous callers (401) and filters without a criterion or with a bad code (400), saving nothing', async () => {
    const { user, token } = await createUser(t.db, t.config);
    const guest = (await createUser(t.db, t.config, { isGuest: true })).token;
    const g = await saveRadar(guest, 'Mine', { naics: '541512' });
    expect(g.statusCode).toBe(403);
    expect(g.json().detail).toBe('Guest accounts can only open the workspaces they were invited to');
    expect((await t.injectAs(guest, { method: 'GET', url: '/api/radar/searches' })).statusCode).toBe(403);
    expect((await saveRadar(null, 'Mine', { naics: '541512' })).statusCode).toBe(401);
    expect((await t.injectAs(null, { method: 'GET', url: '/api/radar/searches' })).statusCode).toBe(401);
    const empty = await saveRadar(token, 'Mine', { signals_only: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toContain('Choose at least one NAICS code, PSC code or agency to save a radar search');
    const bad = await saveRadar(token, 'Mine', { naics: '54' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('NAICS "54" is not valid');
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.userId, user.id))).toEqual([]);
  });
});

describe('radar search alerts', () => {
  it('tells once a day about awards new to the window and criteria, linking to the radar', async () => {
    const { user, token } = await createUser(t.db, t.config);
    const today = new Date();
    await createAward(t.db, { naicsCode: '561210', currentEndDate: addMonthsUtc(today, 9) }); // stored before the search
    const saved = (await saveRadar(token, 'Facilities', { naics: '561210' })).json();

    await createAward(t.db, { naicsCode: '561210', currentEndDate: addMonthsUtc(today, 10) }); // new, in the window
    await createAward(t.db, { naicsCode: '561210', currentEndDate: addMonthsUtc(today, 30) }); // new, beyond it
    await createAward(t.db, { naicsCode: '236220', currentEndDate: addMonthsUtc(today, 10) }); // new, other NAICS

    await runNewMatchAlerts(deps());
    const [alert, ...more] = await alertsOf(user.id);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      title: 'New matches for "Facilities"',
      message: '1 award ending in your radar window is new to your radar search "Facilities".',
      link: '/radar?naics=561210',
    });
    expect(alert!.link).toBe(saved.link);
    await runNewMatchAlerts(deps());
    expect(await alertsOf(user.id)).toHaveLength(1);
  });

  it('counts an award that came into the window as the days passed, not one that was already in it', async () => {
    const { user, token } = await createUser(t.db, t.config);
    const today = new Date();
    const saved = (await saveRadar(token, 'Grounds', { naics: '561730' })).json();
    const entered = await createAward(t.db, {
      naicsCode: '561730',
      currentEndDate: addMonthsUtc(new Date(today.getTime() - 5 * DAY), 18 + 0),
    });
    const already = await createAward(t.db, { naicsCode: '561730', currentEndDate: addMonthsUtc(today, 12) });
    // Both were stored long ago; the search was last told 30 days ago, when the far edge was a month nearer.
    for (const key of [entered, already])
      await t.db
        .update(awards)
        .set({ updatedAt: sql`now() - interval '90 days'` })
        .where(eq(awards.awardKey, key));
    await t.db
      .update(savedSearches)
      .set({ alertedThrough: new Date(today.getTime() - 30 * DAY) })
      .where(eq(savedSearches.id, saved.id));

    await runNewMatchAlerts(deps());
    const [alert] = await alertsOf(user.id);
    expect(alert?.message).toBe('1 award ending in your radar window is new to your radar search "Grounds".');
  });
});
