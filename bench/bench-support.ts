import { randomBytes } from 'node:crypto';

/** `--name value` from the command line, or undefined. */
export const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

/**
 * A scratch database a bench creates and drops: its name (random, so runs never collide) and URL,
 * on the server `--database-url` names (local PostgreSQL by default).
 */
export function scratchDatabase(prefix: string): { adminUrl: string; dbName: string; databaseUrl: string } {
  const adminUrl = arg('database-url') ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const dbName = `biddesk_bench_${prefix}_${randomBytes(4).toString('hex')}`;
  return { adminUrl, dbName, databaseUrl: Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString() };
}

/** A seeded PRNG (mulberry32), so a bench's generated data repeats run after run. */
export function seededRandom(start: number): { rand: () => number; pick: <T>(xs: T[]) => T } {
  let seed = start;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { rand, pick: <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]! };
}
