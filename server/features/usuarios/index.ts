import { readFileSync } from 'node:fs';
import { policies, TIPOS_ADMINISTRADOS } from '../../../domain/policies';
import { idSchema, mudarLinguaSchema, onboardingSchema } from '../../../domain/schemas/usuario';
import { auditedWrite } from '../../audit/write';
import { notFound, portalError } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { IDIOMAS } from '../../../domain/enums';
import {
  cargoAdditionError,
  podeAdicionarCargoSchema,
  produtosByDealersSchema,
  usuarioByCpfSchema,
  usuarioByEmailSchema,
  usuarioFilterSchema,
  usuariosByTipoSchema,
} from '../../../domain/schemas/usuario';
import { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import { dealerScope, grupoScope, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { cargos, dealers, departamentos, grupos, marcas, usuarios } from '../../db/schema';
import { PORTAL_PRODUCT } from '../../db/seed/reference';
import { allOf } from '../../db/lists';
import { MAX_UNPAGED_ROWS } from '../../../domain/schemas/lista';
import { listProdutos } from '../produtos';
import { loadProperties } from '../plataforma';
import { enqueueUnique } from '../../jobs';
import { EXPORT_FILA, exportView, latestExport, type ExportPayload } from './exportacao';
import { saveUsuario, setAtivacaoEspecial, setUsuarioActive, usuarioView, viewOf } from './manutencao';
import * as q from './queries';
import { findUsuarioById } from '../../auth/accounts';
import * as logado from './logado';

const byId = z.object({ id: idSchema });
const byUsuarioId = z.object({ usuarioId: idSchema });

/** The product catalogue cut to what the caller may give (everything for provider staff). */
async function grantableProdutos(db: DbOrTx, session: Session, only: Set<number> | null = null) {
  const [catalogo, grantable] = await Promise.all([listProdutos(db), q.grantableOf(db, session)]);
  const may = (set: Set<number> | null, id: number) => !set || set.has(id);
  return catalogo
    .filter((p) => may(only, p.id))
    .map((p) => ({
      ...p,
      tiposAcesso: p.tiposAcesso.filter((t) => may(grantable.tiposAcesso, t.id)),
      funcionalidades: p.funcionalidades.filter((f) => may(grantable.funcionalidades, f.id)),
    }))
    .filter((p) => p.tiposAcesso.length || p.funcionalidades.length);
}

/** Brands the caller may give a user: their own (all active brands for provider staff). */
function assignableMarcas(db: DbOrTx, session: Session) {
  if (session.tipo !== 'TECSINAPSE') return logado.marcasOf(db, session.usuarioId);
  return db
    .select(logado.marcaColumns)
    .from(marcas)
    .where(eq(marcas.active, true))
    .orderBy(asc(marcas.nome))
    .limit(MAX_UNPAGED_ROWS);
}

/** Whether a position may join those already chosen: the shared rule, then the references in the caller's reach. */
async function podeAdicionarCargo(
  db: DbOrTx,
  session: Session,
  args: z.infer<typeof podeAdicionarCargoSchema>,
  informarDepartamento: boolean,
) {
  const novo = args.cargoAdicionadoInput;
  if (cargoAdditionError(novo, args.cargosInputs, informarDepartamento)) return false;
  const [cargo, dealer, departamento] = await Promise.all([
    q.existingIds(db, cargos, [novo.cargoId!]),
    q.existingIds(db, dealers, [novo.dealerId!], dealerScope(session)),
    novo.departamentoId ? q.existingIds(db, departamentos, [novo.departamentoId]) : undefined,
  ]);
  return cargo.size > 0 && dealer.size > 0 && (departamento === undefined || departamento.size > 0);
}

/** What other features may use (they import a feature's index only). */
export { inatividadeJob } from './inatividade';
export { exportJobs as usuariosJobs, exportacoesArea } from './exportacao';
export { salvarUsuariosLote, LinhasRecusadas, type LinhaLote, type ResultadoLote } from './lote';
export { usuarioRules } from './manutencao';
export { identidadeJob } from './identidade';

const usuarioResumo = (u: {
  id: number;
  nome: string;
  email: string;
  tipo: string;
  idioma: string;
  active: boolean;
}) => ({
  id: u.id,
  nome: u.nome,
  email: u.email,
  tipo: { id: u.tipo },
  idioma: { id: u.idioma },
  active: u.active,
});

export const usuariosFeature: Feature = {
  typeDefs: readFileSync(new URL('./usuarios.graphql', import.meta.url), 'utf8'),
  Query: {
    exportacaoUsuarios: operation({
      policy: policies.usuarios.export,
      async resolve(_args: unknown, { db, session, request }) {
        const job = await latestExport(db, session.usuarioId);
        return job ? exportView(job, request.server.files) : null;
      },
    }),
    usuarios: operation({
      policy: policies.usuarios.list,
      async resolve(args: { filterInput: unknown }, { db, session, idioma }) {
        const page = await q.listUsuarios(db, session, parseInput(usuarioFilterSchema, args.filterInput ?? {}, idioma));
        return { ...page, content: page.content.map(viewOf) };
      },
    }),
    usuario: operation({
      policy: policies.usuarios.list,
      resolve: (args: unknown, { db, session, idioma }) => usuarioView(db, session, parseInput(byId, args, idioma).id),
    }),
    infoUsuario: operation({
      policy: policies.usuarios.list,
      async resolve(args: unknown, { db, session, idioma }) {
        const { usuarioId } = parseInput(byUsuarioId, args, idioma);
        await usuarioView(db, session, usuarioId); // NOT_FOUND outside the caller's scope
        return q.infoUsuario(db, usuarioId);
      },
    }),
    dominioUsuario: operation({
      policy: policies.usuarios.edit,
      async resolve(_args: unknown, { db, session }) {
        const [marcasList, gruposList, produtos] = await Promise.all([
          assignableMarcas(db, session),
          db
            .select({ id: grupos.id, nome: grupos.nome })
            .from(grupos)
            .where(allOf(eq(grupos.active, true), grupoScope(session)))
            .orderBy(asc(grupos.nome))
            .limit(MAX_UNPAGED_ROWS),
          grantableProdutos(db, session),
        ]);
        return {
          tiposUsuario: TIPOS_ADMINISTRADOS[session.tipo],
          idiomas: IDIOMAS,
          marcas: marcasList,
          grupos: gruposList,
          produtos,
        };
      },
    }),
    produtosByDealersAndTipoUsuario: operation({
      policy: policies.usuarios.edit,
      async resolve(args: unknown, { db, session, idioma }) {
        const { idsDealer, tipoUsuario } = parseInput(produtosByDealersSchema, args, idioma);
        const visible = [...(await q.existingIds(db, dealers, idsDealer, dealerScope(session)))];
        return grantableProdutos(db, session, await q.produtoIdsFor(db, visible, tipoUsuario, PORTAL_PRODUCT));
      },
    }),
    usuariosByTipoUsuario: operation({
      policy: policies.usuarios.edit,
      async resolve(args: unknown, { db, session, idioma }) {
        return (await q.usuariosByTipo(db, session, parseInput(usuariosByTipoSchema, args, idioma))).map(viewOf);
      },
    }),
    usuarioByCpf: operation({
      policy: policies.usuarios.list,
      async resolve(args: unknown, { db, session, idioma }) {
        const id = await q.findUsuarioIdBy(
          db,
          session,
          parseInput(usuarioByCpfSchema, args, idioma) as { cpf: string },
        );
        return id ? usuarioView(db, session, id) : null;
      },
    }),
    usuarioByEmail: operation({
      policy: policies.usuarios.list,
      async resolve(args: unknown, { db, session, idioma }) {
        const id = await q.findUsuarioIdBy(db, session, parseInput(usuarioByEmailSchema, args, idioma));
        return id ? usuarioView(db, session, id) : null;
      },
    }),
    podeAdicionarCargo: operation({
      policy: policies.usuarios.edit,
      async resolve(args: unknown, { db, session, idioma, config }) {
        const props = await loadProperties(db, config);
        return podeAdicionarCargo(
          db,
          session,
          parseInput(podeAdicionarCargoSchema, args, idioma),
          props.informarDepartamentoCargo,
        );
      },
    }),
    usuarioLogado: operation({
      policy: policies.portal.use,
      async resolve(_args: unknown, { db, session }) {
        const usuario = await findUsuarioById(db, session.usuarioId);
        if (!usuario) throw notFound(session.idioma);
        const [marcas, funcionalidades, produtos, dealers, onboardingsVistos] = await Promise.all([
          logado.marcasOf(db, usuario.id),
          logado.functionKeysOf(db, usuario.id),
          logado.produtosOf(db, usuario.id),
          logado.dealersOf(db, usuario.id),
          logado.onboardingsOf(db, usuario.id),
        ]);
        return {
          ...usuarioResumo(usuario),
          avatarLink: usuario.avatarLink,
          marcas,
          funcionalidades,
          tiposUsuarios: TIPOS_ADMINISTRADOS[usuario.tipo],
          produtos: produtos.map((p) => ({ ...p, URI: p.uri })),
          dealers,
          onboardingsVistos,
        };
      },
    }),
    currentUserOnboardingIsSeen: operation({
      policy: policies.portal.use,
      async resolve(args: unknown, ctx) {
        const { id } = parseInput(onboardingSchema, args, ctx.idioma);
        return logado.isOnboardingSeen(ctx.db, ctx.session.usuarioId, id);
      },
    }),
  },
  Mutation: {
    exportarUsuarios: operation({
      policy: policies.usuarios.export,
      async resolve(args: { filterInput: unknown }, { db, session, idioma, request }) {
        const {
          page: _page,
          rowsPerPage: _rows,
          ...filtro
        } = parseInput(usuarioFilterSchema, args.filterInput ?? {}, idioma);
        const payload: ExportPayload = { filtro, idioma: session.idioma };
        // One per user: the check and the insert run under a per-author lock (server/jobs).
        const job = await enqueueUnique(db, EXPORT_FILA, payload, session.usuarioId, { perAuthor: true });
        if (!job) throw portalError(idioma, 'CONFLICT', 'errors.exportacaoEmAndamento');
        return exportView(job, request.server.files);
      },
    }),
    salvarUsuario: operation({
      // A create also passes policies.usuarios.create (saveUsuario).
      policy: policies.usuarios.edit,
      async resolve(args: { usuario?: Record<string, unknown>; cargos?: unknown; infos?: unknown }, ctx) {
        const raw = { ...(args.usuario ?? {}), cargos: args.cargos ?? [], produtos: args.infos ?? [] };
        return usuarioView(ctx.db, ctx.session, await saveUsuario(ctx, raw));
      },
    }),
    ativarUsuario: operation({
      policy: policies.usuarios.edit,
      resolve: async (args: unknown, ctx) =>
        usuarioView(ctx.db, ctx.session, await setUsuarioActive(ctx, parseInput(byId, args, ctx.idioma).id, true)),
    }),
    inativarUsuario: operation({
      policy: policies.usuarios.edit,
      resolve: async (args: unknown, ctx) =>
        usuarioView(ctx.db, ctx.session, await setUsuarioActive(ctx, parseInput(byId, args, ctx.idioma).id, false)),
    }),
    liberarAtivacaoEspecial: operation({
      policy: policies.usuarios.ativacaoEspecial,
      resolve: async (args: unknown, ctx) =>
        usuarioView(
          ctx.db,
          ctx.session,
          await setAtivacaoEspecial(ctx, parseInput(byUsuarioId, args, ctx.idioma).usuarioId, true),
        ),
    }),
    removerAtivacaoEspecial: operation({
      policy: policies.usuarios.ativacaoEspecial,
      resolve: async (args: unknown, ctx) =>
        usuarioView(
          ctx.db,
          ctx.session,
          await setAtivacaoEspecial(ctx, parseInput(byUsuarioId, args, ctx.idioma).usuarioId, false),
        ),
    }),
    setCurrentUserOnboardingSeen: operation({
      policy: policies.portal.use,
      async resolve(args: unknown, ctx) {
        const { id } = parseInput(onboardingSchema, args, ctx.idioma);
        await logado.markOnboardingSeen(ctx.db, ctx.session.usuarioId, id);
        return true;
      },
    }),
    mudarLinguaUsuario: operation({
      policy: policies.portal.use,
      async resolve(args: unknown, ctx) {
        const { id, idioma } = parseInput(mudarLinguaSchema, args, ctx.idioma);
        const { db, session } = ctx;
        // The spec's `id` argument stays, but names only the caller: another user's language is
        // part of their record, changed through the user form (salvarUsuario).
        if (id !== session.usuarioId) throw portalError(session.idioma, 'FORBIDDEN', 'errors.ownUserOnly');
        await auditedWrite(db, session, {
          tipo: 'USUARIO',
          table: usuarios,
          target: { id, version: 'any' },
          async load(tx, id) {
            const before = await findUsuarioById(tx, id);
            if (!before) throw notFound(session.idioma);
            return { idioma: before.idioma };
          },
          write: (tx) => logado.setIdioma(tx, id, idioma).then(() => id),
          after: () => ({ idioma }),
        });
        return usuarioResumo((await findUsuarioById(db, id))!);
      },
    }),
  },
};
