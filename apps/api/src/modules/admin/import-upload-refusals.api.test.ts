import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories';
import { importJobs } from '../../db/schema/index';

/**
 * Issue 21 item 19: a refused POST /api/admin/import-csv-upload (wrong file name, wrong field,
 * garbage CSV) left the rest of its body unread and the keep-alive connection answered nothing more
 * for 73 s; garbage answered 502 where the background job's route answers 400. Here each refusal
 * is sent over a real keep-alive connection (one socket) with a 3 MB body, and the next request
 * on that connection must be answered.
 */

let t: TestApp;
let port: number;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  admin = (await createUser(t.db, t.config, { role: 'admin' })).token;
});
afterAll(async () => {
  await t.close();
});

const HEADER = 'NoticeId,Title,Sol#,Department/Ind.Agency,PostedDate,ResponseDeadLine,NaicsCode,Active';
const big = (first: string) => Buffer.concat([Buffer.from(first), Buffer.alloc(3 * 1024 * 1024, 'x')]);

function send(
  agent: http.Agent,
  method: string,
  path: string,
  headers: Record<string, string | number>,
  body?: Buffer,
): Promise<{ status: number; json: { detail?: string } }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : {} }));
    });
    // The server may answer before the whole body is read: the answer is what counts here.
    req.on('error', reject);
    req.end(body);
  });
}

function multipart(field: string, fileName: string, bytes: Buffer) {
  const boundary = `----biddesk${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    body,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': body.length,
      authorization: `Bearer ${admin}`,
    },
  };
}

describe('POST /admin/import-csv-upload refusals over one keep-alive connection', () => {
  const cases = [
    {
      name: 'a file that is not .csv',
      field: 'file',
      file: 'extract.txt',
      bytes: big(`${HEADER}\n`),
      status: 400,
      detail: 'Please choose a .csv file',
    },
    {
      name: 'the wrong field',
      field: 'upload',
      file: 'extract.csv',
      bytes: big(`${HEADER}\n`),
      status: 400,
      detail: 'Please choose a CSV file',
    },
    {
      name: 'garbage',
      field: 'file',
      file: 'garbage.csv',
      bytes: Buffer.concat([randomBytes(16), big('')]),
      status: 400,
      detail: 'Not a SAM.gov Contract Opportunities CSV: missing column',
    },
    {
      name: 'a binary file named .csv',
      field: 'file',
      file: 'garbage.csv',
      bytes: randomBytes(3 * 1024 * 1024),
      status: 400,
      detail: 'Not a SAM.gov Contract Opportunities CSV: missing column',
    },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.status} with the reason, and the connection answers the next request`, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const { body, headers } = multipart(c.field, c.file, c.bytes);
        const refused = await send(agent, 'POST', '/api/admin/import-csv-upload', headers, body);
        expect(refused.status, JSON.stringify(refused.json)).toBe(c.status);
        expect(refused.json.detail).toContain(c.detail);
        // The same (only) socket must serve the next request instead of hanging until its timeout.
        const next = await send(agent, 'GET', '/api/health', {});
        expect(next.status).toBe(200);
      } finally {
        agent.destroy();
      }
      // A refused upload keeps nothing running.
      expect((await t.db.select().from(importJobs)).filter((j) => j.status === 'running')).toEqual([]);
    });
  }
});
