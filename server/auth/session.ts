import type { FastifyBaseLogger } from 'fastify';
import type { Session } from '../authz';
import type { Db } from '../db/client';
import { sessionUserByEmail, touchUltimoAcessoHourly } from './accounts';
import type { TokenPayload, TokenVerifier } from './verify';

/**
 * The access token's claim (embedded provider) carrying the account's sessions-ended mark when the
 * token was issued (epoch ms, 0 for never); see revokeAccount (server/auth/oidcAdapter.ts).
 */
export const SESSIONS_ENDED_CLAIM = 'sessions_ended_at';

/**
 * Whether the user ended their sessions after this token's session began. Tokens of the embedded
 * provider carry the mark they were issued under (exact); another issuer's (Keycloak) are judged by
 * `auth_time`, when their session signed in, which a refresh keeps (a refresh token taken before the
 * end gets no new token through), else by `iat`; the second resolution counts the very second of
 * the end as before it.
 */
export function issuedBeforeSessionsEnded(payload: TokenPayload, endedAt: Date | null): boolean {
  if (!endedAt) return false;
  const mark = payload[SESSIONS_ENDED_CLAIM];
  if (typeof mark === 'number') return mark < endedAt.getTime();
  const since = typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat;
  return typeof since !== 'number' || since * 1000 <= endedAt.getTime();
}

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
  let payload: TokenPayload;
  try {
    payload = await verify(token);
  } catch {
    return null;
  }
  if (!payload.email) return null;
  const usuario = await sessionUserByEmail(db, payload.email);
  // The same statement tells whether the user ended the sessions since the token was issued:
  // every process reads it, so the token is refused everywhere at once.
  const session =
    usuario && !issuedBeforeSessionsEnded(payload, usuario.sessoesEncerradasEm) ? sessionOf(usuario) : null;
  // The last access (dormant-user job) at most hourly, without holding the request up: a write
  // that fails is only logged.
  if (session && usuario && !usuario.acessoRecente) {
    touchUltimoAcessoHourly(db, session.usuarioId, session.email).catch((err: unknown) =>
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
