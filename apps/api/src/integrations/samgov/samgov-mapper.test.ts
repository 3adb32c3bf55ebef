import { describe, expect, it } from 'vitest';
import { loadRealSearchResponse } from './fake-samgov-server';
import { mapSamOpportunity, splitOrganization } from './samgov-mapper';
import type { SamOpportunity } from './samgov-types';

const real = loadRealSearchResponse();
const byId = (id: string): SamOpportunity => {
  const o = real.opportunitiesData.find((x) => x.noticeId === id);
  if (!o) throw new Error(`fixture lacks ${id}`);
  return o;
};

describe('splitOrganization', () => {
  it('splits names and codes like the CSV extract columns', () => {
    expect(
      splitOrganization(
        'DEPT OF DEFENSE.DEFENSE LOGISTICS AGENCY.DLA AVIATION.DLA AVIATION OKLAHOMA CITY.DLA AVIATION AT OKLAHOMA CITY, OK',
        '097.97AS.DLA AVIATION.DLA AV OKLAHOMA CITY.SPRTA1',
        'OFFICE',
      ),
    ).toEqual({
      department: 'DEPT OF DEFENSE',
      subTier: 'DEFENSE LOGISTICS AGENCY',
      office: 'DLA AVIATION AT OKLAHOMA CITY, OK',
      cgac: '097',
      fpdsCode: '97AS',
      aacCode: 'SPRTA1',
    });
  });

  it('gives a sub-command no AAC code', () => {
    const out = splitOrganization('DEPT OF DEFENSE.DEPT OF THE NAVY.NAVSEA.NAVSEA HQ', '017.1700.NAVSEA.NAVSEA HQ', 'SUB COMMAND');
    expect(out).toMatchObject({ subTier: 'DEPT OF THE NAVY', office: 'NAVSEA HQ', cgac: '017', fpdsCode: '1700', aacCode: null });
  });

  it('keeps dots that belong to an org name', () => {
    expect(splitOrganization('STATE, DEPARTMENT OF.STATE, DEPARTMENT OF.U.S. EMBASSY PARIS', '019.1900.19FR00', 'OFFICE')).toMatchObject({
      department: 'STATE, DEPARTMENT OF',
      subTier: 'STATE, DEPARTMENT OF',
      office: 'U.S. EMBASSY PARIS',
      aacCode: '19FR00',
    });
    expect(splitOrganization('STATE, DEPARTMENT OF.STATE, DEPARTMENT OF.U.S EMBASSY APIA', null).office).toBe('U.S EMBASSY APIA');
    expect(splitOrganization('STATE, DEPARTMENT OF.INTERNATIONAL BOUNDARY AND WATER COMMISSION: U.S.-MEXICO', '019.1900').subTier).toBe(
      'INTERNATIONAL BOUNDARY AND WATER COMMISSION: U.S.-MEXICO',
    );
    expect(
      splitOrganization('TRANSPORTATION, DEPARTMENT OF.OST.6913G6 VOLPE NATL. TRANS. SYS CNTR', '069.6900.6913G6', 'OFFICE').office,
    ).toBe('6913G6 VOLPE NATL. TRANS. SYS CNTR');
    // More name segments than code segments: the surplus stays in the office.
    expect(splitOrganization('A DEPT.B AGENCY.X.Y OFFICE', '001.0100.ABC123', 'OFFICE').office).toBe('X.Y OFFICE');
  });

  it('handles short and missing paths', () => {
    expect(splitOrganization('VETERANS AFFAIRS, DEPARTMENT OF', '036')).toMatchObject({
      department: 'VETERANS AFFAIRS, DEPARTMENT OF',
      subTier: null,
      office: 'VETERANS AFFAIRS, DEPARTMENT OF',
      cgac: '036',
      fpdsCode: null,
      aacCode: null,
    });
    expect(splitOrganization(null, null)).toEqual({
      department: null,
      subTier: null,
      office: null,
      cgac: null,
      fpdsCode: null,
      aacCode: null,
    });
  });
});

describe('mapSamOpportunity on the real v2 search response', () => {
  it('maps every real record without losing the key fields', () => {
    expect(real.opportunitiesData).toHaveLength(10);
    for (const o of real.opportunitiesData) {
      const row = mapSamOpportunity(o);
      expect(row.noticeId).toMatch(/^[0-9a-f]{32}$/);
      expect(row.title).toBe(o.title.trim());
      expect(row.source).toBe('sam_api');
      expect(row.department).toBeTruthy();
      expect(row.cgac).toMatch(/^\d{3}$/);
      expect(row.postedDate).toBeInstanceOf(Date);
      expect(row.archiveDate).toBeInstanceOf(Date);
      expect(row.active).toBe(true);
      expect(row.description).toBe(`https://api.sam.gov/prod/opportunities/v1/noticedesc?noticeid=${o.noticeId}`);
      expect(row.link).toBe(o.uiLink);
      expect(row.attachments).toHaveLength(o.resourceLinks?.length ?? 0);
      expect(row.contacts).toHaveLength(o.pointOfContact?.length ?? 0);
      if (o.responseDeadLine) expect(row.responseDeadline).toBeInstanceOf(Date);
      else expect(row.responseDeadline).toBeNull();
    }
  });

  it('maps a GSA presolicitation with set-aside, contact, office address and place of performance', () => {
    expect(mapSamOpportunity(byId('fd05ce5247fb4bc1b86e1ce4691bb74b'))).toEqual({
      noticeId: 'fd05ce5247fb4bc1b86e1ce4691bb74b',
      title: 'Aspinall Chambers Renovation',
      solicitationNumber: 'EQ8PSCC250025',
      department: 'GENERAL SERVICES ADMINISTRATION',
      subTier: 'PUBLIC BUILDINGS SERVICE',
      office: 'PBS PROJECT DELIVERY WEST - BRANCH A',
      cgac: '047',
      fpdsCode: '4740',
      aacCode: '47PD51',
      noticeType: 'Presolicitation',
      baseType: 'Presolicitation',
      archiveType: 'auto15',
      archiveDate: new Date('2026-03-15T23:59:00Z'),
      setAsideCode: 'SBA',
      setAside: 'Total Small Business Set-Aside (FAR 19.5)',
      naicsCode: '236220',
      pscCode: 'Z2AA',
      postedDate: new Date('2026-02-02T12:00:00Z'),
      responseDeadline: new Date('2026-02-28T23:00:00Z'),
      responseTimeZone: '-07:00',
      active: true,
      placeOfPerformance: { street_address: null, city: 'Grand Junction', state: 'CO', zip: null, country: 'USA' },
      award: null,
      contacts: [
        {
          type: 'primary',
          title: null,
          full_name: 'corey roundfield',
          email: 'corey.roundfield@gsa.gov',
          phone: '720.656.0243',
          fax: null,
        },
      ],
      organizationType: 'OFFICE',
      officeAddress: { city: 'Washington', state: 'DC', zip: '20405', country: 'USA' },
      additionalInfoLink: null,
      link: 'https://sam.gov/workspace/contract/opp/fd05ce5247fb4bc1b86e1ce4691bb74b/view',
      description: 'https://api.sam.gov/prod/opportunities/v1/noticedesc?noticeid=fd05ce5247fb4bc1b86e1ce4691bb74b',
      attachments: [],
      source: 'sam_api',
    });
  });

  it('maps a Navy sub-command special notice with nulls everywhere', () => {
    const row = mapSamOpportunity(byId('ff9642d70c15414a85940230450bda32'));
    expect(row).toMatchObject({
      department: 'DEPT OF DEFENSE',
      subTier: 'DEPT OF THE NAVY',
      office: 'NAVSEA HQ',
      cgac: '017',
      fpdsCode: '1700',
      aacCode: null,
      setAsideCode: null,
      setAside: null,
      placeOfPerformance: null,
      officeAddress: null,
      contacts: [],
      attachments: [],
      organizationType: 'SUB COMMAND',
      responseDeadline: new Date('2026-03-02T21:00:00Z'),
    });
  });

  it('maps an award notice, its awardee and an all-empty place of performance', () => {
    const row = mapSamOpportunity(byId('f90fba9ebf6243ed8290c4ed4603c182'));
    expect(row.award).toEqual({
      number: '36F79726D0065',
      date: '2026-01-29',
      amount: '5000000.00',
      awardee: 'CANCER CAREPOINT ASSOCIATES, LLC ATLANTA GA 30329 GA',
    });
    expect(row.placeOfPerformance).toBeNull();
    expect(row.responseDeadline).toBeNull();
    expect(row.setAsideCode).toBeNull(); // "" in SAM
    expect(row.archiveType).toBe('autocustom');
    expect(row.contacts[0]).toEqual({
      type: 'primary',
      title: 'Contract Specialist',
      full_name: 'FSS Service Help Desk',
      email: 'helpdesk.ammhinfss@va.gov',
      phone: '708-786-7737',
      fax: null,
    });
    expect(row.attachments).toEqual([{ name: 'Attachment 1', url: byId('f90fba9ebf6243ed8290c4ed4603c182').resourceLinks![0] }]);
  });

  it('keeps the Korean place of performance codes, secondary contacts and attachments', () => {
    const row = mapSamOpportunity(byId('fc82b63eeaa740d582bb8f72e06cd4f2'));
    expect(row.placeOfPerformance).toEqual({ street_address: null, city: 'Chinhae', state: 'KR-48', zip: null, country: 'KOR' });
    expect(row.responseDeadline?.toISOString()).toBe('2026-02-10T01:00:00.000Z');
    expect(row.contacts.map((c) => [c.type, c.fax])).toEqual([
      ['primary', null],
      ['secondary', null],
    ]);
    expect(row.attachments.map((a) => a.name)).toEqual(['Attachment 1', 'Attachment 2', 'Attachment 3', 'Attachment 4', 'Attachment 5']);
    expect(row.attachments[0].url).toBe(
      'https://sam.gov/api/prod/opps/v3/opportunities/resources/files/64b5f047565e47eeaf9a8dba37f042ea/download',
    );
    expect(row.office).toBe('NAVSUP FLT LOG CTR YOKOSUKA'); // double space folded, like the CSV importer
    expect(row.aacCode).toBe('N62649');
  });

  it('maps the remaining real quirks: NONE set-aside, baseType differences, ZIP without hyphen', () => {
    expect(mapSamOpportunity(byId('fa64c8a8b90c428cba52cd7bbbbb7d50'))).toMatchObject({
      setAsideCode: 'NONE',
      setAside: 'No Set aside used',
      placeOfPerformance: { street_address: null, city: null, state: null, zip: null, country: 'USA' },
      contacts: [{ type: 'primary', title: null, full_name: 'Jessie Payne', email: 'Jessie.payne@us.af.mil', phone: null, fax: null }],
    });
    expect(mapSamOpportunity(byId('fa01b8393b144750b2dddb5288592ec3'))).toMatchObject({
      noticeType: 'Solicitation',
      baseType: 'Presolicitation',
      subTier: 'ENERGY, DEPARTMENT OF',
      placeOfPerformance: { state: 'NY', zip: '11973', country: 'USA', city: null },
    });
    expect(mapSamOpportunity(byId('f85ff581f08d4d408ae0214beb569d95')).officeAddress).toEqual({
      city: 'Boise',
      state: 'ID',
      zip: '837055354',
      country: 'USA',
    });
    expect(mapSamOpportunity(byId('f95fb353d56545478dd76819be1013fa')).contacts[0].full_name).toBe('Telephone: 7176053353');
  });

  it('tolerates doc-only and degenerate shapes', () => {
    const row = mapSamOpportunity({
      noticeId: ' abc ',
      title: '  Spaced title ',
      department: 'OLD DEPT',
      office: 'OLD OFFICE',
      description: 'null',
      active: 'No',
      award: { awardee: {} },
      placeOfPerformance: {},
      pointOfContact: [
        { type: 'secondary', fullName: 'Jane\nDoe', email: ' j@x.gov ' },
        { fax: '', phone: '' },
      ],
      resourceLinks: ['https://example.gov/files/Statement%20of%20Work.pdf', 'not a url'],
      postedDate: '2026-02-02 10:00:00',
      responseDeadLine: 'soon',
      archiveDate: '2026-02-30',
    });
    expect(row).toMatchObject({
      noticeId: 'abc',
      title: 'Spaced title',
      department: 'OLD DEPT',
      office: 'OLD OFFICE',
      cgac: null,
      description: null,
      active: false,
      award: null,
      placeOfPerformance: null,
      contacts: [{ type: 'secondary', title: null, full_name: 'Jane Doe', email: 'j@x.gov', phone: null, fax: null }],
      attachments: [
        { name: 'Statement of Work.pdf', url: 'https://example.gov/files/Statement%20of%20Work.pdf' },
        { name: 'Attachment 2', url: 'not a url' },
      ],
      postedDate: new Date('2026-02-02T10:00:00Z'),
      responseDeadline: null,
      archiveDate: null,
    });
  });

  it('reads SAM dates the way the CSV importer does', () => {
    const base = byId('fd05ce5247fb4bc1b86e1ce4691bb74b');
    const dates = (o: Partial<SamOpportunity>) => {
      const row = mapSamOpportunity({ ...base, ...o });
      return [row.postedDate?.toISOString(), row.responseDeadline?.toISOString(), row.archiveDate?.toISOString()];
    };
    expect(dates({ postedDate: '2026-02-02', responseDeadLine: '2025-02-24', archiveDate: '2026-03-17' })).toEqual([
      '2026-02-02T12:00:00.000Z',
      '2025-02-24T23:59:00.000Z',
      '2026-03-17T23:59:00.000Z',
    ]);
    expect(dates({ postedDate: '2026-03-15 06:44:18.17-04', responseDeadLine: '2026-02-10T10:00:00+09:00', archiveDate: null })).toEqual([
      '2026-03-15T10:44:18.170Z',
      '2026-02-10T01:00:00.000Z',
      undefined,
    ]);
    expect(dates({ postedDate: null, responseDeadLine: '', archiveDate: 'null' })).toEqual([undefined, undefined, undefined]);
  });
});
