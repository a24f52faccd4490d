import { recordAudit } from '../audit';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { usuarios } from '../db/schema';
import type { Mailer } from '../mail';
import { sendPasswordLink } from './forgotPassword';
import { hashPassword } from './passwords';

export interface FirstAdminInput {
  email: string;
  nome: string;
  /** Signs in with this password; without it, a set-password link is e-mailed (the reset mechanism). */
  senha?: string;
}

/**
 * Creates a provider-staff (TECSINAPSE) account on a database without the demo data: the way in
 * for an operator. Refuses an e-mail already in use (the unique index decides, not a prior read).
 */
export async function createFirstAdmin(
  deps: { db: Db; config: Config; mailer: Mailer },
  input: FirstAdminInput,
): Promise<{ id: number; linkSent: boolean } | { emailInUse: true }> {
  const email = input.email.trim().toLowerCase();
  const senhaHash = input.senha ? await hashPassword(input.senha) : null;
  const usuario = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(usuarios)
      .values({ nome: input.nome.trim(), email, tipo: 'TECSINAPSE', senhaHash })
      .onConflictDoNothing()
      .returning();
    if (row) {
      await recordAudit(tx, {
        tipo: 'USUARIO',
        registroId: row.id,
        alteracao: 'CRIACAO',
        valorNovo: { nome: row.nome, email, tipo: row.tipo },
        autorId: null,
      });
    }
    return row;
  });
  if (!usuario) return { emailInUse: true };
  if (!input.senha) await sendPasswordLink(deps, usuario);
  return { id: usuario.id, linkSent: !input.senha };
}
