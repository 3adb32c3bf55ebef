import type { Db } from '../../db/client';
import type { AwardRecord } from '../../integrations/awards/award-record';
import { AwardSourceError } from '../../integrations/awards/award-http';
import type { SamContractAwardsClient } from '../../integrations/awards/sam-contract-awards-client';
import { latestPerAward } from '../../integrations/awards/sam-contract-awards-mapper';
import { CONTRACT_TYPE_CODES, IDV_TYPE_CODES, type UsaspendingClient } from '../../integrations/awards/usaspending-client';
import { upsertAwards, upsertRecipients } from './awards-write.repository';

/** Quoted numbers looked up per page view, and awards fetched per number: a bound on requests. */
const MAX_NUMBERS = 3;
const MAX_AWARDS_PER_NUMBER = 5;

export interface LookupOutcome {
  /** Awards fetched and stored. */
  stored: number;
  /** A readable reason when USAspending could not be asked or answered wrongly; nothing was stored then. */
  failure: string | null;
}

/**
 * Asks USAspending for the contract numbers a notice quotes that the database does not hold (exact
 * PIID search, awards then IDVs; each hit's detail for the fields the search lacks) and stores them.
 * All or nothing: every answer is checked first, and one bad answer stores none of them.
 */
export async function lookUpQuotedNumbers(db: Db, client: UsaspendingClient, numbers: string[]): Promise<LookupOutcome> {
  const wanted = numbers.slice(0, MAX_NUMBERS);
  if (wanted.length === 0) return { stored: 0, failure: null };
  try {
    const found: AwardRecord[] = [];
    for (const number of wanted) {
      const keys = new Set<string>();
      for (const codes of [CONTRACT_TYPE_CODES, IDV_TYPE_CODES]) {
        // Quoted: an exact match (bare ids are full-text and fuzzy).
        const page = await client.searchAwards({
          filters: { award_type_codes: codes, award_ids: [`"${number}"`] },
          limit: MAX_AWARDS_PER_NUMBER,
        });
        for (const r of page.results) keys.add(r.generated_internal_id);
      }
      for (const key of [...keys].slice(0, MAX_AWARDS_PER_NUMBER)) found.push(await client.getAward(key));
    }
    await store(db, found);
    return { stored: found.length, failure: null };
  } catch (err) {
    if (err instanceof AwardSourceError) return { stored: 0, failure: err.message };
    throw err;
  }
}

/**
 * Asks SAM.gov Contract Awards for the awards made from `solicitation` (its solicitationID filter:
 * the direct link USAspending lacks), keeps the latest record per award and stores them with
 * their vendors. One request of the daily quota (cached 6 hours); a used-up quota asks nothing.
 */
export async function lookUpSolicitation(db: Db, client: SamContractAwardsClient, solicitation: string): Promise<LookupOutcome> {
  try {
    const page = await client.search({ solicitationId: solicitation, limit: 100 });
    const found = latestPerAward(
      page.awards.map((award, i) => ({ award, modificationNumber: page.records[i]?.contractId.modificationNumber })),
    );
    await store(db, found);
    return { stored: found.length, failure: null };
  } catch (err) {
    if (err instanceof AwardSourceError) return { stored: 0, failure: err.message };
    throw err;
  }
}

/** The awards and their vendors (by UEI only) together, or neither. */
async function store(db: Db, found: AwardRecord[]): Promise<void> {
  if (found.length === 0) return;
  await db.transaction(async (tx) => {
    await upsertRecipients(
      tx,
      found
        .filter((a) => a.recipientUei)
        .map((a) => ({
          uei: a.recipientUei!,
          names: a.recipientName ? [a.recipientName] : [],
          parentUei: a.recipientParentUei,
          businessTypes: [],
        })),
    );
    await upsertAwards(tx, found);
  });
}
