import { randomBytes } from 'node:crypto';
import { statedDeadlines } from '@biddesk/analysis';
import type { CalendarFeed } from '@biddesk/shared';
import ical from 'ical-generator';
import type { AuthedCtx, Ctx } from '../../lib/ctx';
import { notFound } from '../../lib/errors';
import * as ndaRepository from '../nda/nda.repository';
import { isNdaPending } from '../workspaces/workspace-access';
import { deadlineEvent, nextActionEvent, questionsEvent, taskEvent, type FeedEvent } from './calendar-events';
import * as repo from './calendar-feeds.repository';

/** Deadlines this far back stay in the feed, so a calendar still shows what just passed. */
const PAST_DAYS = 30;

const feedPath = (token: string) => `/api/calendar/${token}.ics`;
const present = (row: { token: string; createdAt: Date } | undefined): CalendarFeed =>
  row ? { path: feedPath(row.token), created_at: row.createdAt.toISOString() } : { path: null, created_at: null };

/** GET /calendar-feed: the caller's feed address, or none yet. */
export async function getFeed(ctx: AuthedCtx): Promise<CalendarFeed> {
  return present(await repo.findByUser(ctx.db, ctx.actor.id));
}

/** POST /calendar-feed: a new address; any earlier one stops working at once. */
export async function resetFeed(ctx: AuthedCtx): Promise<CalendarFeed> {
  const row = await repo.replaceToken(ctx.db, ctx.actor.id, randomBytes(32).toString('base64url'));
  ctx.log.info({ userId: ctx.actor.id }, 'calendar feed address issued');
  return present(row);
}

/** DELETE /calendar-feed: the address stops working; 404 when there was none. */
export async function revokeFeed(ctx: AuthedCtx): Promise<void> {
  if (!(await repo.remove(ctx.db, ctx.actor.id))) throw notFound('You have no calendar feed');
  ctx.log.info({ userId: ctx.actor.id }, 'calendar feed revoked');
}

/**
 * GET /calendar/{token}.ics: the dates of the token's owner. A guest (a teaming partner) gets the
 * dates of their workspaces only, never notices or pursuits (issue 26 item 1). Workspace dates
 * come only from workspaces the user may read now: not archived, NDA accepted where one applies.
 */
export async function feedIcs(deps: Pick<Ctx, 'db' | 'config'>, token: string, now = new Date()): Promise<string> {
  const owner = await repo.ownerOfToken(deps.db, token);
  if (!owner) throw notFound('This calendar address is not in use');
  const appUrl = deps.config.PUBLIC_URL;
  const since = new Date(now.getTime() - PAST_DAYS * 86_400_000);
  const events: FeedEvent[] = [];

  if (!owner.isGuest) {
    const [saved, pursued, actions] = await Promise.all([
      repo.savedDeadlines(deps.db, owner.userId, since),
      repo.pursuedDeadlines(deps.db, owner.userId, since),
      repo.nextActions(deps.db, owner.userId),
    ]);
    // A notice both saved and pursued is one event, said as the pursuit.
    const pursuedIds = new Set(pursued.map((p) => p.opportunityId));
    events.push(...pursued.map((p) => deadlineEvent('pursued', p, appUrl)));
    events.push(...saved.filter((s) => !pursuedIds.has(s.opportunityId)).map((s) => deadlineEvent('saved', s, appUrl)));
    events.push(...actions.map((a) => nextActionEvent(a, appUrl)));
  }

  const memberships = await repo.openMemberships(deps.db, owner.userId);
  const currentNda = await ndaRepository.findCurrent(deps.db, now);
  const readable = memberships.filter(({ workspace, member }) => !isNdaPending(workspace, member, currentNda)).map((m) => m.workspace);
  const nameOf = new Map(readable.map((w) => [w.id, w.name]));
  const ids = readable.map((w) => w.id);
  const [assigned, solicitations] = await Promise.all([
    repo.assignedTasks(deps.db, owner.userId, ids),
    repo.latestSolicitations(deps.db, ids),
  ]);
  events.push(...assigned.map((t) => taskEvent(t, nameOf.get(t.workspaceId) ?? 'a workspace', appUrl)));
  for (const s of solicitations) {
    const seen = new Set<string>();
    for (const q of statedDeadlines(s.requirements).questions) {
      if (seen.has(q.date.iso) || q.date.iso < since.toISOString().slice(0, 10)) continue;
      seen.add(q.date.iso);
      events.push(
        questionsEvent({ id: s.workspaceId, name: nameOf.get(s.workspaceId) ?? 'a workspace' }, q.date.iso, q.req.requirement_id, appUrl),
      );
    }
  }
  return writeIcs(events, now);
}

function writeIcs(events: FeedEvent[], now: Date): string {
  const calendar = ical({ name: 'BidDesk deadlines', prodId: { company: 'BidDesk', product: 'BidDesk', language: 'EN' }, ttl: 3600 });
  for (const e of events) {
    const common = { id: e.uid, stamp: now, summary: e.summary, description: e.description, url: e.url };
    if ('at' in e) calendar.createEvent({ ...common, start: e.at });
    else calendar.createEvent({ ...common, start: e.day, allDay: true });
  }
  return calendar.toString();
}
