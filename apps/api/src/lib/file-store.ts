import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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
      const exists = await stat(target).then(() => true, () => false);
      if (!exists) {
        await mkdir(path.dirname(target), { recursive: true });
        // Write then rename: a crash never leaves a half-written file under its final name.
        const tmp = `${target}.${randomUUID()}.tmp`;
        await writeFile(tmp, bytes);
        await rename(tmp, target);
      }
      return { key, size: bytes.byteLength };
    },
    read: (key) => readFile(pathOf(key)),
    remove: (key) => rm(pathOf(key), { force: true }),
  };
}
