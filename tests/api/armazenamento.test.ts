import { CreateMultipartUploadCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStores, type TestS3 } from './s3Server';
import { FileNotFoundError, FileTooLargeError, PARTIAL, type FileStore } from '../../server/files';

// The file store's contract, run against both implementations: the local disk and an S3-compatible
// object store (a local server the suite starts, tests/api/s3Server.ts).

const MiB = 1024 * 1024;
const chunks = (...parts: (string | Buffer)[]) => Readable.from(parts.map((p) => Buffer.from(p)));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
/** `count` chunks of 1 MiB (chunk i filled with byte i), then, with `fail`, an error instead of the end. */
async function* mebibytes(count: number, fail?: Error) {
  for (let i = 0; i < count; i++) yield Buffer.alloc(MiB, i);
  if (fail) throw fail;
}
async function text(stream: Readable) {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}
async function keys(store: FileStore, area: string) {
  const found: string[] = [];
  for await (const file of store.list(area)) found.push(file.key);
  return found.sort();
}

interface Kind {
  name: string;
  store: FileStore;
  /** Local directory of the store's scratch files (the disk store's own directory). */
  localDir: string;
  /** What a write interrupted by a process that stopped `hoursAgo` leaves in `area`. */
  leaveInterrupted(area: string, hoursAgo: number): Promise<void>;
  /** How many such leftovers `area` has. */
  leftovers(area: string): number;
}

const partials = (dir: string, area: string) => {
  try {
    return readdirSync(path.join(dir, area)).filter((name) => name.endsWith(PARTIAL)).length;
  } catch {
    return 0;
  }
};

async function oldPartial(store: FileStore, area: string, hoursAgo: number) {
  const file = await store.scratch(area);
  await writeFile(file, 'half a file');
  const when = new Date(Date.now() - hoursAgo * 3_600_000);
  await utimes(file, when, when);
}

let s3: TestS3;
let close: () => Promise<void>;
const kinds: Kind[] = [];

beforeAll(async () => {
  const started = await startTestStores();
  ({ s3, close } = started);
  const { disco: disk, s3: objects } = started.stores;
  const { disco: diskDir, s3: s3Dir } = started.localDirs;
  kinds.push({
    name: 'disco',
    store: disk,
    localDir: diskDir,
    leaveInterrupted: (area, hoursAgo) => oldPartial(disk, area, hoursAgo),
    leftovers: (area) => partials(diskDir, area),
  });
  const client = new S3Client({ ...s3.options, requestChecksumCalculation: 'WHEN_REQUIRED' });
  kinds.push({
    name: 's3',
    store: objects,
    localDir: s3Dir,
    async leaveInterrupted(area, hoursAgo) {
      // A multipart upload with a part sent and never completed, and a scratch file.
      const Key = `${area}/${crypto.randomUUID()}`;
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: s3.options.bucket, Key }));
      await client.send(
        new UploadPartCommand({ Bucket: s3.options.bucket, Key, UploadId, PartNumber: 1, Body: Buffer.alloc(5 * MiB) }),
      );
      s3.age(hoursAgo);
      await oldPartial(objects, area, hoursAgo);
    },
    leftovers: (area) => s3.openUploads(`${area}/`).length + partials(s3Dir, area),
  });
});

afterAll(() => close?.());

let areas = 0;
const newArea = () => `teste${++areas}`;

describe.each(['disco', 's3'])('the file store on %s', (name) => {
  const kind = () => kinds.find((k) => k.name === name)!;

  it('streams a file in, hashes it, and reads it back by key', async () => {
    const { store } = kind();
    const area = newArea();
    const stored = await store.write(area, chunks('hello ', 'world'));
    expect(stored.size).toBe(11);
    expect(stored.sha256).toBe('b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9');
    expect(stored.key).toMatch(new RegExp(`^${area}/[0-9a-f-]{36}$`));
    expect((await text(await store.read(stored.key))).toString()).toBe('hello world');
    expect(await store.stat(stored.key)).toMatchObject({ size: 11 });
    expect((await store.stat(stored.key))!.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await keys(store, area)).toEqual([stored.key]);
    await store.remove(stored.key);
    await expect(store.read(stored.key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.read(stored.key)).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await store.stat(stored.key)).toBeNull();
    expect(await keys(store, area)).toEqual([]);
    // Removing what is not there is no error.
    await store.remove(stored.key);
  });

  it('reads byte ranges: the first bytes, a middle, the tail', async () => {
    const { store } = kind();
    const content = Buffer.from('0123456789abcdefghij');
    const { key } = await store.write(newArea(), chunks(content));
    expect((await text(await store.read(key, { start: 0, end: 3 }))).toString()).toBe('0123');
    expect((await text(await store.read(key, { start: 10, end: 12 }))).toString()).toBe('abc');
    expect((await text(await store.read(key, { start: 15 }))).toString()).toBe('fghij');
    expect((await text(await store.read(key, { start: 19, end: 19 }))).toString()).toBe('j');
  });

  it('keeps a large file whole (multipart on the object store) and reads a range across its parts', async () => {
    const { store } = kind();
    const whole = Buffer.concat(Array.from({ length: 12 }, (_, i) => Buffer.alloc(MiB, i)));
    const stored = await store.write(newArea(), Readable.from(mebibytes(12)));
    expect(stored).toMatchObject({ size: 12 * MiB, sha256: sha256(whole) });
    const across = await text(await store.read(stored.key, { start: 5 * MiB - 2, end: 5 * MiB + 1 }));
    expect([...across]).toEqual([4, 4, 5, 5]);
    expect(sha256(await text(await store.read(stored.key)))).toBe(stored.sha256);
  });

  it('refuses a file past the limit while it streams and leaves nothing behind', async () => {
    const { store } = kind();
    const area = newArea();
    // Past one part of the object store's multipart upload before the limit is reached.
    await expect(store.write(area, Readable.from(mebibytes(8)), { maxBytes: 6 * MiB + 5 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    await expect(store.write(area, chunks('12345', '67890'), { maxBytes: 8 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(await keys(store, area)).toEqual([]);
    expect(kind().leftovers(area)).toBe(0);
  });

  it('leaves nothing behind when the content fails midway', async () => {
    const { store } = kind();
    const area = newArea();
    await expect(store.write(area, Readable.from(mebibytes(7, new Error('client went away'))))).rejects.toThrow(
      'client went away',
    );
    await expect(store.write(area, Readable.from(mebibytes(1, new Error('early'))))).rejects.toThrow('early');
    expect(await keys(store, area)).toEqual([]);
    expect(kind().leftovers(area)).toBe(0);
  });

  it('stores what a writer wrote to a path, and nothing when the writer fails', async () => {
    const { store } = kind();
    const area = newArea();
    const stored = await store.writeVia(area, (file) => writeFile(file, 'written by path'));
    expect(stored).toMatchObject({ size: 15, sha256: sha256(Buffer.from('written by path')) });
    expect((await text(await store.read(stored.key))).toString()).toBe('written by path');
    await expect(
      store.writeVia(area, async (file) => {
        await writeFile(file, 'half');
        throw new Error('writer failed');
      }),
    ).rejects.toThrow('writer failed');
    expect(await keys(store, area)).toEqual([stored.key]);
    expect(kind().leftovers(area)).toBe(0);
  });

  it('lends a local copy for readers that seek, removed afterwards on the object store', async () => {
    const { store, localDir } = kind();
    const area = newArea();
    const { key } = await store.write(area, chunks('seekable'));
    const seen = await store.withLocalCopy(key, async (file) => {
      expect(path.isAbsolute(file)).toBe(true);
      return (await readFile(file)).toString();
    });
    expect(seen).toBe('seekable');
    expect(partials(localDir, area)).toBe(0);
    await expect(store.withLocalCopy(`${area}/${crypto.randomUUID()}`, async () => 1)).rejects.toBeInstanceOf(
      FileNotFoundError,
    );
  });

  it('lists only the complete files of one area', async () => {
    const { store } = kind();
    const [a, b] = [newArea(), newArea()];
    const inA = [await store.write(a, chunks('1')), await store.write(a, chunks('22'))].map((f) => f.key).sort();
    await store.write(b, chunks('333'));
    await kind().leaveInterrupted(a, 0);
    expect(await keys(store, a)).toEqual(inA);
    const sizes: number[] = [];
    for await (const file of store.list(a)) sizes.push(file.size);
    expect(sizes.sort()).toEqual([1, 2]);
  });

  it('removes what interrupted writes left once they are older than asked, and only those', async () => {
    const area = newArea();
    await kind().leaveInterrupted(area, 30);
    await kind().leaveInterrupted(area, 0);
    // One old and one young leftover of each kind (s3: a multipart upload and a scratch file).
    const before = kind().leftovers(area);
    expect(before).toBe(name === 's3' ? 4 : 2);
    const removed = await kind().store.removeUnfinished(area, new Date(Date.now() - 24 * 3_600_000));
    expect(removed.removidos).toBe(before / 2);
    expect(kind().leftovers(area)).toBe(before / 2);
    await kind().store.removeUnfinished(area, new Date(Date.now() + 1000));
    expect(kind().leftovers(area)).toBe(0);
  });

  it('refuses keys that are not its own', async () => {
    const { store } = kind();
    await expect(store.read('../etc/passwd')).rejects.toThrow(/invalid file key/);
    await expect(store.stat('documentos/../../x')).rejects.toThrow(/invalid file key/);
    await expect(store.remove('documentos/x')).rejects.toThrow(/invalid file key/);
    await expect(store.write('../x', chunks('x'))).rejects.toThrow(/invalid file area/);
  });
});
