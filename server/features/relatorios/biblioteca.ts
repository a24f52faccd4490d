import { sql, type SQL } from 'drizzle-orm';
import type { RelatorioFiltro } from '../../../domain/schemas/relatorio';
import type { Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { legiveis, leitorDe } from '../biblioteca';
import { semanasDoPeriodo, usuariosDoFiltro } from './queries';

// The built-in library-usage report (USO_BIBLIOTECA, issue #31), in SQL. The library has no brands:
// its part of the report is what the caller reads (the library's own rule, `legiveis`: provider
// staff read everything, a manufacturer's manager its brands' part), and its downloads are those of the users in the caller's scope and the
// filters (counted by `registrarDownload`, table biblioteca_downloads) in the period.

/** Folders (top of each part the caller reads), and the most and least downloaded files, at most. */
const MAX_PASTAS = 100;
const MAX_ARQUIVOS = 10;

export type PastaUso = {
  id: string;
  nome: string;
  arquivos: number;
  bytes: number;
  downloads: number;
};

export type ArquivoUso = {
  id: string;
  nome: string;
  pasta: string;
  downloads: number;
};

/**
 * The CTEs (after `with recursive`) every figure starts from: `raizes` (the highest folders the
 * caller reads: a folder read whose parent is not; for provider staff, the root's folders), `arvore`
 * (every folder under them, with its top), `arquivos_lidos` (their files, with size and top) and
 * `baixados` (the period's counted downloads of those files by the users of the filters).
 */
function base(session: Session, f: RelatorioFiltro): SQL {
  return sql`${legiveis(leitorDe(session))},
    raizes as materialized (select i.id, i.nome from legiveis lg join biblioteca_itens i on i.id = lg.id
      where i.pasta_pai_id is null or i.pasta_pai_id not in (select id from legiveis)),
    arvore(id, raiz_id) as (select id, id from raizes
      union all
      select c.id, a.raiz_id from arvore a join biblioteca_itens c on c.pasta_pai_id = a.id and c.is_pasta),
    arquivos_lidos as materialized (select f.id, f.nome, f.pasta_pai_id, f.created_at, a.raiz_id, arq.tamanho
      from arvore a join biblioteca_itens f on f.pasta_pai_id = a.id and not f.is_pasta
      join arquivos arq on arq.id = f.arquivo_id),
    baixados as materialized (select d.item_id, d.usuario_id, d.created_at from biblioteca_downloads d
      join usuarios on usuarios.id = d.usuario_id
      where d.created_at >= ${f.inicio}::date and d.created_at < ${f.fim}::date + 1
        and d.item_id in (select id from arquivos_lidos) and ${usuariosDoFiltro(session, f)})`;
}

const numero = (v: unknown) => Number(v ?? 0);

/**
 * Library usage: files and storage the caller reads (in all, and by top folder with the period's
 * downloads), downloads per week (and how many users downloaded), and the most downloaded files and
 * the least (never downloaded in the period first, the oldest first among them). One statement:
 * the tree, the files and their download counts are computed once.
 */
export async function usoBiblioteca(db: DbOrTx, session: Session, f: RelatorioFiltro) {
  const arquivos = (onde: SQL, ordem: (de: SQL) => SQL) => sql`(select
      coalesce(json_agg(x order by ${ordem(sql`x`)}, x.id), '[]')
    from (select a.id, a.nome, p.nome as pasta, a.downloads, a.created_at
      from por_arquivo a join biblioteca_itens p on p.id = a.pasta_pai_id
      where ${onde} order by ${ordem(sql`a`)}, a.id limit ${MAX_ARQUIVOS}) x)`;
  const { rows } = await db.execute<{
    arquivos: number;
    bytes: number;
    downloads: number;
    usuarios: number;
    pastas: PastaUso[];
    semanas: { semana: string; downloads: number; usuarios: number }[];
    mais: ArquivoUso[];
    menos: ArquivoUso[];
  }>(sql`with recursive ${base(session, f)},
      por_arquivo as materialized (select a.*, coalesce(b.n, 0)::int as downloads from arquivos_lidos a
        left join (select item_id, count(*) as n from baixados group by item_id) b on b.item_id = a.id)
    select (select count(*) from por_arquivo)::int as arquivos,
      (select coalesce(sum(tamanho), 0) from por_arquivo)::float8 as bytes,
      (select count(*) from baixados)::int as downloads,
      (select count(distinct usuario_id) from baixados)::int as usuarios,
      (select coalesce(json_agg(p order by p.downloads desc, p.bytes desc, fold(p.nome), p.id), '[]')
        from (select r.id, r.nome, count(a.id)::int as arquivos, coalesce(sum(a.tamanho), 0)::float8 as bytes,
            coalesce(sum(a.downloads), 0)::int as downloads
          from raizes r left join por_arquivo a on a.raiz_id = r.id
          group by r.id, r.nome order by downloads desc, bytes desc, fold(r.nome), r.id limit ${MAX_PASTAS}) p) as pastas,
      (select coalesce(json_agg(s order by s.semana), '[]')
        from (select to_char(w.semana, 'YYYY-MM-DD') as semana, count(b.created_at)::int as downloads,
            count(distinct b.usuario_id)::int as usuarios
          from ${semanasDoPeriodo(f)} left join baixados b on date_trunc('week', b.created_at)::date = w.semana
          group by w.semana) s) as semanas,
      ${arquivos(sql`a.downloads > 0`, (de) => sql`${de}.downloads desc, fold(${de}.nome)`)} as mais,
      ${arquivos(sql`true`, (de) => sql`${de}.downloads asc, ${de}.created_at asc`)} as menos`);
  const r = rows[0]!;
  const arquivo = (a: ArquivoUso): ArquivoUso => ({
    id: String(a.id),
    nome: a.nome,
    pasta: a.pasta,
    downloads: numero(a.downloads),
  });
  return {
    arquivos: numero(r.arquivos),
    bytes: numero(r.bytes),
    downloads: numero(r.downloads),
    usuarios: numero(r.usuarios),
    pastas: r.pastas.map((p) => ({
      id: String(p.id),
      nome: p.nome,
      arquivos: numero(p.arquivos),
      bytes: numero(p.bytes),
      downloads: numero(p.downloads),
    })),
    semanas: r.semanas.map((s) => ({ semana: s.semana, downloads: numero(s.downloads), usuarios: numero(s.usuarios) })),
    maisBaixados: r.mais.map(arquivo),
    menosBaixados: r.menos.map(arquivo),
  };
}
