import type { UserRow } from '../db/schema/index';
import type { SessionClaims } from './tokens';

/**
 * What the auth hook would otherwise redo on every request (issue 25 item 7): the users row of the
 * caller and the HS256 check of a token it has already verified.
 *
 * Users rows are kept for at most `ttlMs` (AUTH_USER_CACHE_MS, 2 s by default), so whatever
 * changes a user — a write by this process, another process, the CLI or plain SQL — is seen by
 * every process within that bound. Writes made through the app call `userChanged(id)`, which acts
 * at once: every cache of this process stops trusting the row, and with Redis the other processes
 * hear of it too (auth.ts subscribes). A changed user is read from the database on every request for
 * the next `ttlMs`, so a write still inside its transaction when `userChanged` ran (its commit not
 * yet visible) is picked up as soon as it commits, not one TTL later.
 */

/** Verified tokens kept per app; the oldest go first beyond this. */
const MAX_TOKENS = 20_000;
/** Users rows kept per app; the oldest go first beyond this. */
const MAX_USERS = 20_000;

interface CachedUser {
  row: UserRow;
  loadedAt: number;
}

/** Every cache of this process (one per app) and every cross-process channel, for `userChanged`. */
const caches = new Set<SessionCache>();
const announcers = new Set<(userId: string) => void>();

/**
 * Called after a write to a users row (name, role, password or token version, deletion): this
 * process's caches drop it at once and other processes are told (through Redis, when configured).
 */
export function userChanged(userId: string): void {
  forgetUserHere(userId);
  for (const announce of announcers) announce(userId);
}

/** A change another process announced: this process's caches drop the row (not announced again). */
export function forgetUserHere(userId: string): void {
  for (const cache of caches) cache.forget(userId);
}

/** Registers a cross-process announcer (Redis publish); returns its removal. */
export function announceUserChanges(announce: (userId: string) => void): () => void {
  announcers.add(announce);
  return () => void announcers.delete(announce);
}

export class SessionCache {
  private readonly tokens = new Map<string, SessionClaims & { expiresAt: number }>();
  private readonly users = new Map<string, CachedUser>();
  /** Users changed recently: read fresh, not cached, until the time given. */
  private readonly changed = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (ttlMs > 0) caches.add(this);
  }

  /** Stops receiving `userChanged` (the app closed). */
  close(): void {
    caches.delete(this);
  }

  /** The claims of a token verified earlier and not yet expired, else undefined. */
  verifiedToken(token: string): SessionClaims | undefined {
    const hit = this.tokens.get(token);
    if (!hit) return undefined;
    if (this.now() < hit.expiresAt) return hit;
    this.tokens.delete(token);
    return undefined;
  }

  /** Remembers a verified token until its `exp` (seconds since the epoch). */
  rememberToken(token: string, claims: SessionClaims, exp: number): void {
    if (this.ttlMs <= 0) return;
    this.tokens.set(token, { ...claims, expiresAt: exp * 1000 });
    dropOldest(this.tokens, MAX_TOKENS);
  }

  /**
   * The user for `userId`: from the cache when read less than `ttlMs` ago and not changed since,
   * else from `load` (kept unless the user changed while it ran or lately).
   */
  async user(userId: string, load: () => Promise<UserRow | undefined>): Promise<UserRow | undefined> {
    return this.keptUser(userId) ?? this.reload(userId, load);
  }

  /** The row `user` would answer without reading: kept less than `ttlMs` ago and not changed since. */
  keptUser(userId: string): UserRow | undefined {
    const hit = this.users.get(userId);
    return hit && this.now() - hit.loadedAt < this.ttlMs ? hit.row : undefined;
  }

  /** Reads the user from `load` and keeps it (the cached row disagreed with a token: it may be stale). */
  async reload(userId: string, load: () => Promise<UserRow | undefined>): Promise<UserRow | undefined> {
    this.users.delete(userId);
    const startedAt = this.now();
    const row = await load();
    if (row && this.ttlMs > 0 && !this.changedSince(userId, startedAt)) {
      this.users.set(userId, { row, loadedAt: startedAt });
      dropOldest(this.users, MAX_USERS);
    }
    return row;
  }

  /** Stops trusting the row of `userId` at once, and for the next `ttlMs` reads it fresh. */
  forget(userId: string): void {
    this.users.delete(userId);
    // Re-inserted so the map stays in order of change (the sweep below stops at the first recent one).
    this.changed.delete(userId);
    this.changed.set(userId, this.now());
    // Entries older than the TTL are done with: they can no longer stop a fill.
    for (const [id, at] of this.changed) {
      if (this.now() - at <= this.ttlMs) break;
      this.changed.delete(id);
    }
  }

  /** Number of users rows kept (for tests). */
  get size(): number {
    return this.users.size;
  }

  private changedSince(userId: string, startedAt: number): boolean {
    const at = this.changed.get(userId);
    // Changed while the read ran, or within the TTL before it: the read may predate the commit.
    return at !== undefined && at >= startedAt - this.ttlMs;
  }
}

function dropOldest<K, V>(map: Map<K, V>, max: number): void {
  for (const key of map.keys()) {
    if (map.size <= max) break;
    map.delete(key);
  }
}
