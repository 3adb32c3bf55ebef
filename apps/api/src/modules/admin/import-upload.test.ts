import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { multipartFile } from '../../../test/multipart';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ IMPORT_MAX_BYTES: '2000' });
});
afterAll(async () => {
  await t.close();
});

const HEADER = 'NoticeId,Title,Sol#,Department/Ind.Agency,PostedDate,ResponseDeadLine,NaicsCode,Active';
const upload = (token: string | null, name: string, content: string) => {
  const { payload, headers } = multipartFile('file', name, Buffer.from(content), 'text/csv');
  return t.injectAs(token, { method: 'POST', url: '/api/admin/import-csv-upload', payload, headers });
};

describe('POST /admin/import-csv-upload', () => {
  it('imports an uploaded extract, and the same file again changes nothing', async () => {
    const admin = await createUser(t.db, t.config, { role: 'admin' });
    const csv = `${HEADER}\nupload0001,Tugboat charter,N-1,DEPT OF THE NAVY,2026-11-20,2099-01-01,483211,Yes\n`;
    const first = await upload(admin.token, 'ContractOpportunitiesFullCSV.csv', csv);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ rows: 1, inserted: 1, updated: 0, unchanged: 0, malformed: 0 });
    expect((await upload(admin.token, 'again.CSV', csv)).json()).toMatchObject({ inserted: 0, updated: 0, unchanged: 1 });
    await t.jobs.idle();
  });

  it('401 without a token, 403 for a user', async () => {
    const user = await createUser(t.db, t.config);
    expect((await upload(null, 'a.csv', HEADER)).statusCode).toBe(401);
    const res = await upload(user.token, 'a.csv', `${HEADER}\nforbidden1,X,Y,Z,2026-11-20,,1,Yes\n`);
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe('Admin access required');
  });

  it('refuses a file that is not a .csv, not the extract, missing, or over the size limit', async () => {
    const admin = await createUser(t.db, t.config, { role: 'admin' });
    const notCsv = await upload(admin.token, 'extract.xlsx', HEADER);
    expect(notCsv.statusCode).toBe(400);
    expect(notCsv.json().detail).toBe('Please choose a .csv file');
    const wrong = await upload(admin.token, 'people.csv', 'id,name\n1,x\n');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('Not a SAM.gov Contract Opportunities CSV: missing column NoticeId, Title');
    const none = await t.injectAs(admin.token, { method: 'POST', url: '/api/admin/import-csv-upload', payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('Please choose a CSV file');
    const big = `${HEADER}\n${Array.from({ length: 60 }, (_, i) => `bigfile${String(i).padStart(3, '0')},Row ${i},S-${i},DEPT OF THE NAVY,2026-11-20,,1,Yes`).join('\n')}\n`;
    const tooBig = await upload(admin.token, 'big.csv', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().detail).toContain('The CSV file is larger than');
  });
});
