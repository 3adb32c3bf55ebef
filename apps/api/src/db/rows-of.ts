/**
 * The rows of a raw `db.execute(sql…)`: PGlite answers them as an array, node-postgres in `.rows`.
 * The one copy; repositories that run raw SQL read their answers through it.
 */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}
