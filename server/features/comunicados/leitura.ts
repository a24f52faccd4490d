import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  comunicadoFilterSchema,
  enviosSelecaoSchema,
  PERIODO_EM_ORDEM,
  periodoEmOrdem,
} from '../../../domain/comunicados';
import { policies } from '../../../domain/policies';
import { recordId } from '../../../domain/schemas/campos';
import type { TokenVerifier } from '../../auth/verify';
import { allows } from '../../authz';
import type { Db } from '../../db/client';
import type { FileStore } from '../../files';
import { FORBIDDEN, refuse, restCaller, UNAUTHENTICATED } from '../../files/upload';
import { notFound, portalError } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Operations } from '../../graphql/operation';
import * as q from './leituraQueries';

// The reading side of announcements (issue #28): the signed-in reader's own deliveries. Every
// statement is behind `usuario_id = <the caller>` (leituraQueries.ts), so a delivery or an
// announcement not sent to the caller is not found and another user's ids change nothing.

const policy = policies.comunicados.list;

/** The reader's tabs and search (ComunicadoEnvioFilterInput). */
export const envioFilterSchema = comunicadoFilterSchema
  .extend({ aba: z.enum(['ENTRADA', 'ARQUIVADOS'], 'validation.invalidOption').default('ENTRADA') })
  .refine(periodoEmOrdem, PERIODO_EM_ORDEM);

const idComunicadoSchema = z.object({ idComunicado: recordId() });
const anexoSchema = z.object({ idComunicado: recordId(), idArquivo: recordId() });
const selecao = <K extends string>(campo: K) =>
  enviosSelecaoSchema.extend({ [campo]: z.boolean() } as Record<K, z.ZodBoolean>);

/** The link an attachment is downloaded from (the route checks access again, with the bearer token). */
export const linkAnexo = (idComunicado: number, idArquivo: number) =>
  `/api/comunicados/${idComunicado}/anexos/${idArquivo}`;

export const leituraQueries: Operations = {
  comunicadoEnvios: operation({
    policy,
    resolve: (args: { filterInput?: unknown }, { db, session, idioma }) =>
      q.envios(db, session.usuarioId, parseInput(envioFilterSchema, args.filterInput ?? {}, idioma)),
  }),
  contagensComunicados: operation({
    policy,
    resolve: (_args: unknown, { db, session }) => q.contagens(db, session),
  }),
  comunicadoEnvio: operation({
    policy,
    async resolve(args: unknown, { db, session, idioma }) {
      const { idComunicado } = parseInput(idComunicadoSchema, args, idioma);
      const envio = await q.envioDe(db, session.usuarioId, idComunicado);
      if (!envio) throw notFound(idioma);
      return envio;
    },
  }),
  comunicadoEnviosRecentes: operation({
    policy,
    resolve: (_args: unknown, { db, session }) => q.recentes(db, session.usuarioId),
  }),
  departamentosComunicadosRecebidos: operation({
    policy,
    resolve: (_args: unknown, { db, session }) => q.departamentosRecebidos(db, session.usuarioId),
  }),
  linkDownloadAnexoComunicado: operation({
    policy,
    async resolve(args: unknown, { db, session, idioma }) {
      const { idComunicado, idArquivo } = parseInput(anexoSchema, args, idioma);
      if (!(await q.anexoVisivel(db, session, idComunicado, idArquivo))) throw notFound(idioma);
      return linkAnexo(idComunicado, idArquivo);
    },
  }),
};

export const leituraMutations: Operations = {
  abrirComunicado: operation({
    policy,
    async resolve(args: unknown, { db, session, idioma }) {
      const { idComunicado } = parseInput(idComunicadoSchema, args, idioma);
      if (!(await q.abrir(db, session.usuarioId, idComunicado))) throw notFound(idioma);
      return (await q.envioDe(db, session.usuarioId, idComunicado))!;
    },
  }),
  marcarComunicadosLidos: operation({
    policy,
    resolve(args: unknown, { db, session, idioma }) {
      const { ids, lido } = parseInput(selecao('lido'), args, idioma);
      return q.marcarSelecao(db, session.usuarioId, ids, { campo: 'lido', valor: lido });
    },
  }),
  favoritarComunicados: operation({
    policy,
    resolve(args: unknown, { db, session, idioma }) {
      const { ids, favorito } = parseInput(selecao('favorito'), args, idioma);
      return q.marcarSelecao(db, session.usuarioId, ids, { campo: 'favorito', valor: favorito });
    },
  }),
  arquivarComunicadoEnvios: operation({
    policy,
    resolve(args: unknown, { db, session, idioma }) {
      const { ids, arquivado } = parseInput(selecao('arquivado'), args, idioma);
      return q.marcarSelecao(db, session.usuarioId, ids, { campo: 'arquivado', valor: arquivado });
    },
  }),
  confirmarLeituraComunicado: operation({
    policy,
    async resolve(args: unknown, { db, session, idioma }) {
      const { idComunicado } = parseInput(idComunicadoSchema, args, idioma);
      const result = await q.confirmar(db, session.usuarioId, idComunicado);
      if (result === 'missing') throw notFound(idioma);
      if (result === 'naoExigida') {
        throw portalError(idioma, 'BAD_USER_INPUT', 'comunicados.leitura.confirmacaoNaoExigida');
      }
      return (await q.envioDe(db, session.usuarioId, idComunicado))!;
    },
  }),
};

/**
 * GET /api/comunicados/{idComunicado}/anexos/{idArquivo}: the attachment's bytes from the file store,
 * after the same access check as its link (a recipient, the author, or an approver in scope).
 */
export async function anexoDownloadRoutes(
  app: FastifyInstance,
  { db, verify, files: store }: { db: Db; verify: TokenVerifier; files: FileStore },
) {
  app.get<{ Params: { idComunicado: string; idArquivo: string } }>(
    '/api/comunicados/:idComunicado/anexos/:idArquivo',
    async (req, reply) => {
      const { session, idioma } = await restCaller(db, verify, req);
      if (!session) return refuse(reply, idioma, UNAUTHENTICATED);
      if (!allows(session, policy)) return refuse(reply, idioma, FORBIDDEN);
      const parsed = anexoSchema.safeParse(req.params);
      const notFoundReply = () => refuse(reply, idioma, { status: 404, code: 'NOT_FOUND', key: 'errors.fileNotFound' });
      if (!parsed.success) return notFoundReply();
      const anexo = await q.anexoVisivel(db, session, parsed.data.idComunicado, parsed.data.idArquivo);
      if (!anexo) return notFoundReply();
      let content;
      try {
        content = await store.read(anexo.chave);
      } catch {
        return notFoundReply();
      }
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(anexo.nome)}`);
      reply.header('cache-control', 'private, no-store');
      reply.header('x-content-type-options', 'nosniff');
      reply.type(anexo.tipo_mime);
      return reply.send(content);
    },
  );
}
