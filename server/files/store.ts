import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { youngGcEvery } from './youngGc';

/**
 * The portal's file storage (uploaded documents, avatars, library files, generated exports): the
 * local disk under FILES_DIR by default (./disk.ts), or an S3-compatible object store for several
 * server processes (./s3.ts, FILE_STORE=s3). Either way a reader never sees half a file and a
 * failed write leaves nothing a reader can see; what an interrupted process leaves behind (a
 * `.part` file, an unfinished multipart upload) the daily sweep removes (removeUnfinished). Keys
 * are made here (`<area>/<uuid>`), never from a user's file name, so no path can escape the store.
 */
export interface StoredFile {
  key: string;
  size: number;
  /** Hex SHA-256 of the content (duplicate uploads are recognised by it). */
  sha256: string;
}

export interface FileInfo {
  size: number;
  modifiedAt: Date;
}

/** Bytes `start` to `end` of a file, both included (as HTTP's Range counts them); no `end`: to the last. */
export interface ByteRange {
  start: number;
  end?: number;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
  }
}

/** A key the store does not hold (the same `code` as the disk's, whichever the store). */
export class FileNotFoundError extends Error {
  readonly code = 'ENOENT';
  constructor(readonly key: string) {
    super(`no stored file ${key}`);
  }
}

/** What an unfinished write's file name ends with (the store's own, and a job's scratch file). */
export const PARTIAL = '.part';

export interface FileStore {
  readonly kind: 'disco' | 's3';
  /** Streams `content` into a new file of `area`; rejects with FileTooLargeError past `maxBytes`. */
  write(area: string, content: Readable, options?: { maxBytes?: number }): Promise<StoredFile>;
  /**
   * A new file of `area` written by `fill` to a local path (libraries that write to a path, such as
   * exceljs's streaming writer); stored once `fill` resolves, nothing kept when it rejects.
   */
  writeVia(area: string, fill: (path: string) => Promise<void>): Promise<StoredFile>;
  /** A stream of a stored file, or of `range` of it; rejects with FileNotFoundError when it is not there. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** The file's size and last change; null when it is not there. */
  stat(key: string): Promise<FileInfo | null>;
  /** Removes a file; nothing happens when it is not there. */
  remove(key: string): Promise<void>;
  /**
   * Runs `use` with a local path holding the file (readers that seek, such as a zip's directory):
   * the file itself on the disk, a scratch copy (removed afterwards) on an object store.
   */
  withLocalCopy<T>(key: string, use: (path: string) => Promise<T>): Promise<T>;
  /**
   * A local path for a job's scratch file of `area` (ending in `.part`): the caller removes it; one
   * left behind by a process that stopped goes with the sweep's removeUnfinished.
   */
  scratch(area: string): Promise<string>;
  /** The complete files of `area` (not the unfinished ones), in no particular order. */
  list(area: string): AsyncIterable<{ key: string } & FileInfo>;
  /** Removes what writes of `area` interrupted before `before` left behind; answers how much. */
  removeUnfinished(area: string, before: Date): Promise<{ removidos: number; bytes: number }>;
  /** Releases connections (the object store's); the store is not used afterwards. */
  close(): Promise<void>;
}

const KEY = /^[a-z][a-z0-9-]*\/[0-9a-f-]{36}$/;
const AREA = /^[a-z][a-z0-9-]*$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Throws unless `key` is one of the store's own keys. */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`invalid file key ${JSON.stringify(key)}`);
  return key;
}

/** A new key of `area`. */
export function newKey(area: string): string {
  if (!AREA.test(area)) throw new Error(`invalid file area ${JSON.stringify(area)}`);
  return `${area}/${randomUUID()}`;
}

/**
 * A pass-through that counts and hashes what goes through it and fails past `maxBytes` (and frees the
 * request's chunks as it goes: youngGc.ts).
 */
export function measure(maxBytes = Infinity) {
  const hash = createHash('sha256');
  let size = 0;
  let tooLarge = false;
  const received = youngGcEvery();
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      received(chunk.length);
      if (size > maxBytes) {
        tooLarge = true;
        return done(new FileTooLargeError(maxBytes));
      }
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return {
    stream,
    tooLarge: () => tooLarge,
    result: (key: string): StoredFile => ({ key, size, sha256: hash.digest('hex') }),
  };
}
