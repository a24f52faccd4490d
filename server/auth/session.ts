import type { FastifyBaseLogger } from 'fastify';
import type { Session } from '../authz';
import type { Db } from '../db/client';
import { sessionUserByEmail, touchUltimoAcessoHourly } from '../features/usuarios/queries';
import type { TokenVerifier } from './verify';

type Log = Pick<FastifyBaseLogger, 'warn'>;

/** The session of a request: null when there is no valid bearer token for an active user. */
export async function sessionFromAuthorization(
  db: Db,
  verify: TokenVerifier,
  authorization: string | undefined,
  log?: Log,
): Promise<Session | null> {
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token) return null;
  let email: string | undefined;
  try {
    email = (await verify(token)).email;
  } catch {
    return null;
  }
  if (!email) return null;
  const usuario = await sessionUserByEmail(db, email);
  const session = sessionOf(usuario);
  // The last access (dormant-user job) at most hourly, without holding the request up: a write
  // that fails is only logged.
  if (session && !usuario.acessoRecente) {
    touchUltimoAcessoHourly(db, session.usuarioId).catch((err: unknown) =>
      log?.warn({ err, usuarioId: session.usuarioId }, 'last access could not be recorded'),
    );
  }
  return session;
}

/** The session of the active user with this e-mail, or null. */
export async function sessionOfEmail(db: Db, email: string): Promise<Session | null> {
  // One query per request: it runs on every API call (170 requests/s at national scale).
  return sessionOf(await sessionUserByEmail(db, email));
}

function sessionOf(usuario: Awaited<ReturnType<typeof sessionUserByEmail>> | undefined): Session | null {
  if (!usuario || !usuario.active) return null;
  return {
    usuarioId: usuario.id,
    email: usuario.email,
    nome: usuario.nome,
    tipo: usuario.tipo,
    idioma: usuario.idioma,
    funcionalidades: usuario.funcionalidades,
  };
}
