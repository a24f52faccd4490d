import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, pgliteSharedBuffersMb } from './client';

// PGlite's start parameters (client.ts, pgliteStartParams): a database kept in a directory gets a
// buffer cache sized by its data and no full-page images; an in-memory one keeps PGlite's settings.

const MB = 1024 * 1024;

async function settings(pgliteDir: string, pgliteSharedBuffersMb?: number) {
  const database = await openDatabase({ pgliteDir, pgliteSharedBuffersMb });
  try {
    const { rows } = await database.db.execute<{ shared_buffers: string; full_page_writes: string }>(
      sql`select current_setting('shared_buffers') as shared_buffers, current_setting('full_page_writes') as full_page_writes`,
    );
    return rows[0];
  } finally {
    await database.close();
  }
}

describe("the embedded database's start parameters", () => {
  it("size the buffer cache half the data, PGlite's 128 MB at least, the configured most at most", () => {
    expect(pgliteSharedBuffersMb(45 * MB, 512)).toBe(128);
    expect(pgliteSharedBuffersMb(500 * MB, 512)).toBe(256);
    expect(pgliteSharedBuffersMb(4000 * MB, 512)).toBe(512);
    expect(pgliteSharedBuffersMb(2000 * MB, 1024)).toBe(1008);
    expect(pgliteSharedBuffersMb(45 * MB, 48)).toBe(48);
  });

  it('give a database in a directory its sized buffer cache and no full-page images', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-pglite-'));
    try {
      // New, then opened again (its data a few MB): PGlite's own cache; the configured most when smaller.
      expect(await settings(path.join(dir, 'pgdata'))).toEqual({ shared_buffers: '128MB', full_page_writes: 'off' });
      expect(await settings(path.join(dir, 'pgdata'), 48)).toEqual({ shared_buffers: '48MB', full_page_writes: 'off' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("leave an in-memory database PGlite's own", async () => {
    expect(await settings('memory://', 48)).toEqual({ shared_buffers: '128MB', full_page_writes: 'on' });
  }, 60_000);
});
