import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import {
  editarProdutoSchema,
  sincronizarIdentityProviderSchema,
  FILAS_PAGINA,
  type SuperAdminFila,
} from '../../../domain/schemas/superAdmin';
import { recordAudit } from '../../audit';
import { sendPasswordLink } from '../../auth/forgotPassword';
import { portalError, notFound } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { enqueueUnique, type JobRow } from '../../jobs';
import { mailerOf } from '../../mail';
import { listProdutos } from '../produtos';
import { findUsuarioByEmail } from '../../auth/accounts';
import { KeycloakError, syncKeycloakUser } from '../../auth/keycloakAdmin';
import * as q from './queries';

export { superAdminJobs } from './sincronizacoes';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const jobView = (job: JobRow) => ({
  id: job.id,
  fila: job.fila,
  status: job.status,
  total: job.total,
  processados: job.processados,
  resultado: job.resultado == null ? null : JSON.stringify(job.resultado),
  erro: job.erro,
  createdAt: job.createdAt.toISOString(),
  iniciadoEm: iso(job.iniciadoEm),
  concluidoEm: iso(job.concluidoEm),
});

/** Queues a super-admin job, refusing a second one of the same queue while one is pending or running. */
const enqueueOperation = (fila: SuperAdminFila) =>
  operation({
    policy: policies.superAdmin.use,
    async resolve(_args: unknown, { db, session }) {
      const job = await enqueueUnique(db, fila, {}, session.usuarioId);
      if (!job) throw portalError(session.idioma, 'CONFLICT', 'superAdmin.errors.jobAlreadyActive');
      return jobView(job);
    },
  });

export const superAdminFeature: Feature = {
  typeDefs: readFileSync(new URL('./superAdmin.graphql', import.meta.url), 'utf8'),
  Query: {
    ultimosJobs: operation({
      policy: policies.superAdmin.use,
      async resolve(_args: unknown, { db }) {
        return (await q.ultimosJobs(db, FILAS_PAGINA)).map(jobView);
      },
    }),
  },
  Mutation: {
    editarProduto: operation({
      policy: policies.superAdmin.use,
      async resolve(args: unknown, ctx) {
        const { produto } = parseInput(editarProdutoSchema, args, ctx.idioma);
        const { db, session } = ctx;
        await db.transaction(async (tx) => {
          const before = await q.findProduto(tx, produto.id);
          if (!before) throw notFound(session.idioma);
          if (before.baseUriHomolog !== produto.baseUriHomolog) {
            await q.setBaseUriHomolog(tx, produto.id, produto.baseUriHomolog);
            await recordAudit(tx, {
              tipo: 'PRODUTO',
              registroId: produto.id,
              alteracao: 'ALTERACAO',
              valorAnterior: { baseUriHomolog: before.baseUriHomolog },
              valorNovo: { baseUriHomolog: produto.baseUriHomolog },
              autorId: session.usuarioId,
            });
          }
        });
        // After the commit: listProdutos runs its queries in parallel, which a transaction cannot.
        return (await listProdutos(db)).find((p) => p.id === produto.id);
      },
    }),
    sincronizarDealers: enqueueOperation('sincronizarDealers'),
    sincronizarGrupos: enqueueOperation('sincronizarGrupos'),
    sincronizarUsuarios: enqueueOperation('sincronizarUsuarios'),
    migrar: enqueueOperation('migracao'),
    sincronizarIdentityProvider: operation({
      policy: policies.superAdmin.use,
      async resolve(args: unknown, ctx) {
        const { emailUsuario } = parseInput(sincronizarIdentityProviderSchema, args, ctx.idioma);
        const { db, config, session } = ctx;
        const usuario = await findUsuarioByEmail(db, emailUsuario);
        if (!usuario) throw portalError(session.idioma, 'NOT_FOUND', 'errors.userNotFound');

        let provedor: 'KEYCLOAK' | 'EMBUTIDO';
        let acao: 'CRIADO' | 'ATUALIZADO';
        let emailSenhaEnviado = false;
        if (config.keycloakAdmin) {
          provedor = 'KEYCLOAK';
          try {
            acao = await syncKeycloakUser(config.keycloakAdmin, usuario);
          } catch (error) {
            if (!(error instanceof KeycloakError)) throw error;
            ctx.request.log.error({ err: error, email: usuario.email }, 'Keycloak synchronisation failed');
            throw portalError(session.idioma, 'INTERNAL_SERVER_ERROR', 'superAdmin.errors.identityProviderFailed');
          }
        } else if (config.embeddedOidc) {
          // The embedded provider's account is the usuarios row itself: an account without a
          // password is completed by the user through a set-password link.
          provedor = 'EMBUTIDO';
          acao = usuario.senhaHash ? 'ATUALIZADO' : 'CRIADO';
          if (!usuario.senhaHash && usuario.active) {
            await sendPasswordLink(
              { db, config, mailer: mailerOf(ctx.db, ctx.config, ctx.request.server.log) },
              usuario,
              {
                subjectKey: 'superAdmin.sincronizacao.identityProvider.mailSubject',
                bodyKey: 'superAdmin.sincronizacao.identityProvider.mailBody',
              },
            );
            emailSenhaEnviado = true;
          }
        } else {
          throw portalError(session.idioma, 'INTERNAL_SERVER_ERROR', 'superAdmin.errors.identityProviderNotConfigured');
        }
        await recordAudit(db, {
          tipo: 'USUARIO',
          registroId: usuario.id,
          alteracao: 'SINCRONIZACAO_IDENTITY_PROVIDER',
          valorNovo: { provedor, acao, emailSenhaEnviado },
          autorId: session.usuarioId,
        });
        return { email: usuario.email, provedor, acao, emailSenhaEnviado };
      },
    }),
  },
};
