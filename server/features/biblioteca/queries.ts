import { sql, type SQL } from 'drizzle-orm';
import type { BuscaBibliotecaValues, ItensPorPastaValues } from '../../../domain/schemas/biblioteca';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../db/lists';
import { consultaBusca, consultaTrecho, trechoBusca } from '../../db/schema/buscaTexto';
import {
  cadeia,
  concede,
  doPai,
  legiveis,
  nivelDoItem,
  nivelNaPasta,
  nivelPorLegiveis,
  niveisDasPastas,
  visivelNaPasta,
  type Leitor,
} from './acesso';

// The library's reads (issue #29): each list is ONE statement that computes the caller's level on
// every item with the rows (acesso.ts), keeps the readable ones, counts them exactly and reads the
// page's columns for the page's rows only.

export interface PermissaoRow {
  pastaId: number;
  grupoId: number;
  nome: string;
  favorito: boolean;
  permissao: 'LEITURA' | 'LEITURA_ESCRITA';
}

export type ItemRow = {
  id: number;
  version: number;
  nome: string;
  isPasta: boolean;
  isPublico: boolean;
  nivel: number;
  pastaPaiId: number | null;
  pastaPai: { id: string; nome: string } | null;
  proprietario: { id: string; nome: string; email: string; tipo: string };
  ultimaModificacao: string;
  dataCriacao: string;
  arquivo: { id: string; nome: string; tamanho: number; tipoMime: string; chave: string } | null;
  miniaturaChave: string | null;
  permissoes: PermissaoRow[];
  herdadas: PermissaoRow[] | null;
  breadcrumb: { id: string; nome: string }[] | null;
  nomeBate?: boolean;
  conteudoBate?: boolean;
  trecho?: string | null;
};

/** The permissions of the folders `condicao` picks (on `p.pasta_id`), as JSON, groups by name. */
const permissoesJson = (usuarioId: number, condicao: SQL) => sql`(select coalesce(json_agg(json_build_object(
    'pastaId', p.pasta_id, 'grupoId', g.id, 'nome', g.nome, 'permissao', p.permissao,
    'favorito', exists (select 1 from grupo_usuarios_favoritos f where f.grupo_usuarios_id = g.id and f.usuario_id = ${usuarioId})
  ) order by fold(g.nome), g.id, p.pasta_id), '[]'::json)
  from biblioteca_permissoes p join grupos_usuarios g on g.id = p.grupo_usuarios_id where ${condicao})`;

type Modo = 'pasta' | 'avulso';

/**
 * The page's columns over `lista` (id, nivel, ...) joined to the item. 'avulso' (items from
 * anywhere: search, latest, one item) reads each row's breadcrumb and inherited permissions walking
 * up from it; 'pasta' (a folder's children) leaves them to the folder's detail, the same for all.
 */
function colunas(l: Leitor, modo: Modo, extra?: SQL): { colunas: SQL; joins: SQL } {
  const avulso = modo === 'avulso';
  return {
    colunas: sql`i.id, i.version, i.nome, i.is_pasta as "isPasta", i.publico as "isPublico", lista.nivel,
      i.pasta_pai_id as "pastaPaiId",
      case when pai.id is null ${avulso ? sql`or not acima.pai_visto` : sql``} then null
        else json_build_object('id', pai.id::text, 'nome', pai.nome) end as "pastaPai",
      json_build_object('id', u.id::text, 'nome', u.nome, 'email', u.email, 'tipo', u.tipo) as proprietario,
      to_json(i.updated_at) #>> '{}' as "ultimaModificacao", to_json(i.created_at) #>> '{}' as "dataCriacao",
      case when a.id is null then null else json_build_object('id', a.id::text, 'nome', a.nome, 'tamanho', a.tamanho,
        'tipoMime', a.tipo_mime, 'chave', a.chave) end as arquivo,
      c.miniatura_chave as "miniaturaChave",
      -- Only folders have permissions of their own.
      case when i.is_pasta then ${permissoesJson(l.usuarioId, sql`p.pasta_id = i.id`)} else '[]'::json end as permissoes,
      ${avulso ? sql`acima.breadcrumb` : sql`null::json`} as breadcrumb,
      ${avulso ? permissoesJson(l.usuarioId, sql`p.pasta_id = any(acima.ids)`) : sql`null::json`} as herdadas
      ${extra ? sql`, ${extra}` : sql``}`,
    joins: sql`join biblioteca_itens i on i.id = lista.id
      left join biblioteca_itens pai on pai.id = i.pasta_pai_id
      join usuarios u on u.id = i.proprietario_id
      left join arquivos a on a.id = i.arquivo_id
      left join biblioteca_conteudos c on c.arquivo_id = i.arquivo_id
      ${
        avulso
          ? sql`left join lateral (with recursive up(id, nome, pasta_pai_id, n, concede) as (
              select q.id, q.nome, q.pasta_pai_id, 0, ${concede(l, 'q')} from biblioteca_itens q where q.id = i.pasta_pai_id
              union all
              select q.id, q.nome, q.pasta_pai_id, up.n + 1, ${concede(l, 'q')} from up join biblioteca_itens q on q.id = up.pasta_pai_id),
            -- The folders above it the caller sees (acesso.ts concede): up to the highest that gives a level.
            visto as (select up.*, up.n <= (select max(u.n) from up u where u.concede) as visto from up)
            select coalesce(json_agg(json_build_object('id', v.id::text, 'nome', v.nome) order by v.n desc)
                filter (where v.visto), '[]'::json) as breadcrumb,
              coalesce(array_agg(v.id) filter (where v.visto), '{}') as ids,
              coalesce(bool_or(v.visto and v.n = 0), false) as pai_visto from visto v) acima on true`
          : sql``
      }`,
  };
}

interface Pagina {
  page: number;
  rowsPerPage: number;
}

/**
 * One page and the exact total in one statement: `ctes` (recursive ones allowed) and the narrow
 * `lista` (id, nivel and the sort's columns, readable rows only) computed once, the page's columns
 * for its rows only (lists.ts onePassStatement, with the permission CTEs in front).
 */
async function pagina(
  db: DbOrTx,
  l: Leitor,
  { ctes, lista, order, modo, extra }: { ctes: SQL; lista: SQL; order: SQL; modo: Modo; extra?: SQL },
  { page, rowsPerPage }: Pagina,
) {
  const { colunas: cols, joins } = colunas(l, modo, extra);
  const { rows } = await db.execute<ItemRow & { __total: number | string; __ordem: number | null }>(sql`
    with recursive ${ctes}, lista as materialized (${lista})
    select total.n as "__total", pagina.* from (select count(*) as n from lista) total
    left join (
      select row_number() over (order by ${order}) as "__ordem", ${cols}
      from (select * from lista order by ${order} limit ${rowsPerPage} offset ${page * rowsPerPage}) lista ${joins}
    ) pagina on true
    order by pagina."__ordem"`);
  const totalElements = Number(rows[0]?.__total ?? 0);
  const content = rows
    .filter((row) => row.__ordem !== null)
    .map(({ __total: _t, __ordem: _o, ...row }) => row as ItemRow);
  return { content, totalElements };
}

/** Items by id, with the caller's level on each (walking up from it), readable ones only. */
export async function itensPorId(db: DbOrTx, l: Leitor, ids: SQL): Promise<ItemRow[]> {
  const { colunas: cols, joins } = colunas(l, 'avulso');
  const { rows } = await db.execute<ItemRow>(sql`select ${cols} from (
      select x.id, ${nivelDoItem(l, sql`x.id`)} as nivel from biblioteca_itens x where x.id in (${ids})
    ) lista ${joins} where lista.nivel > 0 order by fold(i.nome), i.id`);
  return rows;
}

export async function item(db: DbOrTx, l: Leitor, id: number): Promise<ItemRow | undefined> {
  return (await itensPorId(db, l, sql`select ${id}::int`))[0];
}

const ORDEM: Record<NonNullable<ItensPorPastaValues['sort']>['field'], SQL> = {
  nome: sql`fold(i.nome)`,
  ultimaModificacao: sql`i.updated_at`,
  dataCriacao: sql`i.created_at`,
  tamanho: sql`(select a.tamanho from arquivos a where a.id = i.arquivo_id)`,
};

/** What a folder's listing says of the folder itself (null for the root). */
export interface PastaDaListagem {
  /** The caller's level on the folder (0: the folder is not theirs to list, or does not exist). */
  nivel: number;
  /** From the root down to the folder itself. */
  breadcrumb: { id: string; nome: string }[];
  /** The permissions of the folders above it, then its own (what every item inside inherits). */
  herdadas: PermissaoRow[];
}

/**
 * A folder's readable children (null: the root's), folders first, one page and the exact total,
 * with what the folder's detail would say of it (breadcrumb, inherited permissions, the caller's
 * level), in one statement. Inside a folder the caller reads, every child is readable: the count is
 * then a count of the folder's rows, and the page is read in order from the index
 * `biblioteca_itens_pasta_pai` (parent, is folder, folded name, id), folders and files each their
 * own range scanned forwards or backwards, stopping at the page's end; the level is computed for
 * the page's rows only.
 */
export async function itensDaPasta(
  db: DbOrTx,
  l: Leitor,
  input: ItensPorPastaValues,
): Promise<{ content: ItemRow[]; totalElements: number; pasta: PastaDaListagem | null }> {
  const { idPasta, sort, page, rowsPerPage } = input;
  const dir = sql.raw(sort?.order === 'DESC' ? 'desc' : 'asc');
  const nulos = sql.raw(sort?.field === 'tamanho' ? 'nulls last' : '');
  const campo = ORDEM[sort?.field ?? 'nome'];
  const ate = (page + 1) * rowsPerPage;
  const ramo = (pastas: boolean) => sql`(select i.id, i.is_pasta, i.proprietario_id, i.pasta_pai_id, ${campo} as campo
    from biblioteca_itens i where ${doPai(idPasta)} and ${pastas ? sql`i.is_pasta` : sql`not i.is_pasta`}
      and ${visivelNaPasta(l)}
    order by ${campo} ${dir} ${nulos}, i.id ${dir} limit ${ate})`;
  const order = sql`lista.is_pasta desc, lista.campo ${dir} ${nulos}, lista.id ${dir}`;
  const { colunas: cols, joins } = colunas(l, 'pasta');
  // The folders of the chain the caller sees (acesso.ts concede): up to the highest that gives a level.
  const vistaNaCadeia = sql`c.profundidade <= (select max(v.profundidade) from cadeia v where ${concede(l, 'v', true)})`;
  const detalhe =
    idPasta === null
      ? sql`null::json as breadcrumb, null::json as acima, null::json as proprias`
      : sql`(select json_agg(json_build_object('id', c.id::text, 'nome', c.nome) order by c.profundidade desc)
          from cadeia c where ${vistaNaCadeia}) as breadcrumb,
      ${permissoesJson(l.usuarioId, sql`p.pasta_id in (select c.id from cadeia c where c.profundidade > 0 and ${vistaNaCadeia})`)} as acima,
      ${permissoesJson(l.usuarioId, sql`p.pasta_id = ${idPasta}`)} as proprias`;
  const { rows } = await db.execute<
    ItemRow & {
      __total: number | string;
      __ordem: number | null;
      __nivel: number;
      __existe: boolean;
      __breadcrumb: PastaDaListagem['breadcrumb'] | null;
      __acima: PermissaoRow[] | null;
      __proprias: PermissaoRow[] | null;
    }
  >(sql`
    with recursive ${cadeia(l, idPasta)}
    select total.n as "__total", total.nivel as "__nivel", total.existe as "__existe",
      case when coalesce(pagina."__ordem", 1) = 1 then total.breadcrumb end as "__breadcrumb",
      case when coalesce(pagina."__ordem", 1) = 1 then total.acima end as "__acima",
      case when coalesce(pagina."__ordem", 1) = 1 then total.proprias end as "__proprias",
      pagina.*
    from (select (select count(*) from biblioteca_itens i where ${doPai(idPasta)} and ${visivelNaPasta(l)}) as n,
        (select nivel from nivel_cadeia) as nivel, exists (select 1 from cadeia) as existe, ${detalhe}) total
    left join (
      select row_number() over (order by ${order}) as "__ordem", ${cols}
      from (select lista.*, ${nivelNaPasta(l, 'lista')} as nivel from (
          select * from (${ramo(true)} union all ${ramo(false)}) lista
          order by ${order} limit ${rowsPerPage} offset ${page * rowsPerPage}) lista) lista ${joins}
    ) pagina on true
    order by pagina."__ordem"`);
  const primeira = rows[0];
  const pasta =
    idPasta === null || !primeira
      ? null
      : {
          nivel: primeira.__existe ? Number(primeira.__nivel) : 0,
          breadcrumb: primeira.__breadcrumb ?? [],
          herdadas: [...(primeira.__acima ?? []), ...(primeira.__proprias ?? [])],
        };
  const content = rows
    .filter((row) => row.__ordem !== null)
    .map(
      ({
        __total: _t,
        __ordem: _o,
        __nivel: _n,
        __existe: _e,
        __breadcrumb: _b,
        __acima: _a,
        __proprias: _p,
        ...row
      }) => row as ItemRow,
    );
  return { content, totalElements: Number(primeira?.__total ?? 0), pasta };
}

/** The latest modified files the caller may read, newest first. */
export function ultimosModificados(db: DbOrTx, l: Leitor, input: Pagina) {
  return pagina(
    db,
    l,
    {
      ctes: legiveis(l),
      lista: sql`select * from (select i.id, ${nivelPorLegiveis(l)} as nivel, i.updated_at from biblioteca_itens i
        where not i.is_pasta offset 0) x where x.nivel > 0`,
      order: sql`lista.updated_at desc, lista.id desc`,
      modo: 'avulso',
    },
    input,
  );
}

/** Folders the caller may write into, by name (the move and upload dialogs). */
export async function pastasComEscrita(db: DbOrTx, l: Leitor, busca: string | null | undefined, max: number) {
  const filtro = busca ? sql`and fold(i.nome) like fold(${containsPattern(busca)})` : sql``;
  return pagina(
    db,
    l,
    {
      ctes: legiveis(l),
      lista: sql`select i.id, lg.nivel, fold(i.nome) as ordem_nome from legiveis lg
        join biblioteca_itens i on i.id = lg.id where lg.nivel = 2 ${filtro}`,
      order: sql`lista.ordem_nome, lista.id`,
      modo: 'avulso',
    },
    { page: 0, rowsPerPage: max },
  );
}

/** A search match's item columns (`i`): what the level and the order need. */
const ITEM_BUSCA = sql`i.id, i.proprietario_id, i.pasta_pai_id, i.nome,
  case when i.is_pasta then i.id else i.pasta_pai_id end as pasta`;

/**
 * The search: items whose name contains the text (folded), and files whose text matches it
 * (full-text, Portuguese, Spanish or English stemming, accents folded; the GIN index of
 * `biblioteca_trechos.documento`), among the readable ones (optionally within one folder's tree);
 * exact count; name matches first, then by rank and name. The caller's level is computed per
 * folder of the matches (a file's is its folder's), walking up from those folders only
 * (niveisDasPastas), not over the caller's whole part of the library. The snippet is made for the
 * page's rows only: ts_headline over the best matching chunk, in the first language (Portuguese,
 * Spanish, English) whose stemming marks a word, each headline made only if the one before marked none.
 */
export function busca(db: DbOrTx, l: Leitor, input: BuscaBibliotecaValues) {
  const { busca: texto, idPasta } = input;
  const subarvore =
    idPasta == null
      ? sql``
      : sql`sub(id) as (select ${idPasta}::int union all
          select c.id from sub join biblioteca_itens c on c.pasta_pai_id = sub.id and c.is_pasta), `;
  const naSubarvore = idPasta == null ? sql`` : sql`where i.pasta_pai_id in (select id from sub)`;
  return pagina(
    db,
    l,
    {
      ctes: sql`${subarvore}consulta as materialized (select ${consultaBusca(texto)} as q, ${consultaTrecho(texto)} as qt),
        por_nome as (select ${ITEM_BUSCA} from biblioteca_itens i where fold(i.nome) like fold(${containsPattern(texto)})),
        por_conteudo as (select ${ITEM_BUSCA}, max(ts_rank(t.documento, consulta.q)) as rank
          from consulta, biblioteca_trechos t join biblioteca_itens i on i.arquivo_id = t.arquivo_id
          where t.documento @@ consulta.q group by i.id),
        -- The matches carry the item's columns from where they were found (no second read of the items).
        candidatos as materialized (select * from (select coalesce(n.id, pc.id) as id,
            coalesce(n.proprietario_id, pc.proprietario_id) as proprietario_id,
            coalesce(n.pasta, pc.pasta) as pasta, coalesce(n.pasta_pai_id, pc.pasta_pai_id) as pasta_pai_id,
            fold(coalesce(n.nome, pc.nome)) as ordem_nome,
            n.id is not null as nome_bate, pc.id is not null as conteudo_bate, coalesce(pc.rank, 0) as rank
          from por_nome n full join por_conteudo pc on pc.id = n.id) i
          ${naSubarvore}),
        ${niveisDasPastas(l, sql`select pasta from candidatos`)}`,
      lista: sql`select * from (select c.id, greatest(case when ${l.mantem('c')} then 2 else 0 end,
          coalesce(np.nivel, 0)) as nivel, c.ordem_nome, c.nome_bate, c.conteudo_bate, c.rank
        from candidatos c left join nivel_pasta np on np.id = c.pasta offset 0) x where x.nivel > 0`,
      order: sql`lista.nome_bate desc, lista.rank desc, lista.ordem_nome, lista.id`,
      modo: 'avulso',
      extra: sql`lista.nome_bate as "nomeBate", lista.conteudo_bate as "conteudoBate",
        (select ${trechoBusca(sql`melhor.texto`, sql`consulta.qt`)}
        from consulta, lateral (select t.texto from biblioteca_trechos t
          where lista.conteudo_bate and t.arquivo_id = i.arquivo_id and t.documento @@ consulta.q
          order by ts_rank(t.documento, consulta.q) desc, t.ordem limit 1) melhor) as trecho`,
    },
    input,
  );
}

/** The folder `id` and every folder inside it, at any depth (recursive), as a subquery of ids. */
export const subarvore = (id: number | SQL) => sql`(with recursive sub(id) as (
    select ${id}::int union all select c.id from sub join biblioteca_itens c on c.pasta_pai_id = sub.id)
  select id from sub)`;

/** The permissions (group, level) that reach folder `id` from the folders above it and itself. */
export const permissoesDaCadeia = (id: number) => sql`(with recursive up(id, pasta_pai_id) as (
    select id, pasta_pai_id from biblioteca_itens where id = ${id}
    union all select q.id, q.pasta_pai_id from up join biblioteca_itens q on q.id = up.pasta_pai_id)
  select p.grupo_usuarios_id, max(p.permissao) as permissao from biblioteca_permissoes p
  where p.pasta_id in (select id from up) group by p.grupo_usuarios_id)`;
