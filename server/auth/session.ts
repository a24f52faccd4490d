import type { Session } from '../authz';
import type { Db } from '../db/client';
import { findUsuarioByEmail, functionKeysOf } from '../features/usuarios/queries';
import type { TokenVerifier } from './verify';

/** The session of a request: null when there is no valid bearer token for an active user. */
export async function sessionFromAuthorization(
  db: Db,
  verify: TokenVerifier,
  authorization: string | undefined,
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
  const usuario = await findUsuarioByEmail(db, email);
  if (!usuario || !usuario.active) return null;
  const keys = await functionKeysOf(db, usuario.id);
  return {
    usuarioId: usuario.id,
    email: usuario.email,
    nome: usuario.nome,
    tipo: usuario.tipo,
    idioma: usuario.idioma,
    funcionalidades: keys.map((k) => k.chave),
  };
}
