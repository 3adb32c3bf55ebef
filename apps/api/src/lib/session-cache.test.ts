import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema/index';
import { SessionCache, announceUserChanges, forgetUserHere, userChanged } from './session-cache';

const ID = '00000000-0000-4000-8000-000000000001';
const row = (tokenVersion: number) => ({ id: ID, tokenVersion, role: 'user', name: 'N' }) as UserRow;

/** A cache on a clock the test moves, and a loader that counts its reads. */
function setUp(ttlMs = 1000) {
  let now = 10_000;
  const cache = new SessionCache(ttlMs, () => now);
  let version = 0;
  let reads = 0;
  const load = async () => {
    reads++;
    return row(version);
  };
  return {
    cache,
    load,
    reads: () => reads,
    setVersion: (v: number) => void (version = v),
    advance: (ms: number) => void (now += ms),
  };
}

describe('SessionCache users', () => {
  it('reuses a row for less than the TTL and reads it again at the TTL', async () => {
    const t = setUp(1000);
    await t.cache.user(ID, t.load);
    t.advance(999);
    await t.cache.user(ID, t.load);
    expect(t.reads()).toBe(1);
    t.setVersion(1);
    t.advance(1);
    expect((await t.cache.user(ID, t.load))?.tokenVersion).toBe(1);
    expect(t.reads()).toBe(2);
    t.cache.close();
  });

  it('keptUser answers without reading exactly when user would not read', async () => {
    const t = setUp(1000);
    expect(t.cache.keptUser(ID)).toBeUndefined();
    await t.cache.user(ID, t.load);
    t.advance(999);
    expect(t.cache.keptUser(ID)?.tokenVersion).toBe(0);
    t.advance(1);
    expect(t.cache.keptUser(ID)).toBeUndefined();
    await t.cache.user(ID, t.load);
    expect(t.cache.keptUser(ID)).toBeDefined();
    forgetUserHere(ID);
    expect(t.cache.keptUser(ID)).toBeUndefined();
    expect(t.reads()).toBe(2);
    t.cache.close();
  });

  it('drops a row at once on userChanged and reads it fresh for a TTL after', async () => {
    const t = setUp(1000);
    await t.cache.user(ID, t.load);
    userChanged(ID);
    await t.cache.user(ID, t.load);
    await t.cache.user(ID, t.load);
    // Within the TTL after the change every request reads: a write still in its transaction may commit meanwhile.
    expect(t.reads()).toBe(3);
    t.advance(1001);
    await t.cache.user(ID, t.load);
    await t.cache.user(ID, t.load);
    expect(t.reads()).toBe(4);
    t.cache.close();
  });

  it('does not keep a row whose read was under way when the user changed', async () => {
    const t = setUp(1000);
    let release!: () => void;
    const slow = () => new Promise<UserRow>((resolve) => (release = () => resolve(row(0))));
    const pending = t.cache.user(ID, slow);
    forgetUserHere(ID);
    release();
    expect((await pending)?.tokenVersion).toBe(0);
    expect(t.cache.size).toBe(0);
    t.cache.close();
  });

  it('reload replaces a kept row', async () => {
    const t = setUp(1000);
    await t.cache.user(ID, t.load);
    t.setVersion(2);
    expect((await t.cache.reload(ID, t.load))?.tokenVersion).toBe(2);
    expect((await t.cache.user(ID, t.load))?.tokenVersion).toBe(2);
    expect(t.reads()).toBe(2);
    t.cache.close();
  });

  it('keeps nothing with a TTL of 0 (AUTH_USER_CACHE_MS=0: every request reads)', async () => {
    const t = setUp(0);
    await t.cache.user(ID, t.load);
    await t.cache.user(ID, t.load);
    t.cache.rememberToken('tok', { sub: ID, ver: 0 }, 10_000);
    expect(t.reads()).toBe(2);
    expect(t.cache.size).toBe(0);
    expect(t.cache.verifiedToken('tok')).toBeUndefined();
  });

  it('a closed cache no longer hears userChanged', async () => {
    const t = setUp(1000);
    t.cache.close();
    await t.cache.user(ID, t.load);
    userChanged(ID);
    await t.cache.user(ID, t.load);
    expect(t.reads()).toBe(1);
  });
});

describe('SessionCache tokens', () => {
  it('answers a verified token until its exp, then forgets it', () => {
    const t = setUp(1000);
    // exp is in seconds; the clock starts at 10 s.
    t.cache.rememberToken('tok', { sub: ID, ver: 3 }, 12);
    expect(t.cache.verifiedToken('tok')).toMatchObject({ sub: ID, ver: 3 });
    expect(t.cache.verifiedToken('other')).toBeUndefined();
    t.advance(1999);
    expect(t.cache.verifiedToken('tok')).toMatchObject({ sub: ID, ver: 3 });
    t.advance(1);
    expect(t.cache.verifiedToken('tok')).toBeUndefined();
    t.cache.close();
  });
});

describe('userChanged', () => {
  it('tells every announcer (the Redis channel); forgetUserHere does not', () => {
    const heard: string[] = [];
    const stop = announceUserChanges((id) => heard.push(id));
    userChanged(ID);
    forgetUserHere(ID);
    stop();
    userChanged(ID);
    expect(heard).toEqual([ID]);
  });
});
