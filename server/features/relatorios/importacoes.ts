import { sql, type SQL } from 'drizzle-orm';
import type { RelatorioFiltro } from '../../../domain/schemas/relatorio';
import { TIPO_PROVEDOR } from '../../../domain/enums';
import type { Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { usuariosDoFiltro } from './queries';

// The built-in imports-and-jobs report (IMPORTACOES, issue #31), in SQL: the user imports started
// in the period and the background-job runs requested in it, of authors in the caller's scope and
// the filters. Runs without an author (the schedules: inactivity, sweeps, syncs) are the
// platform's: provider staff see them, when no brand, group or dealer is asked for.

/** The newest imports listed (the totals count them all). */
const MAX_IMPORTACOES = 100;

export type ImportacaoLinha = {
  id: string;
  nomeArquivo: string;
  autor: string;
  criadoEm: string;
  status: string;
  total: number;
  criados: number;
  atualizados: number;
  recusados: number;
};

export type FilaLinha = {
  fila: string;
  execucoes: number;
  concluidas: number;
  falhas: number;
  emAndamento: number;
  taxaFalhas: number;
  /** Mean seconds from start to end of the finished runs; null when none finished. */
  duracaoMedia: number | null;
};

/** The author (`usuarios`, joined on it) is in the caller's scope and the filters. */
const doAutor = (session: Session, f: RelatorioFiltro, autorId: SQL) =>
  sql`exists (select 1 from usuarios where usuarios.id = ${autorId} and ${usuariosDoFiltro(session, f)})`;

const periodo = (coluna: SQL, f: RelatorioFiltro) =>
  sql`${coluna} >= ${f.inicio}::date and ${coluna} < ${f.fim}::date + 1`;

const n = (v: unknown) => Number(v ?? 0);

/** The imports the screen lists (the newest); the export takes every one of the period, up to its own bound. */
export async function importacoesRelatorio(
  db: DbOrTx,
  session: Session,
  f: RelatorioFiltro,
  listaMax: number = MAX_IMPORTACOES,
) {
  const importacoes = sql`select i.* from importacoes i
    where ${periodo(sql`i.created_at`, f)} and ${doAutor(session, f, sql`i.autor_id`)}`;
  const [totais] = (
    await db.execute<{
      importacoes: number;
      linhas: number;
      criados: number;
      atualizados: number;
      recusados: number;
    }>(sql`
      select count(*)::int as importacoes, coalesce(sum(i.total), 0)::int as linhas,
        coalesce(sum(i.criados), 0)::int as criados, coalesce(sum(i.atualizados), 0)::int as atualizados,
        coalesce(sum(i.erros), 0)::int as recusados
      from (${importacoes}) i`)
  ).rows;
  const { rows: lista } = await db.execute<ImportacaoLinha>(sql`
    select i.id, i.nome_arquivo as "nomeArquivo", u.nome as autor, i.created_at as "criadoEm", i.status,
      coalesce(i.total, 0) as total, i.criados, i.atualizados, i.erros as recusados
    from (${importacoes}) i join usuarios u on u.id = i.autor_id
    order by i.created_at desc, i.id desc limit ${listaMax}`);
  const semAutor =
    session.tipo === TIPO_PROVEDOR && !f.marcaId && !f.grupoId && !f.dealerId ? sql`j.autor_id is null` : sql`false`;
  const { rows: filas } = await db.execute<Omit<FilaLinha, 'taxaFalhas'>>(sql`
    select j.fila, count(*)::int as execucoes, count(*) filter (where j.status = 'CONCLUIDO')::int as concluidas,
      count(*) filter (where j.status = 'ERRO')::int as falhas,
      count(*) filter (where j.status in ('PENDENTE', 'EXECUTANDO'))::int as "emAndamento",
      (avg(extract(epoch from j.concluido_em - j.iniciado_em)) filter (where j.status = 'CONCLUIDO'))::float8
        as "duracaoMedia"
    from jobs j
    where ${periodo(sql`j.created_at`, f)} and (${semAutor} or ${doAutor(session, f, sql`j.autor_id`)})
    group by j.fila order by falhas desc, execucoes desc, j.fila`);
  return {
    importacoes: n(totais?.importacoes),
    linhas: n(totais?.linhas),
    criados: n(totais?.criados),
    atualizados: n(totais?.atualizados),
    recusados: n(totais?.recusados),
    lista: lista.map((r): ImportacaoLinha => ({
      id: String(r.id),
      nomeArquivo: r.nomeArquivo,
      autor: r.autor,
      criadoEm: new Date(r.criadoEm).toISOString(),
      status: r.status,
      total: n(r.total),
      criados: n(r.criados),
      atualizados: n(r.atualizados),
      recusados: n(r.recusados),
    })),
    filas: filas.map((r): FilaLinha => ({
      fila: r.fila,
      execucoes: n(r.execucoes),
      concluidas: n(r.concluidas),
      falhas: n(r.falhas),
      emAndamento: n(r.emAndamento),
      taxaFalhas: n(r.execucoes) === 0 ? 0 : n(r.falhas) / n(r.execucoes),
      duracaoMedia: r.duracaoMedia === null ? null : Math.round(Number(r.duracaoMedia) * 10) / 10,
    })),
  };
}
