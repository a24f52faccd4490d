import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { hasAccess, type AccessRule } from '../../../domain/access';
import type { FunctionKey, Idioma, TipoUsuario } from '../../../domain/enums';
import { policies } from '../../../domain/policies';
import {
  MAX_RELATORIOS,
  relatorioFiltroSchema,
  relatorioSchema,
  type RelatorioFiltro,
  type RelatorioInterno,
} from '../../../domain/schemas/relatorio';
import { translate } from '../../../i18n';
import type { Session } from '../../authz';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { relatorios } from '../../db/schema';
import { listExport } from '../../export';
import { forbidden, notFound, portalError } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation } from '../../graphql/operation';
import { fieldError } from '../../reference';
import { referenceFeature } from '../../reference/feature';
import { usoBiblioteca } from './biblioteca';
import { importacoesRelatorio, type FilaLinha, type ImportacaoLinha } from './importacoes';
import * as q from './queries';
import { assinarTokenRelatorio } from './token';

// Reports (issue #31): definitions kept by the provider's staff (an audited reference list), the
// menu's Reports entries, /relatorio/{slug} and the built-in reports' figures. Whoever may open a
// report is the definition's own access rule (spec section 6), checked by every operation that
// reads it, so a built-in report's figures are refused to whoever may not open it.

const TITULO: Record<Idioma, 'tituloPtBr' | 'tituloEs' | 'tituloEn'> = {
  PT_BR: 'tituloPtBr',
  ES: 'tituloEs',
  EN: 'tituloEn',
};

const regraDe = (r: q.RelatorioRow): AccessRule => ({
  funcionalidades: r.funcionalidades as FunctionKey[],
  tiposUsuario: r.tiposUsuario as TipoUsuario[],
});

/**
 * The definition of `slug` if the caller may open it (and, for a built-in report's figures, it is
 * that report): NOT_FOUND for an unknown slug or another kind, FORBIDDEN for a refused caller.
 */
async function abrir(db: DbOrTx, session: Session, slug: string, interno?: RelatorioInterno) {
  const def = await q.definicoes.bySlug(db, slug);
  if (!def || (interno && def.interno !== interno)) throw notFound(session.idioma);
  if (!hasAccess(session, regraDe(def))) throw forbidden(session.idioma);
  return def;
}

/** Titles compared as the caller's language sorts them (case and accents aside). */
const COLLATORS: Record<Idioma, Intl.Collator> = {
  PT_BR: new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true }),
  ES: new Intl.Collator('es', { sensitivity: 'base', numeric: true }),
  EN: new Intl.Collator('en', { sensitivity: 'base', numeric: true }),
};

/** The menu's Reports category: the reports the caller may open, by position then title. */
export async function menuRelatorios(db: DbOrTx, session: Session) {
  const titulo = TITULO[session.idioma];
  const defs = (await q.definicoes.list(db))
    .filter((def) => hasAccess(session, regraDe(def)))
    .sort((a, b) => a.posicao - b.posicao || COLLATORS[session.idioma].compare(a[titulo], b[titulo]));
  if (defs.length === 0) return null;
  return {
    id: 'relatorios',
    title: translate(session.idioma, 'menu.categories.relatorios'),
    items: defs.map((def) => ({
      id: `relatorio-${def.slug}`,
      path: `/relatorio/${def.slug}`,
      title: def[titulo],
    })),
  };
}

async function urlDoRelatorio(db: DbOrTx, session: Session, config: Config, def: q.RelatorioRow) {
  if (!def.url || !def.tokenAssinado) return def.url;
  const url = new URL(def.url);
  url.searchParams.set(
    'token',
    await assinarTokenRelatorio(config, url.origin, def.slug, session, await q.escopoDoUsuario(db, session.usuarioId)),
  );
  return url.toString();
}

// Any length up to a bound: a slug longer than a definition's can be is simply not found (the 404 page).
const slugSchema = z.object({ slug: z.string().trim().min(1).max(1000) });
const filtroArgs = z.object({ filtro: relatorioFiltroSchema });

async function alcance(db: DbOrTx, session: Session, filtro: RelatorioFiltro, dealersMax?: number) {
  await abrir(db, session, filtro.slug, 'ALCANCE_COMUNICADOS');
  return q.alcance(db, session, filtro, dealersMax);
}

async function usuarios(db: DbOrTx, session: Session, filtro: RelatorioFiltro) {
  await abrir(db, session, filtro.slug, 'USUARIOS');
  return q.usuariosRelatorio(db, session, filtro);
}

async function biblioteca(db: DbOrTx, session: Session, filtro: RelatorioFiltro) {
  await abrir(db, session, filtro.slug, 'USO_BIBLIOTECA');
  return usoBiblioteca(db, session, filtro);
}

async function importacoes(db: DbOrTx, session: Session, filtro: RelatorioFiltro, listaMax?: number) {
  await abrir(db, session, filtro.slug, 'IMPORTACOES');
  return importacoesRelatorio(db, session, filtro, listaMax);
}

/** The imports an export lists at most (a period holds tens to hundreds; the screen shows 100). */
const IMPORTACOES_EXPORT_MAX = 10_000;

/**
 * The requests (their GraphQL contexts) that asked for a built-in report already: one per request,
 * as the screens ask. Each reads up to a year of the network's figures; 15 aliases of it in one
 * request would be 15 reports at once, which the cost limit (fields, not work) lets through.
 */
const comRelatorio = new WeakSet<object>();

/** A built-in report's figures: the filters parsed, the definition's rule checked, then `read`. */
const figuras = <T>(read: (db: DbOrTx, session: Session, filtro: RelatorioFiltro) => Promise<T>) =>
  operation({
    policy: policies.relatorios.open,
    resolve(args: unknown, ctx) {
      const { db, session } = ctx;
      if (comRelatorio.has(ctx)) throw portalError(session.idioma, 'BAD_USER_INPUT', 'errors.limits.relatorios');
      comRelatorio.add(ctx);
      const { filtro } = parseInput(filtroArgs, args, session.idioma);
      return read(db, session, filtro);
    },
  });

export const relatoriosFeature = referenceFeature({
  name: 'relatorios',
  record: 'Relatorio',
  arg: 'relatorio',
  policies: policies.relatorios,
  typeDefs: readFileSync(new URL('./relatorios.graphql', import.meta.url), 'utf8'),
  save: {
    tipo: 'RELATORIO',
    table: relatorios,
    schema: relatorioSchema,
    find: q.definicoes.find,
    insert: q.definicoes.insert,
    update: q.definicoes.update,
    async check(db, input, idioma, { config }) {
      if (!input.id && (await q.definicoes.total(db)) >= MAX_RELATORIOS) {
        throw fieldError(idioma, 'slug', 'relatorios.errors.limite');
      }
      if (input.url && !config.reportFrameOrigins.includes(new URL(input.url).origin)) {
        throw fieldError(idioma, 'url', 'relatorios.errors.origem');
      }
      if (input.tokenAssinado && !config.reportTokenSecret) {
        throw fieldError(idioma, 'tokenAssinado', 'relatorios.errors.semSegredo');
      }
    },
    uniqueName: { field: 'slug', taken: q.definicoes.nameTaken, message: 'relatorios.errors.slugEmUso' },
  },
  remove: q.definicoes.remove,
  export: {
    read: (db) => q.definicoes.list(db),
    columns: {
      slug: { header: 'relatorios.fields.slug', value: (r) => r.slug },
      tituloPtBr: { header: 'relatorios.fields.tituloPtBr', value: (r) => r.tituloPtBr },
      tipo: { header: 'relatorios.fields.tipo', value: (r) => r.tipo },
      posicao: { header: 'relatorios.fields.posicao', value: (r) => r.posicao },
    },
  },
  Query: {
    relatorioAberto: operation({
      policy: policies.relatorios.open,
      async resolve(args: unknown, { db, session, config }) {
        const { slug } = parseInput(slugSchema, args, session.idioma);
        const def = await abrir(db, session, slug);
        return {
          slug: def.slug,
          titulo: def[TITULO[session.idioma]],
          tipo: def.tipo,
          interno: def.interno,
          url: await urlDoRelatorio(db, session, config, def),
          opcoes: def.interno ? await q.opcoesDosFiltros(db, session) : null,
        };
      },
    }),
    relatorioUsuarios: figuras(usuarios),
    relatorioAlcance: figuras(alcance),
    relatorioBiblioteca: figuras(biblioteca),
    relatorioImportacoes: figuras(importacoes),
  },
});

/** A report's export names its period: `alcance-comunicados_2026-11-01_2026-11-30.csv`. */
const periodoDoArquivo = (f: { inicio: string; fim: string }) => `${f.inicio}_${f.fim}`;

/**
 * GET /api/exportar/relatorioAlcance: the reach report's rows as the screen shows them, the totals
 * first, then every brand, group and dealer.
 */
relatoriosFeature.exports!.relatorioAlcance = listExport({
  policy: policies.relatorios.open,
  filterSchema: relatorioFiltroSchema,
  fileSuffix: periodoDoArquivo,
  async rows(db, session, filtro) {
    const { marcas, grupos, dealers, ...totais } = await alcance(db, session, filtro, Number.MAX_SAFE_INTEGER);
    const total = { ...totais, id: '', nivel: 'TOTAL', nome: '' } as const;
    return [total, ...marcas, ...grupos, ...dealers].map((linha) => ({
      ...linha,
      nivel: translate(session.idioma, `relatorios.alcance.niveis.${linha.nivel}`),
    }));
  },
  columns: [
    { header: 'relatorios.alcance.nivel', value: (r: Omit<q.LinhaAlcance, 'nivel'> & { nivel: string }) => r.nivel },
    { header: 'relatorios.alcance.nome', value: (r) => r.nome },
    { header: 'relatorios.alcance.comunicados', value: (r) => r.comunicados },
    { header: 'relatorios.alcance.destinatarios', value: (r) => r.destinatarios },
    { header: 'relatorios.alcance.lidos', value: (r) => r.lidos },
    { header: 'relatorios.alcance.taxaLeitura', value: (r) => Math.round(r.taxaLeitura * 1000) / 10 },
    { header: 'relatorios.alcance.pedemConfirmacao', value: (r) => r.pedemConfirmacao },
    { header: 'relatorios.alcance.confirmados', value: (r) => r.confirmados },
    { header: 'relatorios.alcance.taxaConfirmacao', value: (r) => Math.round(r.taxaConfirmacao * 1000) / 10 },
  ],
  fileName: 'relatorios.alcance.arquivo',
});

/**
 * GET /api/exportar/relatorioUsuarios: users by status, the totals first, then each user type and
 * each brand; then, as on the screen, each week of the period: who used the portal and their sign-ins.
 */
relatoriosFeature.exports!.relatorioUsuarios = listExport({
  policy: policies.relatorios.open,
  filterSchema: relatorioFiltroSchema,
  fileSuffix: periodoDoArquivo,
  async rows(db, session, filtro): Promise<LinhaExportUsuarios[]> {
    const r = await usuarios(db, session, filtro);
    const porStatus = [
      { ...r, nivel: 'TOTAL', nome: '' },
      ...r.porTipo.map((linha) => ({ ...linha, nome: translate(session.idioma, `tiposUsuario.${linha.nome}`) })),
      ...r.porMarca,
    ].map((linha) => ({ ...linha, nivel: translate(session.idioma, `relatorios.usuarios.niveis.${linha.nivel}`) }));
    return [
      ...porStatus,
      // The week's Monday as its name.
      ...r.semanas.map((s) => ({
        nivel: translate(session.idioma, 'relatorios.usuarios.secoes.SEMANAS'),
        nome: s.semana,
        usaram: s.usuarios,
        acessos: s.acessos,
      })),
    ];
  },
  columns: [
    { header: 'relatorios.alcance.nivel', value: (r: LinhaExportUsuarios) => r.nivel },
    { header: 'relatorios.alcance.nome', value: (r) => r.nome },
    { header: 'relatorios.usuarios.total', value: (r) => r.total },
    { header: 'relatorios.usuarios.status.ATIVO', value: (r) => r.ativos },
    { header: 'relatorios.usuarios.status.INATIVO', value: (r) => r.inativos },
    { header: 'relatorios.usuarios.status.DORMENTE', value: (r) => r.dormentes },
    { header: 'relatorios.usuarios.status.ATIVACAO_ESPECIAL', value: (r) => r.ativacaoEspecial },
    { header: 'relatorios.usuarios.usaram', value: (r) => r.usaram },
    { header: 'relatorios.usuarios.acessos', value: (r) => r.acessos },
  ],
  fileName: 'relatorios.usuarios.arquivo',
});

/** A row of the users export: a row by status, or a week's use. */
type LinhaExportUsuarios = { nivel: string; nome: string } & Partial<
  Omit<q.LinhaUsuarios, 'nivel' | 'nome'> & { usaram: number; acessos: number }
>;

/**
 * GET /api/exportar/relatorioBiblioteca: the totals, files and downloads by top folder, then the most
 * and least downloaded files, then each week's downloads (and how many users downloaded).
 */
relatoriosFeature.exports!.relatorioBiblioteca = listExport({
  policy: policies.relatorios.open,
  filterSchema: relatorioFiltroSchema,
  fileSuffix: periodoDoArquivo,
  async rows(db, session, filtro): Promise<LinhaExportBiblioteca[]> {
    const r = await biblioteca(db, session, filtro);
    const nivel = (chave: string) => translate(session.idioma, `relatorios.biblioteca.secoes.${chave}`);
    return [
      // The totals first, as the screen's figures (and the other reports' files).
      {
        secao: translate(session.idioma, 'relatorios.usuarios.niveis.TOTAL'),
        nome: '',
        pasta: '',
        arquivos: r.arquivos,
        bytes: r.bytes,
        downloads: r.downloads,
        usuarios: r.usuarios,
      },
      ...r.pastas.map((p) => ({ secao: nivel('PASTAS'), pasta: '', ...p })),
      ...r.maisBaixados.map((a) => ({ secao: nivel('MAIS'), arquivos: null, bytes: null, ...a })),
      ...r.menosBaixados.map((a) => ({ secao: nivel('MENOS'), arquivos: null, bytes: null, ...a })),
      // The week's Monday as its name.
      ...r.semanas.map((w) => ({
        secao: nivel('SEMANAS'),
        nome: w.semana,
        pasta: '',
        ...w,
        arquivos: null,
        bytes: null,
      })),
    ];
  },
  columns: [
    {
      header: 'relatorios.alcance.nivel',
      value: (r: LinhaExportBiblioteca) => r.secao,
    },
    { header: 'relatorios.alcance.nome', value: (r) => r.nome },
    { header: 'relatorios.biblioteca.pasta', value: (r) => r.pasta },
    { header: 'relatorios.biblioteca.arquivos', value: (r) => r.arquivos },
    { header: 'relatorios.biblioteca.bytes', value: (r) => r.bytes },
    { header: 'relatorios.biblioteca.downloads', value: (r) => r.downloads },
    { header: 'relatorios.biblioteca.usuarios', value: (r) => r.usuarios },
  ],
  fileName: 'relatorios.biblioteca.arquivo',
});

/** A row of the library export: a top folder, a file (most or least downloaded) or a week. */
type LinhaExportBiblioteca = {
  secao: string;
  nome: string;
  pasta: string;
  arquivos: number | null;
  bytes: number | null;
  downloads: number;
  /** A week's: how many users downloaded. */
  usuarios?: number;
};

/**
 * GET /api/exportar/relatorioImportacoes: the totals, the period's imports (newest first, every one:
 * the screen lists the newest 100), then job runs by queue.
 */
relatoriosFeature.exports!.relatorioImportacoes = listExport({
  policy: policies.relatorios.open,
  filterSchema: relatorioFiltroSchema,
  fileSuffix: periodoDoArquivo,
  async rows(db, session, filtro) {
    const r = await importacoes(db, session, filtro, IMPORTACOES_EXPORT_MAX);
    const secao = (chave: string) => translate(session.idioma, `relatorios.importacoes.secoes.${chave}`);
    return [
      // The totals first, as the screen's figures (and the other reports' files).
      {
        secao: translate(session.idioma, 'relatorios.usuarios.niveis.TOTAL'),
        nome: '',
        importacoes: r.importacoes,
        total: r.linhas,
        criados: r.criados,
        atualizados: r.atualizados,
        recusados: r.recusados,
      },
      ...r.lista.map((i): LinhaExportImportacoes => ({
        ...i,
        secao: secao('IMPORTACOES'),
        nome: i.nomeArquivo,
        status: translate(session.idioma, `importarUsuarios.pagina.status.${i.status}`),
      })),
      ...r.filas.map((f): LinhaExportImportacoes => ({
        ...f,
        secao: secao('FILAS'),
        nome: translate(session.idioma, `relatorios.importacoes.filas.${f.fila}`, { _: f.fila }),
        taxaFalhas: Math.round(f.taxaFalhas * 1000) / 10,
      })),
    ];
  },
  columns: [
    { header: 'relatorios.alcance.nivel', value: (r: LinhaExportImportacoes) => r.secao },
    { header: 'relatorios.alcance.nome', value: (r) => r.nome },
    { header: 'relatorios.importacoes.importacoes', value: (r) => r.importacoes },
    { header: 'relatorios.importacoes.autor', value: (r) => r.autor },
    { header: 'relatorios.importacoes.criadoEm', value: (r) => r.criadoEm },
    { header: 'relatorios.importacoes.status', value: (r) => r.status },
    { header: 'relatorios.importacoes.linhas', value: (r) => r.total },
    { header: 'relatorios.importacoes.criados', value: (r) => r.criados },
    { header: 'relatorios.importacoes.atualizados', value: (r) => r.atualizados },
    { header: 'relatorios.importacoes.recusados', value: (r) => r.recusados },
    { header: 'relatorios.importacoes.execucoes', value: (r) => r.execucoes },
    { header: 'relatorios.importacoes.concluidas', value: (r) => r.concluidas },
    { header: 'relatorios.importacoes.falhas', value: (r) => r.falhas },
    { header: 'relatorios.importacoes.emAndamento', value: (r) => r.emAndamento },
    { header: 'relatorios.importacoes.taxaFalhas', value: (r) => r.taxaFalhas },
    { header: 'relatorios.importacoes.duracaoMedia', value: (r) => r.duracaoMedia },
  ],
  fileName: 'relatorios.importacoes.arquivo',
});

/** A row of the imports export: the totals, an import, or a queue's job runs (its failure rate in %). */
type LinhaExportImportacoes = { secao: string; nome: string; importacoes?: number } & Partial<
  Omit<ImportacaoLinha, 'nomeArquivo'> & Omit<FilaLinha, 'fila'>
>;
