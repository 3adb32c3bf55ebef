import { and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { savedOpportunities } from '../../db/schema/index';

/**
 * The listing's per-user part (issue 25 item 7): which rows of a cached page the caller saved.
 * Every listing request needs it fresh (a save shows on the next listing at once), so it is never
 * cached; instead the requests that arrive in one turn of the event loop share one query. Each
 * request still reads after it arrived, so it sees every save answered before it was sent; under
 * load one round trip to the database serves dozens of requests instead of one.
 *
 * At most MAX_IN_FLIGHT of these queries run at once: requests arriving while they run wait for
 * one to finish and then go together in the next (a query already sent cannot take them, so each
 * still reads after it arrived). A profile of the cached listing under load (bench/README.md,
 * 2026-11-28) had a third of the server's CPU in the socket writes of these queries when every
 * turn sent its own, often for one or two requests; waiting for the previous answer gathers the
 * turns in between, costs a request at most one extra round trip, and none when the server is idle.
 */

/** More waiting requests than this start another query (bounds the arrays sent). */
const MAX_BATCH = 256;
/** Queries running at once; more waiting requests join the next one (see above). */
const MAX_IN_FLIGHT = 1;

interface Waiter {
  userId: string;
  ids: string[];
  resolve: (saved: Set<string>) => void;
  reject: (err: unknown) => void;
}

const savedPairsQuery = (db: Db) =>
  db
    .select({ userId: savedOpportunities.userId, id: savedOpportunities.opportunityId })
    .from(savedOpportunities)
    .where(
      and(
        sql`${savedOpportunities.userId} = any(${sql.placeholder('userIds')}::uuid[])`,
        sql`${savedOpportunities.opportunityId} = any(${sql.placeholder('ids')}::uuid[])`,
      ),
    )
    .prepare('listing_saved_pairs');

class SavedFlagsBatcher {
  private waiting: Waiter[] = [];
  private scheduled = false;
  private inFlight = 0;
  private readonly statement: ReturnType<typeof savedPairsQuery>;

  constructor(db: Db) {
    // A named statement is parsed and planned once per connection.
    this.statement = savedPairsQuery(db);
  }

  savedAmong(userId: string, ids: string[]): Promise<Set<string>> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ userId, ids, resolve, reject });
      // A full batch goes at once whatever is running (bounds the arrays sent).
      if (this.waiting.length >= MAX_BATCH) this.send();
      else if (!this.scheduled && this.inFlight < MAX_IN_FLIGHT) {
        // setImmediate runs after the poll phase: every request read from the sockets in this turn joins.
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          if (this.inFlight < MAX_IN_FLIGHT) this.send();
        });
      }
    });
  }

  /** Sends the waiting requests as one query; when it is answered, the next waiting ones go. */
  private send(): void {
    const batch = this.waiting;
    if (!batch.length) return;
    this.waiting = [];
    this.inFlight++;
    const userIds = [...new Set(batch.map((w) => w.userId))];
    // The requests for one cached page pass the same ids array: no merging when all are for one page.
    const lists = new Set(batch.map((w) => w.ids));
    const ids = lists.size === 1 ? batch[0]!.ids : [...new Set([...lists].flat())];
    this.statement
      .execute({ userIds, ids })
      .then(
        (rows) => {
          const byUser = new Map<string, Set<string>>();
          for (const row of rows) {
            let saved = byUser.get(row.userId);
            if (!saved) byUser.set(row.userId, (saved = new Set()));
            saved.add(row.id);
          }
          // Each caller gets only its own saves among its own ids.
          for (const w of batch) {
            const mine = byUser.get(w.userId);
            w.resolve(new Set(mine ? w.ids.filter((id) => mine.has(id)) : []));
          }
        },
        (err: unknown) => batch.forEach((w) => w.reject(err)),
      )
      .finally(() => {
        this.inFlight--;
        // Requests that arrived while this ran: their query starts now, after they arrived.
        if (this.waiting.length && !this.scheduled && this.inFlight < MAX_IN_FLIGHT) this.send();
      });
  }
}

const batchers = new WeakMap<Db, SavedFlagsBatcher>();

/** Which of these opportunities the user saved, read with the other requests of this turn. */
export function savedAmong(db: Db, userId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return Promise.resolve(new Set());
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new SavedFlagsBatcher(db)));
  return batcher.savedAmong(userId, ids);
}
