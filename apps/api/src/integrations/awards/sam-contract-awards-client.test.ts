import { afterEach, describe, expect, it } from 'vitest';
import { MemoryJsonCache } from '../../lib/json-cache';
import { AwardSourceError } from './award-http';
import { MemoryDailyQuota } from './daily-quota';
import { docExampleRecords, startFakeSamAwards, type FakeSamAwards } from './fake-sam-contract-awards-server';
import { createSamContractAwardsClient, samRange } from './sam-contract-awards-client';
import { latestPerAward } from './sam-contract-awards-mapper';
import { awardFromSam } from './sam-contract-awards-mapper';
import { SamAwardSchema } from './sam-contract-awards-schemas';

const API_KEY = 'SAM-awards-key-0123456789abcdef';
let fake: FakeSamAwards | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(opts: { dailyLimit?: number; quota?: number; cache?: MemoryJsonCache<unknown> } = {}) {
  fake = await startFakeSamAwards({ validApiKey: API_KEY, dailyLimit: opts.dailyLimit });
  const quota = new MemoryDailyQuota(opts.quota ?? 1000);
  const client = createSamContractAwardsClient({
    apiKey: API_KEY,
    quota,
    baseUrl: fake.url,
    timeoutMs: 5000,
    retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
    cache: opts.cache,
    sleep: async () => {},
  });
  return { fake, client, quota };
}

async function failure(p: Promise<unknown>): Promise<AwardSourceError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AwardSourceError);
  expect((err as Error).message).not.toContain(API_KEY);
  return err as AwardSourceError;
}

describe('SAM.gov Contract Awards search', () => {
  it('finds an IDV by its solicitation number and maps it to an award row', async () => {
    const { fake, client } = await setup();
    const page = await client.search({ solicitationId: 'NNG13451284R' });
    expect(page.totalRecords).toBe(1);
    expect(page.awards[0]).toMatchObject({
      awardKey: 'CONT_IDV_NNG15SD19B_8000',
      piid: 'NNG15SD19B',
      awardTypeCode: 'IDV_A',
      solicitationId: 'NNG13451284R',
      naicsCode: '541519',
      pscCode: '7035',
      awardingOfficeCode: 'GSFC0',
      setAsideCode: 'SDVOSBC',
      offersReceived: 232,
      currentEndDate: '2020-04-30',
      baseAndAllOptionsValue: '20000000000',
      source: 'sam_contract_awards',
    });
    const sent = fake.requests[0]!;
    expect(sent.pathname).toBe('/contract-awards/v1/search');
    expect(sent.searchParams.get('solicitationID')).toBe('NNG13451284R');
    expect(sent.searchParams.get('api_key')).toBe(API_KEY);
  });

  it('maps an order under an IDV with the IDV competition fields', async () => {
    const { client } = await setup();
    const page = await client.search({ piid: 'SPE3SU25F97V0', modificationNumber: '0' });
    expect(page.awards[0]).toMatchObject({
      awardKey: 'CONT_AWD_SPE3SU25F97V0_9700_SPE30023DSA78_9700',
      parentIdvPiid: 'SPE30023DSA78',
      recipientUei: 'HKK3H54PK7C3',
      extentCompetedCode: 'A',
      setAsideCode: 'NONE',
      offersReceived: 1,
      popState: 'IL',
      popZip: '61550',
    });
  });

  it('sends the award family, date range and NAICS list in SAM syntax', async () => {
    const { fake, client } = await setup();
    await client.search({
      awardOrIdv: 'Award',
      naicsCodes: ['424480', '541519'],
      currentCompletionDate: { from: new Date('2025-01-01T00:00:00Z') },
    });
    const q = fake.requests[0]!.searchParams;
    expect(q.get('awardOrIDV')).toBe('Award');
    expect(q.get('naicsCode')).toBe('424480~541519');
    expect(q.get('currentCompletionDate')).toBe('[01/01/2025,]');
    expect(samRange({ from: new Date('2025-01-01T00:00:00Z'), to: new Date('2025-12-31T00:00:00Z') })).toBe('[01/01/2025,12/31/2025]');
  });

  it('pages by page index through every record', async () => {
    const { fake, client } = await setup();
    const all = docExampleRecords();
    const keys: string[] = [];
    for await (const page of client.searchAll({ limit: 2 }, 20))
      keys.push(...page.records.map((r) => `${r.contractId.piid}/${r.contractId.modificationNumber}`));
    expect(keys).toHaveLength(all.length);
    expect(fake.requests.map((u) => u.searchParams.get('offset'))).toEqual(
      Array.from({ length: Math.ceil(all.length / 2) }, (_, i) => String(i)),
    );
  });

  it('reads No Content (204) as no records', async () => {
    const { client } = await setup();
    const page = await client.search({ piid: 'NOSUCHPIID000' });
    expect(page).toMatchObject({ records: [], awards: [], totalRecords: 0, hasNext: false });
  });

  it('shows SAM refusals with their message, without the key', async () => {
    const { client } = await setup();
    fake!.queue({
      status: 400,
      body: {
        message: 'The search parameter, foo does not exist.',
        detail: 'Please refer to https://open.gsa.gov/api/contract-awards/ for a list of allowable search parameters.',
      },
    });
    const err = await failure(client.search({ piid: 'X' }));
    expect(err.kind).toBe('bad_request');
    expect(err.message).toBe('SAM.gov Contract Awards refused search (HTTP 400): The search parameter, foo does not exist.');
  });

  it('refuses a wrong key as unauthorized', async () => {
    fake = await startFakeSamAwards({ validApiKey: 'another' });
    const client = createSamContractAwardsClient({
      apiKey: API_KEY,
      quota: new MemoryDailyQuota(10),
      baseUrl: fake.url,
      sleep: async () => {},
    });
    const err = await failure(client.search({ piid: 'X' }));
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toContain('An invalid API key was supplied.');
  });
});

describe('SAM.gov Contract Awards quota and retries', () => {
  it('counts every request, retries included, against the daily quota', async () => {
    const { fake, client, quota } = await setup({ quota: 10 });
    fake.queue({ status: 500, body: { message: 'Internal Server Error' } });
    await client.search({ piid: 'NNG15SD19B' });
    expect(fake.requests).toHaveLength(2);
    expect(await quota.usage()).toMatchObject({ used: 2, limit: 10 });
  });

  it('refuses without asking SAM once the counted quota is used up', async () => {
    const { fake, client } = await setup({ quota: 2 });
    await client.search({ piid: 'NNG15SD19B' });
    await client.search({ piid: 'SPE3SU25F97V0' });
    const err = await failure(client.search({ piid: '47340223MTEST' }));
    expect(err.kind).toBe('quota_exhausted');
    expect(err.message).toMatch(/^SAM\.gov Contract Awards daily quota of 2 requests is used up until \d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    expect(fake.requests).toHaveLength(2);
  });

  it('takes SAM throttling message as the quota used up: no retry, and no further requests today', async () => {
    const { fake, client, quota } = await setup({ dailyLimit: 1, quota: 1000 });
    await client.search({ piid: 'NNG15SD19B' });
    const err = await failure(client.search({ piid: 'SPE3SU25F97V0' }));
    expect(err.kind).toBe('quota_exhausted');
    expect(err.status).toBe(429);
    expect(err.message).toContain('Message throttled out');
    expect(err.retryAt!.getTime()).toBeGreaterThan(Date.now());
    expect(fake.requests).toHaveLength(2);
    expect((await quota.usage()).used).toBe(1000);
    await failure(client.search({ piid: '47340223MTEST' }));
    expect(fake.requests).toHaveLength(2);
  });

  it('retries a throttle that is not the daily quota', async () => {
    const { fake, client } = await setup();
    fake.queue({ status: 429, body: { message: 'Too Many Requests' }, headers: { 'retry-after': '0' } });
    const page = await client.search({ piid: 'NNG15SD19B' });
    expect(page.records).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
  });
});

describe('SAM.gov Contract Awards malformed answers', () => {
  it('refuses a record without its PIID, names it, and caches nothing', async () => {
    const cache = new MemoryJsonCache<unknown>(60_000, 10);
    const { fake, client } = await setup({ cache });
    fake.queue({
      status: 200,
      body: { awardSummary: [{ contractId: { subtier: { code: '9700' } } }], totalRecords: '1', limit: '10', offset: '0' },
    });
    const err = await failure(client.search({ piid: 'NNG15SD19B' }));
    expect(err.kind).toBe('malformed');
    expect(err.message).toMatch(/^SAM\.gov Contract Awards search answered in an unexpected shape \(awardSummary\[0\]\.contractId\.piid: /);
    const page = await client.search({ piid: 'NNG15SD19B' });
    expect(page.records).toHaveLength(1);
    expect(fake.requests).toHaveLength(2);
  });

  it('parses string totals, including the literal "null" offset', async () => {
    const { fake, client } = await setup();
    fake.queue({ status: 200, body: { limit: '10', offset: 'null', totalRecords: '2706', awardSummary: [docExampleRecords().at(-1)] } });
    const page = await client.search({ limit: 10 });
    expect(page.totalRecords).toBe(2706);
    expect(page.hasNext).toBe(true);
  });
});

describe('awardFromSam business size', () => {
  it('reads the contracting officer size determination as the documentation examples give it', () => {
    const at = new Date();
    const sizes = docExampleRecords().map((r) => awardFromSam(SamAwardSchema.parse(r), at).businessSize);
    // example-1 and example-2 say O, example-6-2 (the last record) says S, the others do not say.
    expect(sizes).toEqual(['O', 'O', ...Array<null>(sizes.length - 3).fill(null), 'S']);
    expect(sizes).toHaveLength(14);
  });

  it('says nothing on an unexpected shape instead of refusing the answer', () => {
    const base = docExampleRecords()[0] as Record<string, Record<string, unknown>>;
    const odd = {
      ...base,
      awardDetails: { ...base.awardDetails, preferenceProgramsInformation: { contractingOfficerBusinessSizeDetermination: 'S?' } },
    };
    expect(awardFromSam(SamAwardSchema.parse(odd), new Date()).businessSize).toBeNull();
  });
});

describe('latestPerAward', () => {
  it('keeps the latest transaction per award and counts modifications', () => {
    const base = SamAwardSchema.parse(docExampleRecords()[0]);
    const at = new Date();
    const a0 = awardFromSam(base, at);
    const mod = { ...a0, lastActionDate: '2026-01-01', obligatedAmount: '999' };
    const rows = latestPerAward([
      { award: a0, modificationNumber: '0' },
      { award: mod, modificationNumber: 'P00001' },
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ obligatedAmount: '999', modificationCount: 1 });
  });
});
