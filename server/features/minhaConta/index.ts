import { readFileSync } from 'node:fs';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { policies } from '../../../domain/policies';
import { alteracaoSenhaSchema } from '../../../domain/schemas/senha';
import { createLoginThrottle } from '../../auth/loginThrottle';
import { revokeAccount } from '../../auth/oidcAdapter';
import { isCommonPassword } from '../../auth/passwordPolicy';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { DbOrTx } from '../../db/client';
import { oidcPayloads, usuarios } from '../../db/schema';
import { auditedWrite } from '../../audit/write';
import { badUserInputKeys, notFound, portalError } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';

const aceitaSchema = z.object({ aceita: z.boolean('validation.invalidValue') });

/** Whether the user accepts announcement e-mails (undefined: no such user). */
async function aceitaEmail(db: DbOrTx, usuarioId: number): Promise<boolean | undefined> {
  const [row] = await db.select({ aceitaEmail: usuarios.aceitaEmail }).from(usuarios).where(eq(usuarios.id, usuarioId));
  return row?.aceitaEmail;
}

/**
 * /minha-conta (issue #13): the signed-in user's password, sessions and whether they receive
 * announcements by e-mail. The rest of the page reads `usuarioLogado` (usuarios feature) and
 * changes the language with `mudarLinguaUsuario`.
 */

// Guessing the current password through this form is limited like signing in (per account, in
// this process's memory).
const wrongCurrentPassword = createLoginThrottle({ failures: 5, backoffSeconds: 30, backoffMaxSeconds: 900 });

export const minhaContaFeature: Feature = {
  typeDefs: readFileSync(new URL('./minhaConta.graphql', import.meta.url), 'utf8'),
  Query: {
    aceitaEmailComunicados: operation({
      policy: policies.portal.use,
      resolve: async (_args: unknown, { db, session }) => (await aceitaEmail(db, session.usuarioId)) ?? false,
    }),
    minhasSessoes: operation({
      policy: policies.portal.use,
      async resolve(_args: unknown, { db, session }) {
        const rows = await db
          .select({ id: oidcPayloads.id, payload: oidcPayloads.payload, expiresAt: oidcPayloads.expiresAt })
          .from(oidcPayloads)
          .where(
            and(
              eq(oidcPayloads.model, 'Session'),
              sql`${oidcPayloads.payload}->>'accountId' = ${String(session.usuarioId)}`,
              sql`(${oidcPayloads.expiresAt} is null or ${oidcPayloads.expiresAt} > now())`,
            ),
          )
          .orderBy(desc(sql`(${oidcPayloads.payload}->>'loginTs')::bigint`))
          .limit(100);
        return rows.map((row) => {
          const { loginTs, uid } = row.payload as { loginTs?: number; uid?: string };
          return {
            id: uid ?? row.id,
            inicio: new Date((loginTs ?? 0) * 1000).toISOString(),
            expiraEm: row.expiresAt?.toISOString() ?? null,
          };
        });
      },
    }),
  },
  Mutation: {
    alterarMinhaSenha: operation({
      policy: policies.portal.use,
      async resolve(args: unknown, { db, config, session, idioma }) {
        const input = parseInput(alteracaoSenhaSchema, args, idioma);
        const account = String(session.usuarioId);
        const wait = wrongCurrentPassword.attempt(account);
        if (wait > 0)
          throw portalError(idioma, 'BAD_USER_INPUT', 'pages.minhaConta.senha.aguarde', { retryAfter: wait });
        const [usuario] = await db
          .select({ senhaHash: usuarios.senhaHash })
          .from(usuarios)
          .where(eq(usuarios.id, session.usuarioId));
        // Accounts of an outside identity provider (Keycloak) change their password there.
        if (!config.embeddedOidc || !usuario?.senhaHash) {
          throw portalError(idioma, 'BAD_USER_INPUT', 'pages.minhaConta.senha.externa');
        }
        if (!(await verifyPassword(input.senhaAtual, usuario.senhaHash))) {
          throw badUserInputKeys(idioma, { senhaAtual: 'pages.minhaConta.senha.atualIncorreta' });
        }
        wrongCurrentPassword.succeeded(account);
        if (input.novaSenha === input.senhaAtual) {
          throw badUserInputKeys(idioma, { novaSenha: 'pages.minhaConta.senha.igualAtual' });
        }
        if (await isCommonPassword(input.novaSenha)) {
          throw badUserInputKeys(idioma, { novaSenha: 'forgotPassword.commonPassword' });
        }
        const senhaHash = await hashPassword(input.novaSenha);
        await db.transaction(async (tx) => {
          await tx
            .update(usuarios)
            .set({ senhaHash, version: sql`${usuarios.version} + 1` })
            .where(eq(usuarios.id, session.usuarioId));
          // Whoever knew the old password loses the sessions it opened.
          await revokeAccount(tx, session.usuarioId);
        });
        return true;
      },
    }),
    definirAceitaEmailComunicados: operation({
      policy: policies.portal.use,
      async resolve(args: unknown, { db, session, idioma }) {
        const { aceita } = parseInput(aceitaSchema, args, idioma);
        // The caller's own row only: no id is taken.
        await auditedWrite(db, session, {
          tipo: 'USUARIO',
          table: usuarios,
          target: { id: session.usuarioId, version: 'any' },
          async load(tx, id) {
            const before = await aceitaEmail(tx, id);
            if (before === undefined) throw notFound(idioma);
            return { aceitaEmail: before };
          },
          write: async (tx) => {
            await tx.update(usuarios).set({ aceitaEmail: aceita }).where(eq(usuarios.id, session.usuarioId));
            return session.usuarioId;
          },
          after: () => ({ aceitaEmail: aceita }),
        });
        return (await aceitaEmail(db, session.usuarioId))!;
      },
    }),
    encerrarMinhasSessoes: operation({
      policy: policies.portal.use,
      resolve: (_args: unknown, { db, session }) => revokeAccount(db, session.usuarioId),
    }),
  },
};

export { avatarRoutes, avataresArea } from './avatar';
