import type { Session } from '../../server/authz';
import type { Db } from '../../server/db/client';
import { findUsuarioByEmail, functionKeysOf } from '../../server/features/usuarios/queries';

/** The session the API builds for this user's token (server/auth/session.ts), read directly. */
export async function sessionOf(db: Db, email: string): Promise<Session> {
  const usuario = await findUsuarioByEmail(db, email);
  if (!usuario) throw new Error(`${email} is not in the database`);
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
