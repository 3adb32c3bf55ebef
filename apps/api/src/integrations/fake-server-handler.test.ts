import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { asyncHandler } from './fake-server-handler';

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function serve(handle: Parameters<typeof asyncHandler>[0]): Promise<string> {
  const server = createServer(asyncHandler(handle));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('asyncHandler', () => {
  it('answers 500 with the error when the async handler throws, instead of an unhandled rejection', async () => {
    const url = await serve(async () => {
      await Promise.resolve();
      throw new Error('fixture missing');
    });
    const res = await fetch(url);
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('fake server failed: Error: fixture missing');
  });

  it('leaves a handler that answers alone', async () => {
    const url = await serve(async (_req, res) => {
      await Promise.resolve();
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
    const res = await fetch(url);
    expect([res.status, await res.text()]).toEqual([200, 'ok']);
  });
});
