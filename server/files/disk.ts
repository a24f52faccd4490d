import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkKey,
  FileNotFoundError,
  measure,
  newKey,
  PARTIAL,
  UUID,
  type FileInfo,
  type FileStore,
  type StoredFile,
} from './store';

/** The local disk: one plain file per key under `dir`, written to `<key>.part` and renamed when complete. */
export interface DiskFileStore extends FileStore {
  /** The file's path on disk (tests, and readers that know they run on the disk). */
  pathOf(key: string): string;
}

/**
 * Bytes a write may queue before it pauses its source: with the stream's default (16 KiB) every
 * network chunk waited for its own disk write; 1 MiB lets the disk write while the next chunks arrive.
 */
const WRITE_BUFFER = 1024 * 1024;

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/** A new `.part` path of `area` under `dir`, its directory made. */
export async function scratchPath(dir: string, area: string): Promise<string> {
  const file = path.join(dir, `${newKey(area)}${PARTIAL}`);
  await mkdir(path.dirname(file), { recursive: true });
  return file;
}

/** Removes the `.part` files of `area` under `dir` last changed before `before`. */
export async function removeStalePartials(dir: string, area: string, before: Date) {
  const removed = { removidos: 0, bytes: 0 };
  let entries;
  try {
    entries = await opendir(path.join(dir, area));
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return removed;
    throw error;
  }
  for await (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(PARTIAL) || !UUID.test(entry.name.slice(0, -PARTIAL.length))) continue;
    const file = path.join(dir, area, entry.name);
    const info = await stat(file).catch(() => null);
    if (!info || info.mtime >= before) continue;
    await rm(file, { force: true });
    removed.removidos++;
    removed.bytes += info.size;
  }
  return removed;
}

/** Size and SHA-256 of a local file (what a writer that only knows a path wrote), read back once. */
export async function hashOf(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    size += (chunk as Buffer).length;
    hash.update(chunk as Buffer);
  }
  return { size, sha256: hash.digest('hex') };
}

async function statOf(file: string): Promise<FileInfo | null> {
  try {
    const info = await stat(file);
    return { size: info.size, modifiedAt: info.mtime };
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return null;
    throw error;
  }
}

export function fileStore(dir: string): DiskFileStore {
  const pathOf = (key: string) => path.join(dir, checkKey(key));
  /** Moves a complete `.part` file to its key. */
  const keep = async (partial: string, stored: StoredFile) => {
    await rename(partial, pathOf(stored.key));
    return stored;
  };
  const store: DiskFileStore = {
    kind: 'disco',
    pathOf,
    async write(area, content, { maxBytes } = {}) {
      const key = newKey(area);
      const partial = await scratchPath(dir, area);
      const measured = measure(maxBytes);
      try {
        await pipeline(content, measured.stream, createWriteStream(partial, { highWaterMark: WRITE_BUFFER }));
        return await keep(partial, measured.result(key));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async writeVia(area, fill) {
      const partial = await scratchPath(dir, area);
      try {
        await fill(partial);
        return await keep(partial, { key: newKey(area), ...(await hashOf(partial)) });
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async read(key, range) {
      const file = pathOf(key);
      if (!(await statOf(file))) throw new FileNotFoundError(key);
      return createReadStream(file, range ? { start: range.start, end: range.end } : {}) as Readable;
    },
    stat: async (key) => statOf(pathOf(key)),
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async withLocalCopy(key, use) {
      const file = pathOf(key);
      if (!(await statOf(file))) throw new FileNotFoundError(key);
      return use(file);
    },
    scratch: (area) => scratchPath(dir, area),
    async *list(area) {
      let entries;
      try {
        entries = await opendir(path.join(dir, area));
      } catch (error) {
        if (codeOf(error) === 'ENOENT') return;
        throw error;
      }
      for await (const entry of entries) {
        if (!entry.isFile() || !UUID.test(entry.name)) continue;
        const key = `${area}/${entry.name}`;
        const info = await statOf(pathOf(key));
        if (info) yield { key, ...info };
      }
    },
    removeUnfinished: (area, before) => removeStalePartials(dir, area, before),
    close: async () => undefined,
  };
  return store;
}
