/**
 * A local S3-compatible server (s3rver, in process, files in a temp dir, no network) for tests and
 * for runs of several API processes sharing one store. In a test:
 *
 *   const s3 = await startS3Server();           // bucket created, random port
 *   const t = await buildTestApp(s3.env);        // the app stores its files there
 *   ...; await s3.close();
 *
 * From a shell (a CI step, two `npm start`s): `npx tsx apps/api/test/s3-server.ts --port 4569
 * --bucket biddesk-files` prints the S3_* variables to export and serves until SIGTERM/SIGINT.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';

/** s3rver's built-in account: it accepts requests signed with exactly these keys. */
export const S3RVER_KEY = 'S3RVER';

export interface LocalS3Server {
  endpoint: string;
  bucket: string;
  /** Where the objects are kept on disk. */
  directory: string;
  /** The settings that point the app (loadConfig) at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3Server(opts: { bucket?: string; port?: number; directory?: string } = {}): Promise<LocalS3Server> {
  const bucket = opts.bucket ?? 'biddesk-test';
  const ownDirectory = !opts.directory;
  const directory = opts.directory ?? mkdtempSync(path.join(tmpdir(), 'biddesk-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: opts.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: S3RVER_KEY, S3_SECRET_ACCESS_KEY: S3RVER_KEY },
    async close() {
      await server.close();
      if (ownDirectory) rmSync(directory, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '4569' }, bucket: { type: 'string', default: 'biddesk-files' }, dir: { type: 'string' } },
  });
  const s3 = await startS3Server({ port: Number(values.port), bucket: values.bucket, directory: values.dir });
  for (const [name, value] of Object.entries(s3.env)) console.log(`${name}=${value}`);
  const stop = () => void s3.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
