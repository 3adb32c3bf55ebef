import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows-of';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';
import { upsertOpportunities } from './opportunities-write.repository';
import { setDescription } from './opportunities.repository';

const DAY = 86_400_000;
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await createUser(t.db, t.config)).token;
  const now = Date.now();
  await createOpportunity(t.db, {
    noticeId: 'roofnew',
    title: 'Building maintenance services',
    solicitationNumber: 'W912DY-24-R-0001',
    postedDate: new Date(now - DAY),
    description: 'Repair of roofs and gutters at Fort Liberty. Painting is not included.',
  });
  await createOpportunity(t.db, {
    noticeId: 'rooftitle',
    title: 'Roof repair, Building 12',
    postedDate: new Date(now - 30 * DAY),
    description: 'Replace the membrane roofing and paint the flashing.',
  });
});
afterAll(async () => {
  await t.close();
});

async function titles(keyword: string): Promise<string[]> {
  const res = await t.injectAs(token, { method: 'GET', url: `/api/opportunities?keyword=${encodeURIComponent(keyword)}` });
  expect(res.statusCode).toBe(200);
  return res.json().data.map((o: { title: string }) => o.title);
}

describe('keyword search', () => {
  it('ranks a title match above a newer description-only match', async () => {
    expect(await titles('roofing repairs')).toEqual(['Roof repair, Building 12', 'Building maintenance services']);
  });

  it('matches phrases, exclusions, OR and solicitation numbers', async () => {
    expect(await titles('"repair of roofs"')).toEqual(['Building maintenance services']);
    expect(await titles('roof -paint')).toEqual([]);
    expect(await titles('gutters or membrane')).toHaveLength(2);
    expect(await titles('W912DY-24-R-0001')).toEqual(['Building maintenance services']);
    expect(await titles('w912dy-24-r-0002')).toEqual([]);
  });

  it('finds nothing, without an error, for stop words or punctuation alone', async () => {
    expect(await titles('the of')).toEqual([]);
    expect(await titles('"" - ,')).toEqual([]);
  });

  it('searches a description once it has been fetched, but never the fetch marker URL', async () => {
    const id = await createOpportunity(t.db, {
      noticeId: 'marker1',
      title: 'Dredging services',
      source: 'sam_api',
      description: 'https://api.sam.gov/prod/opportunities/v1/noticedesc?noticeid=marker1',
    });
    expect(await titles('sediment')).toEqual([]);
    await setDescription(t.db, id, 'Maintenance dredging of sediment from the federal channel.');
    expect(await titles('sediment')).toEqual(['Dredging services']);
  });
});

describe('keyword search over many matches', () => {
  it('ranks the newest 300 matches by relevance, then lists older ones newest first, never repeating a row', async () => {
    const now = Date.now();
    // 320 matches a minute apart; the newest is a description-only match, #10 and the oldest match by title.
    const rows = Array.from({ length: 320 }, (_, i) => ({
      noticeId: `bulk${String(i).padStart(4, '0')}`,
      title: i === 10 || i === 319 ? 'Ventilation upgrade' : `Facility support ${i}`,
      postedDate: new Date(now - 60 * DAY - i * 60_000),
      description: 'Ventilation work.',
    }));
    await upsertOpportunities(t.db, rows);
    const seen: string[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const body = (await t.injectAs(token, { method: 'GET', url: `/api/opportunities?keyword=ventilation&limit=7&page=${page}` })).json();
      total = body.total;
      seen.push(...body.data.map((o: { title: string; solicitation_number: string | null }) => o.title));
      if (page >= body.total_pages) break;
    }
    expect(total).toBe(320);
    expect(seen).toHaveLength(320);
    expect(seen[0]).toBe('Ventilation upgrade');
    expect(seen[1]).toBe('Facility support 0');
    // The oldest title match is past the ranked 300: it keeps its place at the end.
    expect(seen[319]).toBe('Ventilation upgrade');
    expect(new Set(seen.filter((title) => title !== 'Ventilation upgrade')).size).toBe(318);
  });
});

// Issue 21: "cybersecurity" put first a notice that said it only in its DFARS clause list.
describe('keyword ranking: meaning over boilerplate', () => {
  it('ranks a title, then a summary match, then a body match, and clause or CMMC boilerplate last', async () => {
    const now = Date.now();
    const filler = 'The contractor shall furnish all labor, equipment and materials for the work described. '.repeat(12);
    await upsertOpportunities(t.db, [
      {
        noticeId: 'cyberclause',
        title: 'Medium pressure air receiver',
        postedDate: new Date(now - 70 * DAY),
        description: `Supply two air receivers. ${filler} The following clauses apply: 252.204-7012 Safeguarding Covered Defense Information; 252.204-7021 Cybersecurity Maturity Model Certification Requirements.`,
      },
      {
        noticeId: 'cybercmmc',
        title: 'Elevation gearbox assembly',
        postedDate: new Date(now - 71 * DAY),
        description: 'Procure gearbox assemblies. Note 2: Cybersecurity Maturity Model Certification (CMMC) level 2 is required at award.',
      },
      {
        noticeId: 'cyberbody',
        title: 'Aircraft maintenance hangar',
        postedDate: new Date(now - 72 * DAY),
        description: `Design and build a hangar. ${filler} This solicitation includes specific cybersecurity requirements for the facility control systems.`,
      },
      {
        noticeId: 'cybersummary',
        title: 'Systems engineering and technical assistance',
        postedDate: new Date(now - 73 * DAY),
        description: 'DC3 is one of seven Federal Cybersecurity Centers; this follow-on supports its cybersecurity training program.',
      },
      {
        noticeId: 'cybertitle',
        title: 'Cybersecurity operations support',
        postedDate: new Date(now - 74 * DAY),
        description: 'Security operations center staffing.',
      },
    ]);
    expect(await titles('cybersecurity')).toEqual([
      'Cybersecurity operations support',
      'Systems engineering and technical assistance',
      'Aircraft maintenance hangar',
      'Medium pressure air receiver',
      'Elevation gearbox assembly',
    ]);
  });
});

describe('keyword ranking: the meaning of the NAICS code', () => {
  it('ranks a notice filed under a NAICS code that means the keyword above one that only mentions it', async () => {
    const now = Date.now();
    const filler = 'The contractor shall furnish all labor, equipment and materials for the work described. '.repeat(12);
    await upsertOpportunities(t.db, [
      {
        noticeId: 'janitorbody',
        title: 'Range control operations',
        naicsCode: '561210',
        postedDate: new Date(now - 80 * DAY),
        description: `Operate the range control tower. ${filler} Janitorial supplies for the break room are provided by the Government.`,
      },
      {
        noticeId: 'janitornaics',
        title: 'Custodial services, Building 5',
        naicsCode: '561720',
        postedDate: new Date(now - 81 * DAY),
        description: `Clean offices, restrooms and shared facilities daily. ${filler} Janitorial staff shall badge in at the front desk.`,
      },
    ]);
    // Both say "janitorial" once, deep in the body; 561720 is Janitorial Services.
    expect(await titles('janitorial')).toEqual(['Custodial services, Building 5', 'Range control operations']);
    // The code's title ranks and never matches alone: 561210 is Facilities Support Services, and
    // the range notice never says "facilities"; the custodial one does.
    expect(await titles('janitorial facilities')).toEqual(['Custodial services, Building 5']);
  });

  it('holds every six-digit code of the naics package, as the migration wrote them', async () => {
    const { naicsTitlesFromPackage } = await import('./naics-titles-source');
    const rows = rowsOf<{ code: string; title: string }>(await t.db.execute(sql`select code, title from naics_titles order by code`));
    expect(rows).toEqual(naicsTitlesFromPackage());
    expect(rows).toHaveLength(1057);
    expect(rows).toContainEqual({ code: '541512', title: 'Computer Systems Design Services' });
  });
});
