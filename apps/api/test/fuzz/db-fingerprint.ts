import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/**
 * Row count and an md5 of every row's text of every table in the public schema, one query for
 * all, so "no row changed" is checked on the whole database and on tables added later.
 */
export async function databaseFingerprint(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  ).map((r) => r.name);
  const parts = tables.map(
    (name) =>
      `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, E'\\n' order by t::text)), '') as print from "${name.replace(/"/g, '""')}" t`,
  );
  const rows = rowsOf<{ name: string; print: string }>(await db.execute(sql.raw(parts.join(' union all '))));
  return Object.fromEntries(rows.map((r) => [r.name, r.print]));
}

/** Every file under `dir` (the app's file store): an accepted upload leaves one behind. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => `${e.parentPath}/${e.name}`)
      .sort();
  } catch {
    return [];
  }
}

/** The tables whose fingerprint differs, as `table: before -> after`. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).map((n) => `${n}: ${before[n] ?? 'absent'} -> ${after[n] ?? 'absent'}`);
}
