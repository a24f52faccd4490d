import { sessionOfEmail } from '../../server/auth/session';
import type { Session } from '../../server/authz';
import type { Db } from '../../server/db/client';

/** The session the API builds for this user's token (server/auth/session.ts), read directly. */
export async function sessionOf(db: Db, email: string): Promise<Session> {
  const session = await sessionOfEmail(db, email);
  if (!session) throw new Error(`${email} is not an active user of the database`);
  return session;
}
