import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { BIBLIOTECA_PASTAS_ESCRITA_MAX } from '../../../domain/biblioteca';
import {
  buscaBibliotecaSchema,
  idPastaOuRaiz,
  itemAcaoSchema,
  itensPorPastaSchema,
  linkArquivoSchema,
  linkItemSchema,
  moverSchema,
  novaPastaSchema,
  novasPermissoesSchema,
  pastasEscritaSchema,
  renomearSchema,
  ultimosModificadosPageSchema,
  ultimosModificadosSchema,
  uploadArquivosSchema,
} from '../../../domain/schemas/biblioteca';
import { policies } from '../../../domain/policies';
import { translate } from '../../../i18n';
import type { Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { arrayOf } from '../../db/lists';
import { notFound } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { z } from 'zod';
import { leitorDe, type Leitor } from './acesso';
import * as w from './escrita';
import * as q from './queries';
import { linkDownload, linksDe, registrarDownload } from './download';
import { itemView, permissoesDoNivel, permissoesView } from './view';

/**
 * The virtual library (biblioteca, issue #29): folders under a fixed root, files placed from
 * uploads, per-folder permissions of user groups resolved by the audience engine, search by name
 * and inside files, signed download links. The contract is biblioteca.graphql; the input schemas and
 * limits are domain/biblioteca.ts; who reads and writes what is acesso.ts.
 */
export { bibliotecaAreas } from './areas';
export { bibliotecaJobs } from './jobs';
export { downloadRoutes as bibliotecaDownloadRoutes } from './download';
/** The caller's readable folders, in SQL (the library-usage report counts what its reader reads). */
export { legiveis, leitorDe } from './acesso';

const list = policies.biblioteca.list;
const gerenciar = policies.biblioteca.gerenciar;

/** The download link of a readable item (NOT_FOUND otherwise); `registrar` counts the download. */
async function linkDe(db: DbOrTx, session: Session, itemId: number | null, registrar = false) {
  const row = itemId === null ? undefined : await q.item(db, leitorDe(session), itemId);
  if (!row) throw notFound(session.idioma);
  if (registrar && !row.isPasta) await registrarDownload(db, session.usuarioId, row.id);
  return linkDownload(session.usuarioId, row.id);
}

const itemDoArquivo = async (db: DbOrTx, idArquivo: number) =>
  Number(
    (await db.execute<{ id: number }>(sql`select id from biblioteca_itens where arquivo_id = ${idArquivo}`)).rows[0]
      ?.id ?? 0,
  ) || null;

async function pastaDetalhe(db: DbOrTx, l: Leitor, session: Session, idPasta: number | null) {
  const { idioma } = session;
  if (idPasta === null) {
    return {
      id: '0',
      version: 0,
      nome: translate(idioma, 'biblioteca.raiz'),
      isPasta: true,
      isPublico: false,
      pastaPai: null,
      proprietario: null,
      permissoesAcessoUsuarioLogado: permissoesDoNivel(idioma, l.gestor ? 2 : 1),
      podeEscrever: l.gestor,
      permissoes: [],
      permissoesHerdadas: [],
      ultimaModificacao: new Date(0).toISOString(),
      dataCriacao: new Date(0).toISOString(),
      arquivo: null,
      tamanho: null,
      tipoMime: null,
      arquivoLink: null,
      arquivoMiniaturaLink: null,
      arquivoImagem: false,
      breadcrumb: [],
      encontradoEm: null,
      trecho: null,
    };
  }
  const row = await q.item(db, l, idPasta);
  if (!row || !row.isPasta) throw notFound(idioma);
  return itemView(row, idioma, linksDe(session.usuarioId));
}

const views = async (db: DbOrTx, l: Leitor, session: Session, ids: number[]) =>
  (await q.itensPorId(db, l, sql`select unnest(${arrayOf(ids)})`)).map((row) =>
    itemView(row, session.idioma, linksDe(session.usuarioId)),
  );

async function umItem(db: DbOrTx, l: Leitor, session: Session, id: number) {
  const row = await q.item(db, l, id);
  if (!row) throw notFound(session.idioma);
  return itemView(row, session.idioma, linksDe(session.usuarioId));
}

export const bibliotecaFeature: Feature = {
  typeDefs: readFileSync(new URL('./biblioteca.graphql', import.meta.url), 'utf8'),
  Query: {
    pasta: operation({
      policy: list,
      resolve: (args: { idPasta: unknown }, { db, session, idioma }) =>
        pastaDetalhe(db, leitorDe(session), session, parseInput(idPastaOuRaiz, args.idPasta, idioma)),
    }),
    itemsPorPasta: operation({
      policy: list,
      async resolve(
        args: { idPasta?: unknown; filterInput?: Record<string, unknown> | null },
        { db, session, idioma },
      ) {
        const input = parseInput(itensPorPastaSchema, { ...(args.filterInput ?? {}), idPasta: args.idPasta }, idioma);
        // The folder's breadcrumb, inherited permissions and the caller's level come with the page
        // (one statement): a folder the caller may not read is not found.
        const page = await q.itensDaPasta(db, leitorDe(session), input);
        if (input.idPasta !== null && !(page.pasta && page.pasta.nivel > 0)) throw notFound(idioma);
        const contexto = { breadcrumb: page.pasta?.breadcrumb ?? [], herdadas: [] };
        // Every item inherits the same permissions: made once, shared by the page's items.
        const herdadas = permissoesView(idioma, page.pasta?.herdadas ?? []);
        const links = linksDe(session.usuarioId);
        return {
          totalElements: page.totalElements,
          content: page.content.map((row) => ({
            ...itemView(row, idioma, links, contexto),
            permissoesHerdadas: herdadas,
          })),
        };
      },
    }),
    pastasComPermissaoEscrita: operation({
      policy: list,
      async resolve(args: unknown, { db, session, idioma }) {
        const { busca } = parseInput(pastasEscritaSchema, args, idioma);
        const page = await q.pastasComEscrita(db, leitorDe(session), busca, BIBLIOTECA_PASTAS_ESCRITA_MAX);
        return page.content.map((row) => itemView(row, idioma, linksDe(session.usuarioId)));
      },
    }),
    arquivo: operation({
      policy: list,
      async resolve(args: unknown, { db, session, idioma }) {
        const { idArquivo } = parseInput(z.object({ idArquivo: linkArquivoSchema.shape.idArquivo }), args, idioma);
        const rows = await q.itensPorId(
          db,
          leitorDe(session),
          sql`select id from biblioteca_itens where arquivo_id = ${idArquivo}`,
        );
        if (!rows[0]) throw notFound(idioma);
        return itemView(rows[0], idioma, linksDe(session.usuarioId)).arquivo;
      },
    }),
    linkDownloadByArquivo: operation({
      policy: list,
      async resolve(args: { idArquivo: unknown }, { db, session, idioma }) {
        const { idArquivo } = parseInput(linkArquivoSchema, { idArquivo: args.idArquivo }, idioma);
        return linkDe(db, session, await itemDoArquivo(db, idArquivo));
      },
    }),
    ultimosModificados: operation({
      policy: list,
      async resolve(args: unknown, { db, session, idioma }) {
        const { quantidade } = parseInput(ultimosModificadosSchema, args, idioma);
        const page = await q.ultimosModificados(db, leitorDe(session), { page: 0, rowsPerPage: quantidade });
        return page.content.map((row) => itemView(row, idioma, linksDe(session.usuarioId)));
      },
    }),
    ultimosModificadosExtendido: operation({
      policy: list,
      async resolve(args: { filterInput?: unknown }, { db, session, idioma }) {
        const input = parseInput(ultimosModificadosPageSchema, args.filterInput ?? {}, idioma);
        const page = await q.ultimosModificados(db, leitorDe(session), input);
        return { ...page, content: page.content.map((row) => itemView(row, idioma, linksDe(session.usuarioId))) };
      },
    }),
    buscaBibliotecaPage: operation({
      policy: list,
      async resolve(args: { filterInput?: unknown }, { db, session, idioma }) {
        const input = parseInput(buscaBibliotecaSchema, args.filterInput ?? {}, idioma);
        const page = await q.busca(db, leitorDe(session), input);
        return {
          ...page,
          content: page.content.map((row) => itemView(row, idioma, linksDe(session.usuarioId), { busca: input.busca })),
        };
      },
    }),
  },
  Mutation: {
    uploadArquivos: operation({
      policy: gerenciar,
      async resolve(args: unknown, { db, session, idioma }) {
        const input = parseInput(uploadArquivosSchema, args, idioma);
        const l = leitorDe(session);
        return views(db, l, session, await w.colocarArquivos(db, l, session, input));
      },
    }),
    criarNovaPasta: operation({
      policy: gerenciar,
      async resolve(args: { novaPasta: unknown }, { db, session, idioma }) {
        const l = leitorDe(session);
        const id = await w.criarPasta(db, l, session, parseInput(novaPastaSchema, args.novaPasta, idioma));
        return umItem(db, l, session, id);
      },
    }),
    concederAcesso: operation({
      policy: list,
      async resolve(args: { novasPermissoes: unknown }, { db, session, idioma }) {
        const l = leitorDe(session);
        const id = await w.concederAcesso(
          db,
          l,
          session,
          parseInput(novasPermissoesSchema, args.novasPermissoes, idioma),
        );
        return umItem(db, l, session, id);
      },
    }),
    excluirItemBiblioteca: operation({
      policy: list,
      resolve: (args: unknown, { db, session, idioma }) =>
        w.excluir(db, leitorDe(session), session, parseInput(itemAcaoSchema, args, idioma)),
    }),
    moverItemBiblioteca: operation({
      policy: list,
      async resolve(args: unknown, { db, session, idioma }) {
        const l = leitorDe(session);
        return umItem(db, l, session, await w.mover(db, l, session, parseInput(moverSchema, args, idioma)));
      },
    }),
    renomearItemBiblioteca: operation({
      policy: list,
      async resolve(args: unknown, { db, session, idioma }) {
        const l = leitorDe(session);
        return umItem(db, l, session, await w.renomear(db, l, session, parseInput(renomearSchema, args, idioma)));
      },
    }),
    gerarLinkDownloadByItemBiblioteca: operation({
      policy: list,
      resolve: (args: unknown, { db, session, idioma }) =>
        linkDe(db, session, parseInput(linkItemSchema, args, idioma).idItemBiblioteca),
    }),
    linkDownloadByArquivo: operation({
      policy: list,
      async resolve(args: unknown, { db, session, idioma }) {
        const { idArquivo, registrarDownload: registrar } = parseInput(linkArquivoSchema, args, idioma);
        return linkDe(db, session, await itemDoArquivo(db, idArquivo), registrar);
      },
    }),
  },
};
