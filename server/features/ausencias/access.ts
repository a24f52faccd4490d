import { policies } from '../../../domain/policies';
import { authorize, usuarioReach, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../graphql/errors';
import * as q from './queries';

/** Refuses (NOT_FOUND / FORBIDDEN) unless the caller may act on this user's absences. */
export async function authorizeUsuario(db: DbOrTx, session: Session, usuarioId: number) {
  authorize(session, policies.ausencias.edit, session.idioma, { reach: await usuarioReach(db, session, usuarioId) });
}

/**
 * A read of a user's absences: a user outside the caller's scope is NOT_FOUND, as for users. A user
 * shared with another brand is in scope: their absences are read as they are kept (authorizeUsuario).
 */
export async function readableUsuario(db: DbOrTx, session: Session, usuarioId: number) {
  const reach = await usuarioReach(db, session, usuarioId);
  if (reach === 'missing' || reach === 'outside') throw notFound(session.idioma);
}

/** An absence the caller may see (its user in scope), or NOT_FOUND. */
export async function ausenciaVisivel(db: DbOrTx, session: Session, id: number) {
  const row = await q.findAusencia(db, id, session);
  if (!row) throw notFound(session.idioma);
  await readableUsuario(db, session, row.usuarioId);
  return row;
}
