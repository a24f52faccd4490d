import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

// The portal's time zone (PORTAL_TIME_ZONE): every database session runs in it, so a day in SQL
// (`'2026-03-31'::date` against a timestamp, `date_trunc('day' | 'week', ...)`, `current_date`)
// is the portal's day: a download at 22:00 in Brasília on March 31 counts in March, not April.

/** Brasília time, where the portal's network works, unless PORTAL_TIME_ZONE says otherwise. */
export const PORTAL_TIME_ZONE_DEFAULT = 'America/Sao_Paulo';

/** An IANA time zone name both the JavaScript runtime and PostgreSQL know (no spaces or quotes). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Today in the portal's time zone (the database session's), yyyy-mm-dd: not the server process's day. */
export async function hojeNoPortal(db: DbOrTx): Promise<string> {
  const { rows } = await db.execute<{ hoje: string }>(sql`select current_date::text as hoje`);
  return rows[0]!.hoje;
}
