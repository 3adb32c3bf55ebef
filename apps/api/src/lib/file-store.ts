import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live (DESIGN §2): content-addressed by sha256, so a name a user typed
 * never becomes a path and the same bytes uploaded twice are stored once.
 */
export interface FileStore {
  put(bytes: Uint8Array): Promise<{ key: string; size: number }>;
  read(key: string): Promise<Buffer>;
  /** Deletes a stored file; call only once no row refers to its key (keys are shared by content). */
  remove(key: string): Promise<void>;
  /**
   * Keys of the files stored before `olderThan`, for the daily cleanup of files no row refers to.
   * Optional so a store without a cheap listing still works (the cleanup then skips it).
   */
  listOlderThan?(olderThan: Date): AsyncIterable<string>;
}

const KEY = /^[0-9a-f]{64}$/;

export function createLocalFileStore(dir: string): FileStore {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`not a content key: ${key}`);
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    async put(bytes) {
      const key = createHash('sha256').update(bytes).digest('hex');
      const target = pathOf(key);
      const exists = await stat(target).then(
        () => true,
        () => false,
      );
      if (!exists) {
        await mkdir(path.dirname(target), { recursive: true });
        // Write then rename: a crash never leaves a half-written file under its final name.
        const tmp = `${target}.${randomUUID()}.tmp`;
        await writeFile(tmp, bytes);
        await rename(tmp, target);
      } else {
        // Same bytes stored before: refresh the time so the orphan cleanup, which spares files
        // put within the last hour, never removes it before the new row that keeps it is written.
        const now = new Date();
        await utimes(target, now, now).catch(() => {});
      }
      return { key, size: bytes.byteLength };
    },
    read: (key) => readFile(pathOf(key)),
    remove: (key) => rm(pathOf(key), { force: true }),
    async *listOlderThan(olderThan) {
      const shards = await readdir(dir).catch(() => [] as string[]);
      for (const shard of shards) {
        if (!/^[0-9a-f]{2}$/.test(shard)) continue;
        for (const name of await readdir(path.join(dir, shard)).catch(() => [] as string[])) {
          if (!KEY.test(name)) continue; // a write in progress (.tmp) is never a key
          const info = await stat(path.join(dir, shard, name)).catch(() => null);
          if (info && info.mtime < olderThan) yield name;
        }
      }
    },
  };
}
