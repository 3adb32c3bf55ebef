import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';

/** Issue 21 item 24: an opportunity's links are served only as http(s), whatever a file stored. */
let t: TestApp;
let user: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  user = await createUser(t.db, t.config);
});
afterAll(async () => {
  await t.close();
});

describe('opportunity links', () => {
  it('serves a javascript: or data: link stored by an older import as null, keeping http(s) ones', async () => {
    const bad = await createOpportunity(t.db, {
      title: 'Scheme probe',
      link: 'javascript:alert(document.cookie)',
      additionalInfoLink: 'data:text/html,<script>alert(1)</script>',
      attachments: [
        { name: 'evil', url: 'javascript:alert(1)' },
        { name: 'sow.pdf', url: 'https://sam.gov/files/sow.pdf' },
      ],
    });
    const good = await createOpportunity(t.db, {
      title: 'Plain',
      link: 'https://sam.gov/opp/abc/view',
      additionalInfoLink: 'http://agency.example/info',
    });
    const detail = await t.injectAs(user.token, { method: 'GET', url: `/api/opportunities/${bad}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      link: null,
      additional_info_link: null,
      attachments: [{ name: 'sow.pdf', url: 'https://sam.gov/files/sow.pdf' }],
    });
    expect((await t.injectAs(user.token, { method: 'GET', url: `/api/opportunities/${good}` })).json()).toMatchObject({
      link: 'https://sam.gov/opp/abc/view',
      additional_info_link: 'http://agency.example/info',
    });
    const listing = await t.injectAs(user.token, { method: 'GET', url: '/api/opportunities?keyword=Scheme%20probe&status=all' });
    expect(listing.statusCode).toBe(200);
    for (const row of listing.json().data as { link: string | null }[])
      expect(row.link === null || /^https?:\/\//.test(row.link)).toBe(true);
    expect((await t.injectAs(null, { method: 'GET', url: `/api/opportunities/${bad}` })).statusCode).toBe(401);
  });
});
