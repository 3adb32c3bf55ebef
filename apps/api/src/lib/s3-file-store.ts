import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FileStore } from './file-store';

export interface S3FileStoreOptions {
  endpoint: string;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  /** Both or neither; neither -> the SDK's default chain (AWS_* variables, instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Age after which putting bytes already stored writes them again (see REFRESH_AFTER_MS). */
  refreshAfterMs?: number;
}

export type S3FileStore = FileStore & {
  /** Fails with a readable message when the bucket cannot be reached with these settings. */
  checkBucket(): Promise<void>;
  /** Keys of the objects last written before `olderThan` (for the cleanup of files no row refers to). */
  listOlderThan(olderThan: Date): AsyncIterable<string>;
  close(): void;
};

const KEY = /^[0-9a-f]{64}$/;

/**
 * An object written this long ago is written again when the same bytes are put, so its age says
 * "recently used" to the orphan cleanup (which spares new files), like the local store's touched
 * mtime. Rewriting rather than copying in place: not every S3-compatible server updates the date
 * of an object copied onto itself.
 */
const REFRESH_AFTER_MS = 5 * 60_000;

/**
 * The FileStore on S3-compatible storage, so several API processes share one set of files. Same
 * content-addressed keys as the local store, the object's name being the key itself (the local
 * store's DATA_DIR/files/<2 chars>/<key> without the folder), so the same bytes are stored once.
 */
export function createS3FileStore(opts: S3FileStoreOptions): S3FileStore {
  const client = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
    // Since January 2025 the SDK adds CRC32 checksums to every upload by default, which several
    // S3-compatible servers refuse or store wrongly; send them only where the S3 API requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A storage server that stops answering fails the request instead of holding it open forever.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000 },
  });
  const Bucket = opts.bucket;
  const refreshAfterMs = opts.refreshAfterMs ?? REFRESH_AFTER_MS;
  const keyOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not a content key: ${key}`);
    return key;
  };

  return {
    async put(bytes) {
      const key = createHash('sha256').update(bytes).digest('hex');
      const existing = await client.send(new HeadObjectCommand({ Bucket, Key: key })).catch((err: unknown) => {
        if (isNotFound(err)) return null;
        throw err;
      });
      const fresh = existing?.LastModified && Date.now() - existing.LastModified.getTime() <= refreshAfterMs;
      if (!fresh) {
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength, ContentType: 'application/octet-stream' }),
        );
      }
      return { key, size: bytes.byteLength };
    },

    async read(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        // Callers treat a missing file the same whichever store holds it (the local store's ENOENT).
        if (isNotFound(err)) throw Object.assign(new Error(`stored file ${key} not found`), { code: 'ENOENT' });
        throw err;
      }
    },

    async remove(key) {
      // DeleteObject succeeds for a key that is already gone, like rm({ force: true }).
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },

    async *listOlderThan(olderThan) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          if (item.Key && KEY.test(item.Key) && item.LastModified && item.LastModified < olderThan) yield item.Key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        throw new Error(`S3 bucket "${Bucket}" at ${opts.endpoint} is not usable: ${explain(err)}`);
      }
    },

    close: () => client.destroy(),
  };
}

function isNotFound(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);
}

/** Why the bucket check failed, in words an operator can act on (never the keys themselves). */
function explain(err: unknown): string {
  if (err instanceof S3ServiceException) {
    const status = err.$metadata.httpStatusCode;
    if (status === 404) return 'no such bucket (create it first, or check S3_BUCKET)';
    if (status === 403 || status === 401)
      return `access denied (${status}): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and the bucket policy`;
    if (status === 301) return 'the bucket is in another region (check S3_REGION)';
    return `the server answered ${status ?? 'an error'} (${err.name})`;
  }
  const code = (err as { code?: string }).code;
  const message = err instanceof Error ? err.message : String(err);
  return code ? `${code} (${message}): is S3_ENDPOINT right and the server running?` : message;
}
