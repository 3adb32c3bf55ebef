import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/client';
import { awards, type NewAwardRow } from '../src/db/schema/index';

/** One award row as an import would store it; every field not given is blank (null). */
export async function createAward(db: Db, overrides: Partial<NewAwardRow> = {}): Promise<string> {
  const piid = overrides.piid ?? `W912HQ${randomUUID().replace(/-/g, '').slice(0, 7).toUpperCase()}`;
  const awardKey = overrides.awardKey ?? `CONT_AWD_${piid}_9700_-NONE-_-NONE-`;
  await db.insert(awards).values({
    awardKey,
    piid,
    piidKey: piid.replace(/[\s.-]+/g, '').toUpperCase(),
    source: 'usaspending_csv',
    sourceUrl: `https://www.usaspending.gov/award/${encodeURIComponent(awardKey)}/`,
    fetchedAt: new Date(),
    contentHash: randomUUID(),
    ...overrides,
  });
  return awardKey;
}
