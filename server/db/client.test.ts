import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

// PGlite's start parameters (client.ts, pgliteStartParams): a database kept in a directory gets the
// configured buffer cache and no full-page images; an in-memory one keeps PGlite's own settings.

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
  it('give a database in a directory the configured buffer cache and no full-page images', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-pglite-'));
    try {
      expect(await settings(path.join(dir, 'pgdata'), 48)).toEqual({ shared_buffers: '48MB', full_page_writes: 'off' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("leave an in-memory database PGlite's own", async () => {
    expect(await settings('memory://', 48)).toEqual({ shared_buffers: '128MB', full_page_writes: 'on' });
  }, 60_000);
});
