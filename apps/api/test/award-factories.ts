import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/client';
import { awards, recipients, type NewAwardRow } from '../src/db/schema/index';

let serial = 0;

/** Inserts one award (its key and PIID made up unless given), keyed as USAspending keys it. */
export async function createAward(db: Db, overrides: Partial<NewAwardRow> = {}): Promise<string> {
  serial += 1;
  const piid = overrides.piid ?? `TEST${String(serial).padStart(6, '0')}${randomUUID().slice(0, 4).toUpperCase()}`;
  const awardKey = overrides.awardKey ?? `CONT_AWD_${piid}_9700_-NONE-_-NONE-`;
  await db.insert(awards).values({
    awardKey,
    piid,
    piidKey: piid.replace(/[-\s.]/g, '').toUpperCase(),
    source: 'usaspending_csv',
    sourceUrl: `https://www.usaspending.gov/award/${awardKey}/`,
    fetchedAt: new Date('2026-11-20T12:00:00Z'),
    contentHash: randomUUID(),
    ...overrides,
  });
  return awardKey;
}

/** Inserts (or replaces) a recipient by UEI with the names it was seen under. */
export async function createRecipient(
  db: Db,
  uei: string,
  names: string[],
  overrides: { parentUei?: string | null; businessTypes?: string[] } = {},
): Promise<void> {
  const values = {
    uei,
    name: names.at(-1)!,
    namesSeen: names,
    parentUei: overrides.parentUei ?? null,
    businessTypes: overrides.businessTypes ?? [],
  };
  await db.insert(recipients).values(values).onConflictDoUpdate({ target: recipients.uei, set: values });
}
