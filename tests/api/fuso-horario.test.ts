import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { hojeNoPortal } from '../../server/db/timeZone';
import { createTestDatabase } from './portal';

// Every database session runs in the portal's time zone: a day in SQL is the portal's day.

const diaEm = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

const bancos: [string, string | undefined][] = [['PGlite', undefined]];
if (process.env.DATABASE_URL) bancos.push(['PostgreSQL', process.env.DATABASE_URL]);

describe.each(bancos)('the database sessions on %s', (_kind, databaseUrl) => {
  it('read days in Brasília by default, and in the time zone given', { timeout: 60_000 }, async () => {
    for (const [timeZone, dia] of [
      [undefined, '2026-05-31'],
      ['Asia/Tokyo', '2026-06-01'],
    ] as const) {
      // On a server, a database of its own (the migrations run in it), dropped after.
      const servidor = databaseUrl ? await createTestDatabase(databaseUrl) : undefined;
      const database = await openDatabase({
        databaseUrl: servidor?.url,
        pgliteDir: 'memory://',
        poolSize: 1,
        timeZone,
      });
      try {
        // 02:30 UTC on June 1 is 23:30 on May 31 in Brasília and 11:30 on June 1 in Tokyo.
        const { rows } = await database.db.execute<{ dia: string }>(
          sql`select ('2026-06-01T02:30:00Z'::timestamptz)::date::text as dia`,
        );
        expect(rows[0]!.dia).toBe(dia);
        expect(await hojeNoPortal(database.db)).toBe(diaEm(timeZone ?? 'America/Sao_Paulo'));
      } finally {
        await database.close();
        await servidor?.drop();
      }
    }
  });
});
