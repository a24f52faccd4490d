import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fileStore, FileTooLargeError } from '.';

const chunks = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)));

describe('fileStore', () => {
  it('streams a file in, hashes it, and reads it back by key', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'files-'));
    const store = fileStore(dir);
    const stored = await store.write('documentos', chunks('hello ', 'world'));
    expect(stored.size).toBe(11);
    expect(stored.sha256).toBe('b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9');
    expect(stored.key).toMatch(/^documentos\/[0-9a-f-]{36}$/);
    const back = await store.read(stored.key);
    let text = '';
    for await (const c of back) text += c;
    expect(text).toBe('hello world');
    expect(await readFile(store.pathOf(stored.key), 'utf8')).toBe('hello world');
    await store.remove(stored.key);
    await expect(store.read(stored.key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a file past the limit and leaves nothing behind', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'files-'));
    const store = fileStore(dir);
    await expect(store.write('avatares', chunks('12345', '67890'), { maxBytes: 8 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(await readdir(path.join(dir, 'avatares'))).toEqual([]);
  });

  it('refuses keys that are not its own', () => {
    const store = fileStore('/tmp/x');
    expect(() => store.pathOf('../etc/passwd')).toThrow(/invalid file key/);
    expect(() => store.pathOf('documentos/../../x')).toThrow(/invalid file key/);
  });
});
