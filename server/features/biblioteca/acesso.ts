import { sql, type SQL } from 'drizzle-orm';
import { policies } from '../../../domain/policies';
import { isRecipient } from '../../audience';
import { allows, autorScope, usuarioAlcanca, usuarioScope, type Session } from '../../authz';

// Who reads and writes which library item, in SQL (issue #29). Levels are numbers: 0 none,
// 1 LEITURA, 2 LEITURA_ESCRITA. A caller's level on an item is the highest of:
// - 2 for provider staff (they pass any key check, PORTAL_GERENCIAR_BIBLIOTECA included);
// - 2 for the owner of the item or of a folder above it;
// - 2 for a library manager (PORTAL_GERENCIAR_BIBLIOTECA) on a tree whose top folder's owner is a
//   user the manager sees (usuarioScope: a manufacturer's colleagues of its brands): a manufacturer
//   manages its brands' trees, never another brand's, as it does their slides and adverts. The top
//   folder decides, not who placed what inside: a user both brands see, owning a folder inside
//   brand B's tree, opens none of that tree to brand A;
// - the level of every permission, on the item (a folder) or a folder above it, whose user group
//   reaches the caller now (the audience engine's isRecipient: a user who leaves a group loses
//   its permissions at once), when the caller is a user its folder's owner reaches (usuarioAlcanca,
//   as an announcement's author reaches its audience): a group wider than the owner's brands (a
//   provider staff's group of every dealer) gives another brand's users nothing of this brand's folders.
// A private tree has no permissions, so only its owners and the managers who see its top's owner reach it.

export interface Leitor {
  usuarioId: number;
  /** Holds the manager key: may create folders at the root and move folders there. */
  gestor: boolean;
  /** Reads and writes every item without a walk (provider staff: a manager who sees every user). */
  todos: boolean;
  /**
   * Condition on the item `alias` (with its proprietario_id and pasta_pai_id): the caller keeps it,
   * being its owner, or a manager who sees its owner when it is a top folder.
   */
  mantem(alias: string): SQL;
}

export function leitorDe(session: Session): Leitor {
  const gestor = allows(session, policies.biblioteca.gerenciar);
  const todos = gestor && usuarioScope(session) === undefined;
  return {
    usuarioId: session.usuarioId,
    gestor,
    todos,
    mantem(alias) {
      const dono = sql.raw(`${alias}.proprietario_id`);
      const proprio = sql`${dono} = ${session.usuarioId}`;
      if (!gestor || todos) return proprio;
      return sql`(${proprio} or (${sql.raw(`${alias}.pasta_pai_id`)} is null and ${autorScope(session, dono)}))`;
    },
  };
}

export const NIVEL_SQL = sql`case p.permissao when 'LEITURA_ESCRITA' then 2 else 1 end`;

/**
 * Permission `p` (a biblioteca_permissoes row) counts for the caller: its group reaches them and its
 * folder's owner (`dono`, that folder's proprietario_id as the statement has it) reaches them. In a
 * statement with meusGrupos (`comMeusGrupos`), both were asked once (meus_grupos, donos_meus); else
 * the audience engine and the scope rule ask for this row.
 */
function permite(l: Leitor, dono: SQL, comMeusGrupos = true): SQL {
  if (comMeusGrupos) {
    return sql`p.grupo_usuarios_id in (select id from meus_grupos) and ${dono} in (select id from donos_meus)`;
  }
  return sql`${isRecipient(sql`p.grupo_usuarios_id`, l.usuarioId)}
    and exists (select 1 from usuarios d join usuarios eu on eu.id = ${l.usuarioId}
      where d.id = ${dono} and ${usuarioAlcanca('d', 'eu')})`;
}

/**
 * `meus_grupos(id)`: the user groups of the library's permissions that reach the caller now, each
 * group asked once (a group named on many folders is one audience check); and `donos_meus(id)`:
 * the owners of those permissions' folders who reach the caller (`permite`), each asked once.
 * `pastas` (a subquery of folder ids) narrows them to those folders' permissions: a statement asks
 * only about the groups that can change its answer, not about every group of the library.
 */
export const meusGrupos = (l: Leitor, pastas?: SQL) => {
  const nasPastas = pastas ? sql`and p.pasta_id in (${pastas})` : sql``;
  return sql`meus_grupos as materialized (
    select g.id from (select distinct p.grupo_usuarios_id as id from biblioteca_permissoes p where true ${nasPastas}) g
    where ${isRecipient(sql`g.id`, l.usuarioId)}),
  donos_meus as materialized (
    select dono.id from usuarios dono join usuarios eu on eu.id = ${l.usuarioId}
    where dono.id in (select pf.proprietario_id from biblioteca_permissoes p join biblioteca_itens pf on pf.id = p.pasta_id
        where p.grupo_usuarios_id in (select id from meus_grupos) ${nasPastas})
      and ${usuarioAlcanca('dono', 'eu')})`;
};

/** `proprio(pasta_id, nivel)`: each folder's own level for the caller (meus_grupos needed). */
export const proprio = (l: Leitor) => sql`proprio as materialized (
  select p.pasta_id, max(${NIVEL_SQL}) as nivel from biblioteca_permissoes p
    join biblioteca_itens pf on pf.id = p.pasta_id
  where ${permite(l, sql`pf.proprietario_id`)} group by p.pasta_id)`;

/**
 * The CTEs (after `with recursive`) ending in `legiveis(id, nivel)`: every folder the caller may
 * read, with their level. The walk starts at the folders granted to the caller or kept by them and goes
 * down from them only, so it reads the caller's part of the tree, not the whole library; a folder
 * reached twice (a grant inside a granted tree) keeps its highest level. Provider staff read every
 * folder at level 2, without a walk.
 */
export function legiveis(l: Leitor): SQL {
  if (l.todos) return sql`legiveis as (select id, 2 as nivel from biblioteca_itens where is_pasta)`;
  const dono = (alias: string) => sql`case when ${l.mantem(alias)} then 2 else 0 end`;
  return sql`${meusGrupos(l)}, ${proprio(l)},
  descida(id, nivel) as (
    select inicio.id, max(inicio.nivel) from (
        select pr.pasta_id as id, greatest(${dono('i')}, pr.nivel) as nivel from proprio pr
          join biblioteca_itens i on i.id = pr.pasta_id
        union all
        select i.id, 2 from biblioteca_itens i where ${l.mantem('i')} and i.is_pasta
      ) inicio group by inicio.id
    union all
    select c.id, greatest(d.nivel, ${dono('c')}, coalesce(pr.nivel, 0)) from descida d
      join biblioteca_itens c on c.pasta_pai_id = d.id and c.is_pasta
      left join proprio pr on pr.pasta_id = c.id
  ),
  legiveis as materialized (select id, max(nivel) as nivel from descida group by id)`;
}

/**
 * The level of item `i` (a biblioteca_itens alias) given `legiveis`: a folder's own, a file's
 * parent's, and 2 for the item's owner (a file they placed in a folder they no longer reach).
 */
export const nivelPorLegiveis = (l: Leitor, i = 'i') => {
  const alias = sql.raw(i);
  if (l.todos) return sql`2`;
  return sql`greatest(case when ${l.mantem(i)} then 2 else 0 end,
    coalesce((select lg.nivel from legiveis lg where lg.id = case when ${alias}.is_pasta then ${alias}.id else ${alias}.pasta_pai_id end), 0))`;
};

/**
 * The CTEs ending in `cadeia(id, nome, profundidade)` (the folder `pastaId` and every folder above it,
 * 0 being the folder itself) and `nivel_cadeia(nivel)`, the caller's level on that folder: what
 * every item inside it inherits. `pastaId` null: the root, an empty chain at level 0 (2 for
 * provider staff). The caller's groups are asked about only for the groups of the chain's folders and of
 * the folders directly inside it (their own grants): nothing else decides a child's level.
 */
export function cadeia(l: Leitor, pastaId: number | null): SQL {
  const base =
    pastaId === null
      ? sql`cadeia(id, nome, pasta_pai_id, proprietario_id, profundidade) as (select null::int, null::text, null::int, null::int, 0 where false)`
      : sql`cadeia(id, nome, pasta_pai_id, proprietario_id, profundidade) as (
      select id, nome, pasta_pai_id, proprietario_id, 0 from biblioteca_itens where id = ${pastaId} and is_pasta
      union all
      select p.id, p.nome, p.pasta_pai_id, p.proprietario_id, c.profundidade + 1 from cadeia c
        join biblioteca_itens p on p.id = c.pasta_pai_id)`;
  if (l.todos) return sql`${base}, nivel_cadeia as (select 2 as nivel)`;
  const filhas = sql`select f.id from biblioteca_itens f where ${doPai(pastaId, 'f')} and f.is_pasta`;
  return sql`${base}, ${meusGrupos(l, sql`select id from cadeia union all ${filhas}`)},
    nivel_cadeia as materialized (select greatest(
      coalesce((select max(case when ${l.mantem('c')} then 2 else 0 end) from cadeia c), 0),
      coalesce((select max(${NIVEL_SQL}) from biblioteca_permissoes p join cadeia c on c.id = p.pasta_id
        where ${permite(l, sql`c.proprietario_id`)}), 0)) as nivel)`;
}

/**
 * Folder `alias` itself gives the caller a level: they keep it, or one of its grants reaches them
 * (`comMeusGrupos`: the statement has meusGrupos' CTEs, else the audience engine and the scope rule
 * ask). A folder above an item is the caller's to see (in a breadcrumb, as a parent, with
 * its groups) only when it or a folder above it gives one: what a folder gives reaches down, so
 * the folders seen are the lower part of the chain, up to the highest one that gives.
 */
export function concede(l: Leitor, alias: string, comMeusGrupos = false): SQL {
  if (l.todos) return sql`true`;
  return sql`(${l.mantem(alias)} or exists (select 1 from biblioteca_permissoes p
    where p.pasta_id = ${sql.raw(alias)}.id and ${permite(l, sql.raw(`${alias}.proprietario_id`), comMeusGrupos)}))`;
}

/** Item `i` is directly inside the folder `pastaId` (null: at the root). */
export const doPai = (pastaId: number | null, i = 'i') =>
  pastaId === null ? sql`${sql.raw(i)}.pasta_pai_id is null` : sql`${sql.raw(i)}.pasta_pai_id = ${pastaId}`;

/**
 * Item `i`, a child of the chain's folder, is readable (its `nivelNaPasta` is above 0), tested
 * cheapest first: a readable folder's children are all readable, so inside one (every listing but
 * the root's) the test is the chain's level, read once; the item's owner and a subfolder's own grants
 * count only in a folder the caller does not read (the root).
 */
export const visivelNaPasta = (l: Leitor, i = 'i') => {
  const alias = sql.raw(i);
  if (l.todos) return sql`true`;
  return sql`((select nivel from nivel_cadeia) > 0 or ${l.mantem(i)}
    or (${alias}.is_pasta and exists (select 1 from biblioteca_permissoes p
      where p.pasta_id = ${alias}.id and ${permite(l, sql`${alias}.proprietario_id`)})))`;
};

/** The level of item `i`, a child of the chain's folder: the inherited level, its own grants, its owner. */
export const nivelNaPasta = (l: Leitor, i = 'i') => {
  const alias = sql.raw(i);
  if (l.todos) return sql`2`;
  return sql`greatest((select nivel from nivel_cadeia), case when ${l.mantem(i)} then 2 else 0 end,
    case when ${alias}.is_pasta then coalesce((select max(${NIVEL_SQL}) from biblioteca_permissoes p
      where p.pasta_id = ${alias}.id and ${permite(l, sql`${alias}.proprietario_id`)}), 0) else 0 end)`;
};

/**
 * The CTEs (after `with recursive`, following `candidatos`) ending in `nivel_pasta(id, nivel)`: the
 * caller's level on each folder that `pastas` (a subquery of folder ids) picks, walking up from
 * each: the highest of 2 for the owner of the folder or of one above it and each grant on them
 * whose group reaches the caller. It reads the chains of those folders only (a search's matches),
 * whatever the size of the caller's part of the library; the groups asked about are those of the
 * chains' permissions. Provider staff's level is 2 everywhere, without a walk.
 */
export function niveisDasPastas(l: Leitor, pastas: SQL): SQL {
  if (l.todos) return sql`nivel_pasta as (select distinct x.id, 2 as nivel from (${pastas}) x(id))`;
  // Each step reads one row by its key (a lateral `limit 1`): as a join, the walk's row estimate
  // (ten times its start) chose hashing the whole items table at every step.
  const porId = (id: SQL) =>
    sql`lateral (select q.id, q.pasta_pai_id, q.proprietario_id from biblioteca_itens q where q.id = ${id} limit 1) q`;
  return sql`subida(origem, id, pasta_pai_id, proprietario_id) as (
      select q.id, q.id, q.pasta_pai_id, q.proprietario_id from (select distinct x.id from (${pastas}) x(id)) inicio,
        ${porId(sql`inicio.id`)}
      union all
      select s.origem, q.id, q.pasta_pai_id, q.proprietario_id from subida s, ${porId(sql`s.pasta_pai_id`)}),
    ${meusGrupos(l, sql`select id from subida`)},
    nivel_pasta as materialized (select s.origem as id, greatest(
        max(case when ${l.mantem('s')} then 2 else 0 end),
        coalesce(max(${NIVEL_SQL}) filter (where p.pasta_id is not null), 0)) as nivel
      from subida s left join biblioteca_permissoes p on p.pasta_id = s.id and ${permite(l, sql`s.proprietario_id`)}
      group by s.origem)`;
}

/**
 * The caller's level on one item (any depth), walking up from it: for the checks of the mutations
 * and the download route (the groups asked about: those of the chain's permissions).
 */
export function nivelDoItem(l: Leitor, itemId: number | SQL): SQL {
  if (l.todos) return sql`(select 2 from biblioteca_itens where id = ${itemId})`;
  return sql`(with recursive subida(id, pasta_pai_id, proprietario_id) as (
      select id, pasta_pai_id, proprietario_id from biblioteca_itens where id = ${itemId}
      union all
      select p.id, p.pasta_pai_id, p.proprietario_id from subida s join biblioteca_itens p on p.id = s.pasta_pai_id),
    ${meusGrupos(l, sql`select id from subida`)}
    select greatest(
      coalesce((select max(case when ${l.mantem('s')} then 2 else 0 end) from subida s), 0),
      coalesce((select max(${NIVEL_SQL}) from biblioteca_permissoes p join subida s on s.id = p.pasta_id
        where ${permite(l, sql`s.proprietario_id`)}), 0)))`;
}
