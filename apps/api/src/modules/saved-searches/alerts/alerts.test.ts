import { and, eq, like } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/build-test-app';
import { createOpportunity, createUser, saveOpportunityFor } from '../../../../test/factories';
import { multipartFile } from '../../../../test/multipart';
import { notifications, savedSearches } from '../../../db/schema/index';
import { deadlineAlertFor, runDeadlineAlerts } from './deadline-alerts';
import { runNewMatchAlerts } from './new-match-alerts';

/**
 * The alert jobs on both databases. On PostgreSQL (TEST_DATABASE_URL) concurrent runs use separate
 * pooled connections, as two API processes would, and must still write each notification once.
 */
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

async function saveSearch(token: string, name: string, filters: Record<string, string>): Promise<{ id: string; link: string }> {
  const res = await t.injectAs(token, { method: 'POST', url: '/api/saved-searches', payload: { name, filters } });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const alertsOf = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'saved_search')));
const deadlineAlertsOf = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), like(notifications.dedupeKey, 'deadline:%')));

describe('new-match alerts', () => {
  it('one notification per search per day for new matches only, linking to the search; a rerun adds nothing', async () => {
    await createOpportunity(t.db, { title: 'Radar calibration (old)' }); // stored before the search: not new
    const { user, token } = await createUser(t.db, t.config);
    const search = await saveSearch(token, 'Radar work', { keyword: 'radar' });
    await createOpportunity(t.db, { title: 'Radar maintenance' });
    await createOpportunity(t.db, { title: 'Radar spare parts' });
    await createOpportunity(t.db, { title: 'Janitorial services' }); // does not match
    await createOpportunity(t.db, { title: 'Radar overhaul (closed)', responseDeadline: new Date(Date.now() - DAY) }); // not open

    const first = await runNewMatchAlerts(deps());
    expect(first.notified).toBeGreaterThanOrEqual(1);
    const [alert, ...more] = await alertsOf(user.id);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      title: 'New matches for "Radar work"',
      message: '2 new notices match your saved search "Radar work".',
      link: search.link,
      read: false,
    });
    expect(alert!.link).toBe('/?keywords=radar');

    await runNewMatchAlerts(deps());
    expect(await alertsOf(user.id)).toHaveLength(1);

    // A later match the same day waits for the next day's notification instead of a second one.
    await createOpportunity(t.db, { title: 'Radar training' });
    await runNewMatchAlerts(deps());
    expect(await alertsOf(user.id)).toHaveLength(1);
    await runNewMatchAlerts(deps(), new Date(Date.now() + DAY));
    const after = await alertsOf(user.id);
    expect(after).toHaveLength(2);
    expect(after.map((a) => a.message)).toContain('1 new notice matches your saved search "Radar work".');
  });

  it('sends nothing when the user turned New opportunity alerts off, and mails when they chose mail', async () => {
    const quiet = await createUser(t.db, t.config);
    await t.injectAs(quiet.token, { method: 'PUT', url: '/api/settings/notifications', payload: { new_opportunity_alerts: false } });
    await saveSearch(quiet.token, 'Quiet', { keyword: 'sonar' });
    const mailed = await createUser(t.db, t.config, { email: 'mailme@example.com', name: 'Mail Me' });
    await t.injectAs(mailed.token, { method: 'PUT', url: '/api/settings/notifications', payload: { email_notifications: true } });
    const search = await saveSearch(mailed.token, 'Sonar', { keyword: 'sonar' });
    await createOpportunity(t.db, { title: 'Sonar buoys' });

    t.mails.length = 0;
    await runNewMatchAlerts(deps());
    expect(await alertsOf(quiet.user.id)).toEqual([]);
    expect(await alertsOf(mailed.user.id)).toHaveLength(1);
    expect(t.mails).toHaveLength(1);
    expect(t.mails[0]).toMatchObject({
      to: 'mailme@example.com',
      subject: 'New matches for "Sonar"',
      link: `http://biddesk.test${search.link}`,
    });
    expect(t.mails[0]!.text).toContain('1 new notice matches your saved search "Sonar".');
  });

  it('five runs at once write the notification exactly once', async () => {
    const { user, token } = await createUser(t.db, t.config);
    await saveSearch(token, 'Concurrent', { keyword: 'hovercraft' });
    await createOpportunity(t.db, { title: 'Hovercraft repair' });
    const runs = await Promise.all(Array.from({ length: 5 }, () => runNewMatchAlerts(deps())));
    expect(runs.reduce((n, r) => n + r.notified, 0)).toBe(1);
    expect(await alertsOf(user.id)).toHaveLength(1);
  });

  it('an admin CSV upload of new rows triggers the alert at once', async () => {
    const admin = await createUser(t.db, t.config, { role: 'admin' });
    const { user, token } = await createUser(t.db, t.config);
    const search = await saveSearch(token, 'Dredging', { keyword: 'dredging', naics: '2379' });
    const header = 'NoticeId,Title,Sol#,Department/Ind.Agency,PostedDate,ResponseDeadLine,NaicsCode,Active';
    const csv = `${header}\nupl0000001,Harbor dredging services,W912-26-R-0001,DEPT OF DEFENSE,2026-11-20,2099-01-15,237990,Yes\nupl0000002,Office chairs,GS-26-0002,GENERAL SERVICES ADMINISTRATION,2026-11-20,2099-01-15,337211,Yes\n`;
    const { payload, headers } = multipartFile('file', 'extract.csv', Buffer.from(csv), 'text/csv');
    const res = await t.injectAs(admin.token, { method: 'POST', url: '/api/admin/import-csv-upload', payload, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rows: 2, inserted: 2, malformed: 0 });
    await t.jobs.idle();
    const [alert] = await alertsOf(user.id);
    expect(alert).toMatchObject({ message: '1 new notice matches your saved search "Dredging".', link: search.link });
    const bell = await t.injectAs(token, { method: 'GET', url: '/api/notifications' });
    expect(bell.json().some((n: { link: string }) => n.link === search.link)).toBe(true);
  });

  it('a search edited to new filters follows notices from then on', async () => {
    const { user, token } = await createUser(t.db, t.config);
    await createOpportunity(t.db, { title: 'Zeppelin hangar lease' });
    const search = await saveSearch(token, 'Blimps', { keyword: 'blimp' });
    await t.injectAs(token, { method: 'PATCH', url: `/api/saved-searches/${search.id}`, payload: { filters: { keyword: 'zeppelin' } } });
    await runNewMatchAlerts(deps());
    expect(await alertsOf(user.id)).toEqual([]);
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, search.id));
    expect(row!.alertedThrough.getTime()).toBeGreaterThan(row!.createdAt.getTime());
  });
});

describe('deadline alerts', () => {
  it('picks the 7, 3 or 1 day alert from the days left, rounded up', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const at = (days: number) => new Date(now.getTime() + days * DAY);
    expect(deadlineAlertFor(at(7.5), now)).toBeNull();
    expect(deadlineAlertFor(at(7), now)).toEqual({ threshold: 7, daysLeft: 7 });
    expect(deadlineAlertFor(at(3.2), now)).toEqual({ threshold: 7, daysLeft: 4 });
    expect(deadlineAlertFor(at(3), now)).toEqual({ threshold: 3, daysLeft: 3 });
    expect(deadlineAlertFor(at(1.5), now)).toEqual({ threshold: 3, daysLeft: 2 });
    expect(deadlineAlertFor(at(0.2), now)).toEqual({ threshold: 1, daysLeft: 1 });
    expect(deadlineAlertFor(at(-0.1), now)).toBeNull();
  });

  it('tells the saver 7, 3 and 1 days before the response date, once each, and links to the notice', async () => {
    const { user, token } = await createUser(t.db, t.config);
    const start = new Date();
    const deadline = new Date(start.getTime() + 10 * DAY);
    const oppId = await createOpportunity(t.db, {
      title: 'Bridge inspection',
      solicitationNumber: 'DOT-26-77',
      responseDeadline: deadline,
    });
    await saveOpportunityFor(t.db, user.id, oppId);
    const other = await createUser(t.db, t.config); // did not save it

    const days = (n: number) => new Date(deadline.getTime() - n * DAY);
    await runDeadlineAlerts(deps(), days(8)); // 8 days left: nothing yet
    expect(await deadlineAlertsOf(user.id)).toEqual([]);
    await runDeadlineAlerts(deps(), days(6.5));
    await runDeadlineAlerts(deps(), days(6)); // still the 7-day band: no second alert
    await runDeadlineAlerts(deps(), days(2.5));
    await runDeadlineAlerts(deps(), days(0.5));
    await runDeadlineAlerts(deps(), days(0.4));
    await runDeadlineAlerts(deps(), days(-1)); // passed
    const alerts = await deadlineAlertsOf(user.id);
    expect(alerts.map((a) => a.title)).toEqual(['Response due in 7 days', 'Response due in 3 days', 'Response due tomorrow']);
    expect(alerts.every((a) => a.link === `/opportunity/${oppId}`)).toBe(true);
    expect(alerts[0]!.message).toMatch(/^Bridge inspection \(DOT-26-77\) is due [A-Z][a-z]{2} \d{1,2}, \d{4} at \d\d:\d\d UTC\.$/);
    expect(alerts.map((a) => a.dedupeKey)).toEqual([7, 3, 1].map((d) => `deadline:${user.id}:${oppId}:${d}`));
    expect(await deadlineAlertsOf(other.user.id)).toEqual([]);
    void token;
  });

  it('a notice saved 2 days before its deadline gets the 3-day alert, not a late 7-day one; off means none', async () => {
    const late = await createUser(t.db, t.config);
    const off = await createUser(t.db, t.config);
    await t.injectAs(off.token, { method: 'PUT', url: '/api/settings/notifications', payload: { deadline_reminders: false } });
    const oppId = await createOpportunity(t.db, { title: 'Short fuse', responseDeadline: new Date(Date.now() + 1.5 * DAY) });
    await saveOpportunityFor(t.db, late.user.id, oppId);
    await saveOpportunityFor(t.db, off.user.id, oppId);
    await runDeadlineAlerts(deps());
    expect((await deadlineAlertsOf(late.user.id)).map((a) => a.dedupeKey)).toEqual([`deadline:${late.user.id}:${oppId}:3`]);
    expect(await deadlineAlertsOf(off.user.id)).toEqual([]);
  });

  it('concurrent runs write each deadline alert once, and mail it when chosen', async () => {
    const { user, token } = await createUser(t.db, t.config, { email: 'deadline@example.com' });
    await t.injectAs(token, { method: 'PUT', url: '/api/settings/notifications', payload: { email_notifications: true } });
    const oppId = await createOpportunity(t.db, { title: 'Concurrent deadline', responseDeadline: new Date(Date.now() + 5 * DAY) });
    await saveOpportunityFor(t.db, user.id, oppId);
    t.mails.length = 0;
    await Promise.all(Array.from({ length: 5 }, () => runDeadlineAlerts(deps())));
    expect(await deadlineAlertsOf(user.id)).toHaveLength(1);
    expect(t.mails.filter((m) => m.to === 'deadline@example.com').map((m) => m.subject)).toEqual(['Response due in 5 days']);
  });

  it('the scheduled runner runs both alert jobs once an hour', async () => {
    const { user } = await createUser(t.db, t.config);
    const oppId = await createOpportunity(t.db, { title: 'Tick tock', responseDeadline: new Date(Date.now() + 2 * DAY) });
    await saveOpportunityFor(t.db, user.id, oppId);
    const now = new Date();
    // Other scheduled jobs (the daily file cleanup) tick too; this test is about the alert jobs.
    const alertOutcomes = async () => (await t.jobs.tick(now)).filter((o) => o.job.endsWith('-alerts'));
    expect((await alertOutcomes()).map((o) => [o.job, o.status])).toEqual([
      ['saved-search-alerts', 'done'],
      ['deadline-alerts', 'done'],
    ]);
    expect((await alertOutcomes()).map((o) => o.status)).toEqual(['skipped', 'skipped']);
    expect(await deadlineAlertsOf(user.id)).toHaveLength(1);
  });
});
