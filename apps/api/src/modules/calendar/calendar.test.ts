import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRfp, RFP_REQUIREMENTS } from '../../../test/ai-tools-factories';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addMember, createOpportunity, createUser, createWorkspace } from '../../../test/factories';
import { createTask } from '../../../test/task-factories';

/**
 * Issue 26 item 5: a private calendar feed per user. The feed is read back with node-ical, as a
 * calendar app would, and its deadlines are compared as instants, across a daylight-saving change.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY);

async function issueFeed(token: string): Promise<string> {
  const res = await t.injectAs(token, { method: 'POST', url: '/api/calendar-feed' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().path as string;
}

async function readFeed(path: string): Promise<VEvent[]> {
  const res = await t.app.inject({ method: 'GET', url: path });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return Object.values(ical.sync.parseICS(res.body)).filter((c): c is VEvent => c?.type === 'VEVENT');
}

const bySummary = (events: VEvent[], text: string) => events.filter((e) => String(e.summary).includes(text));

describe('the calendar feed address', () => {
  it('is issued, shown again, replaced and revoked by its owner', async () => {
    const { token } = await createUser(t.db, t.config);
    expect((await t.injectAs(token, { method: 'GET', url: '/api/calendar-feed' })).json()).toEqual({ path: null, created_at: null });
    const first = await issueFeed(token);
    expect(first).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await t.injectAs(token, { method: 'GET', url: '/api/calendar-feed' })).json().path).toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(200);

    const second = await issueFeed(token);
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).json()).toMatchObject({ detail: 'This calendar address is not in use' });
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);

    expect((await t.injectAs(token, { method: 'DELETE', url: '/api/calendar-feed' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    const again = await t.injectAs(token, { method: 'DELETE', url: '/api/calendar-feed' });
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe('You have no calendar feed');
  });

  it('needs a signed-in caller to be issued, shown or revoked', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/calendar-feed' });
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers 400 for an address that is not a feed token and 404 for an unknown one', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/calendar/not-a-token.ics' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('Not a calendar address');
    expect((await t.app.inject({ method: 'GET', url: `/api/calendar/${'a'.repeat(43)}.ics` })).statusCode).toBe(404);
  });

  it('keeps one live address when two resets race', async () => {
    const { token } = await createUser(t.db, t.config);
    const paths = await Promise.all([issueFeed(token), issueFeed(token), issueFeed(token)]);
    const live = [];
    for (const path of paths) if ((await t.app.inject({ method: 'GET', url: path })).statusCode === 200) live.push(path);
    expect(live).toHaveLength(1);
    expect((await t.injectAs(token, { method: 'GET', url: '/api/calendar-feed' })).json().path).toBe(live[0]);
  });
});

describe('what the feed holds', () => {
  it('puts saved and pursued deadlines at their exact instant across a daylight-saving change', async () => {
    const { user, token } = await createUser(t.db, t.config);
    // US daylight saving time starts on 2027-03-14: the same 2:00 PM Eastern is -05:00 before, -04:00 after.
    const before = await createOpportunity(t.db, {
      title: 'Dredging, winter',
      solicitationNumber: 'W1-27-R-0001',
      responseDeadline: new Date('2027-03-12T14:00:00-05:00'),
      responseTimeZone: '-05:00',
    });
    const after = await createOpportunity(t.db, {
      title: 'Dredging, spring',
      solicitationNumber: 'W1-27-R-0002',
      responseDeadline: new Date('2027-03-16T14:00:00-04:00'),
      responseTimeZone: '-04:00',
    });
    const dateOnly = await createOpportunity(t.db, {
      title: 'Roof repair',
      solicitationNumber: null,
      responseDeadline: new Date('2027-04-02T00:00:00Z'),
      responseTimeZone: null,
    });
    const past = await createOpportunity(t.db, { title: 'Long gone', responseDeadline: inDays(-90), responseTimeZone: '-05:00' });
    const someoneElses = await createOpportunity(t.db, { title: 'Not mine', responseDeadline: inDays(10), responseTimeZone: '-05:00' });
    for (const id of [before, dateOnly, past])
      expect((await t.injectAs(token, { method: 'POST', url: `/api/opportunities/${id}/save` })).statusCode).toBe(200);
    const tracked = await t.injectAs(token, { method: 'POST', url: '/api/pursuits', payload: { opportunity_id: after } });
    expect(tracked.statusCode, tracked.body).toBe(201);
    await t.injectAs(token, {
      method: 'PATCH',
      url: `/api/pursuits/${tracked.json().id}`,
      payload: { owner_id: user.id, next_action: 'Call the contracting officer', next_action_due: '2027-03-01' },
    });
    const other = await createUser(t.db, t.config);
    await t.injectAs(other.token, { method: 'POST', url: `/api/opportunities/${someoneElses}/save` });

    const events = await readFeed(await issueFeed(token));
    const winter = bySummary(events, 'Dredging, winter (W1-27-R-0001)')[0]!;
    const spring = bySummary(events, 'Dredging, spring (W1-27-R-0002)')[0]!;
    expect(new Date(winter.start).toISOString()).toBe('2027-03-12T19:00:00.000Z');
    expect(new Date(spring.start).toISOString()).toBe('2027-03-16T18:00:00.000Z');
    expect(winter.description).toContain('Mar 12, 2027, 2:00 PM UTC-05:00');
    expect(spring.description).toContain('Mar 16, 2027, 2:00 PM UTC-04:00');
    expect(spring.description).toContain('A pursuit you own.');
    const roof = bySummary(events, 'Response due: Roof repair')[0]!;
    expect(roof.datetype).toBe('date');
    expect(roof.start.dateOnly).toBe(true);
    expect([roof.start.getFullYear(), roof.start.getMonth() + 1, roof.start.getDate()]).toEqual([2027, 4, 2]);
    const action = bySummary(events, 'Next action: Call the contracting officer (Dredging, spring)')[0]!;
    expect(action.datetype).toBe('date');
    expect(bySummary(events, 'Long gone')).toHaveLength(0);
    expect(bySummary(events, 'Not mine')).toHaveLength(0);
    expect(events).toHaveLength(4);
  });

  it('holds tasks and question deadlines of readable workspaces only, and a guest gets no notices', async () => {
    const owner = await createUser(t.db, t.config);
    const partner = await createUser(t.db, t.config, { isGuest: true });
    const open = await createWorkspace(t.db, owner.user.id, { name: 'Open bid' });
    const gated = await createWorkspace(t.db, owner.user.id, { name: 'Gated bid' });
    const archived = await createWorkspace(t.db, owner.user.id, { name: 'Old bid', archivedAt: new Date() });
    await addMember(t.db, open.id, partner.user.id, 'CONTRIBUTOR');
    await addMember(t.db, gated.id, partner.user.id, 'CONTRIBUTOR', { ndaAccepted: false });
    await addMember(t.db, archived.id, partner.user.id, 'CONTRIBUTOR');
    const due = new Date('2027-05-03T21:00:00Z');
    await createTask(t.db, open.id, { title: 'Draft the staffing plan', assigneeUserId: partner.user.id, dueAt: due });
    await createTask(t.db, open.id, { title: 'Done already', assigneeUserId: partner.user.id, dueAt: due, status: 'DONE' });
    await createTask(t.db, open.id, { title: 'Not theirs', assigneeUserId: owner.user.id, dueAt: due });
    await createTask(t.db, gated.id, { title: 'Secret task', assigneeUserId: partner.user.id, dueAt: due });
    await createTask(t.db, archived.id, { title: 'Archived task', assigneeUserId: partner.user.id, dueAt: due });
    const questions = {
      requirement_id: 'L-009',
      section: 'L',
      must_or_should: 'must' as const,
      weight: 1,
      text: 'Questions shall be submitted by email no later than May 1, 2027.',
      page: 2,
    };
    await insertRfp(t.db, open.id, { requirements: [...RFP_REQUIREMENTS, questions] });
    await insertRfp(t.db, gated.id, { requirements: [questions] });
    // The partner saved nothing a guest could see, but a notice saved in the table must not leak.
    await t.injectAs(owner.token, { method: 'POST', url: `/api/opportunities/${open.opportunityId}/save` });

    const events = await readFeed(await issueFeed(partner.token));
    expect(events.map((e) => String(e.summary)).sort()).toEqual(['Questions due: Open bid', 'Task due: Draft the staffing plan']);
    const task = bySummary(events, 'Draft the staffing plan')[0]!;
    expect(new Date(task.start).toISOString()).toBe(due.toISOString());
    expect(task.description).toBe('A task assigned to you in Open bid.');
    const q = bySummary(events, 'Questions due')[0]!;
    expect(q.datetype).toBe('date');
    expect([q.start.getFullYear(), q.start.getMonth() + 1, q.start.getDate()]).toEqual([2027, 5, 1]);
    expect(q.description).toContain('L-009');
  });
});
