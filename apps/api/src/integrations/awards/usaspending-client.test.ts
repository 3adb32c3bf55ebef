import { afterEach, describe, expect, it } from 'vitest';
import { MemoryJsonCache } from '../../lib/json-cache';
import { AwardSourceError } from './award-http';
import { realSearchRecords, startFakeUsaspending, USASPENDING_THROTTLED, type FakeUsaspending } from './fake-usaspending-server';
import { CONTRACT_TYPE_CODES, createUsaspendingClient, IDV_TYPE_CODES } from './usaspending-client';

let fake: FakeUsaspending | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const noWait = async () => {};
const contracts = { award_type_codes: CONTRACT_TYPE_CODES };

async function setup(opts: { timeoutMs?: number; delayMs?: number; attempts?: number; cache?: MemoryJsonCache<unknown> } = {}) {
  fake = await startFakeUsaspending({ delayMs: opts.delayMs });
  const client = createUsaspendingClient({
    baseUrl: fake.url,
    timeoutMs: opts.timeoutMs ?? 5000,
    retry: { attempts: opts.attempts ?? 3, baseDelayMs: 1, maxDelayMs: 5 },
    cache: opts.cache,
    sleep: noWait,
  });
  return { fake, client };
}

async function failure(p: Promise<unknown>): Promise<AwardSourceError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AwardSourceError);
  return err as AwardSourceError;
}

describe('USAspending search paging', () => {
  it('walks every real record once by the cursor, in amount order', async () => {
    const { fake, client } = await setup();
    const expected = realSearchRecords();
    const seen: string[] = [];
    const amounts: number[] = [];
    for await (const page of client.searchAllAwards({ filters: contracts, limit: 3 }, 50)) {
      expect(page.results.length).toBeLessThanOrEqual(3);
      for (const r of page.results) {
        seen.push(r.generated_internal_id);
        amounts.push(r['Award Amount'] ?? -Infinity);
      }
    }
    expect(seen).toHaveLength(expected.length);
    expect(new Set(seen).size).toBe(expected.length);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    // The first page by page number, every next one by the previous page's last record.
    const bodies = fake.requests.map((r) => r.body as Record<string, unknown>);
    expect(bodies).toHaveLength(Math.ceil(expected.length / 3));
    expect(bodies[0]!.last_record_unique_id).toBeUndefined();
    for (const b of bodies.slice(1)) {
      expect(typeof b.last_record_unique_id).toBe('number');
      expect(typeof b.last_record_sort_value).toBe('string');
    }
  });

  it('stops at maxPages', async () => {
    const { fake, client } = await setup();
    let pages = 0;
    for await (const page of client.searchAllAwards({ filters: contracts, limit: 2 }, 2)) {
      pages++;
      expect(page.next).not.toBeNull();
    }
    expect(pages).toBe(2);
    expect(fake.requests).toHaveLength(2);
  });

  it('maps a search hit to an award row with its key, parent IDV and link', async () => {
    const { client } = await setup();
    const page = await client.searchAwards({ filters: { ...contracts, award_ids: ['"0007"'] }, limit: 10 });
    expect(page.awards).toHaveLength(1);
    const a = page.awards[0]!;
    expect(a).toMatchObject({
      awardKey: 'CONT_AWD_0007_9700_FA870215D0001_9700',
      piid: '0007',
      parentIdvPiid: 'FA870215D0001',
      recipientUei: 'SN5KKUDR9LY8',
      obligatedAmount: '1594101040.69',
      currentEndDate: '2030-02-28',
      source: 'usaspending_api',
      sourceUrl: 'https://www.usaspending.gov/award/CONT_AWD_0007_9700_FA870215D0001_9700/',
    });
    // Not in the search's answer: left empty rather than guessed.
    expect(a.solicitationId).toBeNull();
    expect(a.baseAndAllOptionsValue).toBeNull();
  });

  it('refuses a search that mixes award type groups with the server message', async () => {
    const { client } = await setup();
    const err = await failure(client.searchAwards({ filters: { award_type_codes: ['A', IDV_TYPE_CODES[0]] } }));
    expect(err.kind).toBe('bad_request');
    expect(err.status).toBe(422);
    expect(err.message).toContain("'award_type_codes' must only contain types from one group.");
  });

  it('refuses a limit above 100 and a sort on a field not asked for before asking', async () => {
    const { fake, client } = await setup();
    await expect(client.searchAwards({ filters: contracts, limit: 101 })).rejects.toThrow(RangeError);
    await expect(client.searchAwards({ filters: contracts, fields: ['Award ID'], sort: 'Award Amount' })).rejects.toThrow(
      /sorts only by a requested field/,
    );
    expect(fake.requests).toHaveLength(0);
  });
});

describe('USAspending retries', () => {
  it('retries a 429 with backoff and succeeds', async () => {
    const { fake, client } = await setup();
    fake.queue(USASPENDING_THROTTLED, USASPENDING_THROTTLED);
    const award = await client.getAward('CONT_IDV_80JSC019C0012_8000');
    expect(award.piid).toBe('80JSC019C0012');
    expect(fake.requests).toHaveLength(3);
  });

  it('gives up after the last attempt with a readable message', async () => {
    const { fake, client } = await setup({ attempts: 2 });
    fake.queue(USASPENDING_THROTTLED, USASPENDING_THROTTLED, USASPENDING_THROTTLED);
    const err = await failure(client.getAward('CONT_IDV_80JSC019C0012_8000'));
    expect(err.kind).toBe('rate_limited');
    expect(err.message).toBe(
      'USAspending award CONT_IDV_80JSC019C0012_8000 was throttled (HTTP 429): Request was throttled. (gave up after 2 attempts)',
    );
    expect(fake.requests).toHaveLength(2);
  });

  it('retries a 5xx, but not a 404', async () => {
    const { fake, client } = await setup();
    fake.queue({ status: 503, body: '<html>Service Unavailable</html>' });
    expect((await client.getAward('CONT_IDV_80JSC019C0012_8000')).awardKey).toBe('CONT_IDV_80JSC019C0012_8000');
    expect(fake.requests).toHaveLength(2);
    const err = await failure(client.getAward('CONT_AWD_NOPE_9700_-NONE-_-NONE-'));
    expect(err.kind).toBe('not_found');
    expect(err.message).toContain("No Award found with: 'CONT_AWD_NOPE_9700_-NONE-_-NONE-'");
    expect(fake.requests).toHaveLength(3);
  });

  it('times out a slow answer', async () => {
    const { client } = await setup({ timeoutMs: 50, delayMs: 500, attempts: 1 });
    const err = await failure(client.getAward('CONT_IDV_80JSC019C0012_8000'));
    expect(err.kind).toBe('timeout');
    expect(err.message).toContain('timed out after 50 ms');
  });
});

describe('USAspending malformed answers', () => {
  it('refuses an answer without award keys, names the field, and caches nothing', async () => {
    const cache = new MemoryJsonCache<unknown>(60_000, 10);
    const { fake, client } = await setup({ cache });
    fake.queue({ status: 200, body: { results: [{ internal_id: 1, 'Award ID': 'X' }], page_metadata: { page: 1, hasNext: false } } });
    const err = await failure(client.searchAwards({ filters: contracts }));
    expect(err.kind).toBe('malformed');
    expect(err.message).toMatch(/^USAspending award search answered in an unexpected shape \(results\[0\]\.generated_internal_id: /);
    // Nothing kept: the same search asks again and gets the real answer.
    const page = await client.searchAwards({ filters: contracts });
    expect(page.results.length).toBeGreaterThan(0);
    expect(fake.requests).toHaveLength(2);
  });

  it('refuses text that is not JSON', async () => {
    const { fake, client } = await setup();
    fake.queue({ status: 200, body: '<html>maintenance</html>' });
    const err = await failure(client.getAward('CONT_IDV_80JSC019C0012_8000'));
    expect(err.kind).toBe('malformed');
    expect(err.message).toBe('USAspending award CONT_IDV_80JSC019C0012_8000 answered with text that is not JSON');
  });

  it('refuses a page that promises more without a cursor', async () => {
    const { fake, client } = await setup();
    fake.queue({
      status: 200,
      body: { results: [], page_metadata: { page: 1, hasNext: true, last_record_unique_id: null, last_record_sort_value: 'None' } },
    });
    const err = await failure(client.searchAwards({ filters: contracts }));
    expect(err.message).toContain('gave no cursor');
  });
});

describe('USAspending award detail, transactions, orders, recipient', () => {
  it('maps a delivery order under an IDV with its predecessor named in the description', async () => {
    const { client } = await setup();
    const a = await client.getAward('CONT_AWD_0007_9700_FA870215D0001_9700');
    expect(a).toMatchObject({
      piid: '0007',
      parentIdvPiid: 'FA870215D0001',
      awardTypeCode: 'C',
      awardingAgencyCode: '097',
      awardingSubAgencyCode: '5700',
      extentCompetedCode: 'C',
      solicitationId: null,
      naicsCode: '541712',
      pscCode: 'AC61',
      potentialEndDate: '2030-02-28',
      baseAndAllOptionsValue: '1630072347.66',
      popState: 'MA',
    });
    expect(a.description).toContain('FA8721-05-C-0002');
  });

  it('maps a definitive contract with its solicitation, offers and set-aside', async () => {
    const { client } = await setup();
    const a = await client.getAward('CONT_AWD_80GSFC18C0008_8000_-NONE-_-NONE-');
    expect(a).toMatchObject({
      parentIdvPiid: null,
      solicitationId: 'NNH16ZDA005O',
      offersReceived: 2,
      setAsideCode: 'NONE',
      potentialEndDate: '2025-08-23',
    });
  });

  it('maps an IDV: its ordering end, no potential end', async () => {
    const { client } = await setup();
    const a = await client.getAward('CONT_IDV_80JSC019C0012_8000');
    expect(a).toMatchObject({
      awardTypeCode: 'IDV_B_B',
      currentEndDate: '2030-09-30',
      potentialEndDate: null,
      solicitationId: '80JSC018R0014',
      offersReceived: 1,
      recipientParentUei: 'ZFN2JJXBLZT3',
    });
  });

  it('caches a detail answer', async () => {
    const cache = new MemoryJsonCache<unknown>(60_000, 10);
    const { fake, client } = await setup({ cache });
    await client.getAward('CONT_IDV_80JSC019C0012_8000');
    await client.getAward('CONT_IDV_80JSC019C0012_8000');
    expect(fake.requests).toHaveLength(1);
  });

  it('pages transactions and child orders by page number', async () => {
    const { client } = await setup();
    const first = await client.listTransactions('CONT_AWD_0007_9700_FA870215D0001_9700', 1, 4);
    expect(first.results.map((t) => t.modification_number)).toHaveLength(4);
    expect(first.hasNext).toBe(true);
    const last = await client.listTransactions('CONT_AWD_0007_9700_FA870215D0001_9700', 3, 4);
    expect(last.results).toHaveLength(2);
    expect(last.hasNext).toBe(false);
    // Alphanumeric modification numbers and a negative obligation are real.
    expect(first.results[0]).toMatchObject({ modification_number: 'Q6', federal_action_obligation: -86440.52 });
    const orders = await client.listIdvAwards('CONT_IDV_80JSC019C0012_8000', 1, 100);
    expect(orders.results).toHaveLength(10);
    expect(orders.results[0]!.generated_unique_award_id).toBe('CONT_AWD_80KSC024FA106_8000_NNK14MA74C_8000');
  });

  it('gives a recipient by UEI with all 27 alternate names', async () => {
    const { client } = await setup();
    const r = await client.getRecipient('0b441d38-e3c0-de89-ee08-69fc9e6ee58a-C');
    expect(r!.uei).toBe('Z1H9VJS8NG16');
    expect(r!.names[0]).toBe('THE UNIVERSITY OF IOWA');
    expect(r!.names.length).toBeGreaterThanOrEqual(27);
    expect(r!.businessTypes.length).toBe(6);
  });
});
