import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createOpportunity, createUser } from '../../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/sam-gov/description', () => {
  it('sanitises a stored (CSV-imported) description as well as a fetched one', async () => {
    const { token } = await createUser(t.db, t.config);
    const noticeId = 'stored-html-1';
    await createOpportunity(t.db, {
      noticeId,
      description:
        '<p onclick="steal()">Scope of work</p><script>alert(document.cookie)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>',
    });
    const res = await t.injectAs(token, { method: 'GET', url: `/api/sam-gov/description?notice_id=${noticeId}` });
    expect(res.statusCode).toBe(200);
    const { description } = res.json();
    expect(description).toContain('Scope of work');
    expect(description).not.toMatch(/<script|onclick|onerror|<img|javascript:/i);
  });
});
