import { and, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { savedOpportunities } from '../../db/schema/index';

/**
 * The listing's per-user part (issue 25 item 7): which rows of a cached page the caller saved.
 * Every listing request needs it fresh (a save shows on the next listing at once), so it is never
 * cached; instead the requests that arrive in one turn of the event loop share one query. Each
 * request still reads after it arrived, so it sees every save answered before it was sent; under
 * load one round trip to the database serves dozens of requests instead of one.
 */

/** More waiting requests than this start another query (bounds the arrays sent). */
const MAX_BATCH = 256;

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
  private readonly statement: ReturnType<typeof savedPairsQuery>;

  constructor(db: Db) {
    // A named statement is parsed and planned once per connection.
    this.statement = savedPairsQuery(db);
  }

  savedAmong(userId: string, ids: string[]): Promise<Set<string>> {
    return new Promise((resolve, reject) => {
      // setImmediate runs after the poll phase: every request read from the sockets in this turn joins.
      if (!this.waiting.length) setImmediate(() => this.flush());
      this.waiting.push({ userId, ids, resolve, reject });
      if (this.waiting.length >= MAX_BATCH) this.flush();
    });
  }

  private flush(): void {
    const batch = this.waiting;
    if (!batch.length) return;
    this.waiting = [];
    const userIds = [...new Set(batch.map((w) => w.userId))];
    const ids = [...new Set(batch.flatMap((w) => w.ids))];
    this.statement.execute({ userIds, ids }).then(
      (rows) => {
        const byUser = new Map<string, Set<string>>();
        for (const row of rows) {
          let saved = byUser.get(row.userId);
          if (!saved) byUser.set(row.userId, (saved = new Set()));
          saved.add(row.id);
        }
        // Each caller gets only its own saves among its own ids.
        for (const w of batch) w.resolve(new Set(w.ids.filter((id) => byUser.get(w.userId)?.has(id))));
      },
      (err: unknown) => batch.forEach((w) => w.reject(err)),
    );
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
