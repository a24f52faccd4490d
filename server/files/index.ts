import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * The portal's file storage (uploaded documents, avatars, generated exports): plain files under
 * FILES_DIR, one per key. Writes stream to a temporary name and are renamed when complete, so a
 * reader never sees half a file and a failed upload leaves nothing behind. Keys are made here
 * (`<area>/<uuid>`), never from a user's file name, so no path can escape the directory.
 */
export interface StoredFile {
  key: string;
  size: number;
  /** Hex SHA-256 of the content (duplicate uploads are recognised by it). */
  sha256: string;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
  }
}

const KEY = /^[a-z][a-z0-9-]*\/[0-9a-f-]{36}$/;
/** What an unfinished write's file name ends with (the store's own, and a job's scratch file beside a key). */
export const PARTIAL = '.part';

export interface FileStore {
  /** Streams `content` into a new file of `area`; rejects with FileTooLargeError past `maxBytes`. */
  write(area: string, content: Readable, options?: { maxBytes?: number }): Promise<StoredFile>;
  /** A stream of a stored file; rejects (ENOENT) when it is not there. */
  read(key: string): Promise<ReadStream>;
  remove(key: string): Promise<void>;
  /** The file's path on disk (for libraries that write to a path, such as exceljs's streaming writer). */
  pathOf(key: string): string;
  /** A new key of `area` with its directory made, for writers that take a path. */
  reserve(area: string): Promise<string>;
}

export function fileStore(dir: string): FileStore {
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`invalid file key ${JSON.stringify(key)}`);
    return path.join(dir, key);
  };
  const reserve = async (area: string) => {
    const key = `${area}/${randomUUID()}`;
    await mkdir(path.dirname(pathOf(key)), { recursive: true });
    return key;
  };
  return {
    pathOf,
    reserve,
    async write(area, content, { maxBytes = Infinity } = {}) {
      const key = await reserve(area);
      const target = pathOf(key);
      const partial = `${target}${PARTIAL}`;
      const hash = createHash('sha256');
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new FileTooLargeError(maxBytes));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(content, measure, createWriteStream(partial));
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key, size, sha256: hash.digest('hex') };
    },
    async read(key) {
      const file = pathOf(key);
      await stat(file);
      return createReadStream(file);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
