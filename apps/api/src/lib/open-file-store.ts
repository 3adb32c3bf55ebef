import path from 'node:path';
import type { Config } from '../config';
import { createLocalFileStore, type FileStore } from './file-store';

/**
 * The store uploaded files live in: S3-compatible storage when S3_ENDPOINT is set (checked here, so
 * a wrong endpoint, bucket or key stops the start with a clear message instead of failing uploads
 * later), otherwise the embedded default, DATA_DIR/files on local disk.
 */
export async function openFileStore(config: Config): Promise<FileStore> {
  if (!config.S3_ENDPOINT || !config.S3_BUCKET) return createLocalFileStore(path.join(config.DATA_DIR, 'files'));
  // Loaded only when configured: the embedded default never pays for the AWS SDK at start.
  const { createS3FileStore } = await import('./s3-file-store');
  const store = createS3FileStore({
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  });
  try {
    await store.checkBucket();
  } catch (err) {
    store.close();
    throw err;
  }
  return store;
}

/** A short description for the start-up line (no keys). */
export function describeFileStore(config: Config): string {
  return config.S3_ENDPOINT ? `s3 ${config.S3_ENDPOINT} bucket ${config.S3_BUCKET}` : 'local disk';
}
