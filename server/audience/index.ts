import { sql, type SQL } from 'drizzle-orm';
import type { Bloco, DefinicaoGrupoUsuarios } from '../../domain/schemas/grupoUsuarios';
import type { DbOrTx } from '../db/client';
import { allOf, arrayOf, pageWithTotalOnce, searchIn, type OnePassList } from '../db/lists';
import { usuarios } from '../db/schema';

/**
 * The audience engine (issue #14): who the recipients of a user group are. Announcements, the
 * library, slides, adverts and notifications ask it; nobody else reads a group's blocks
 * (tests/api/audience.test.ts keeps it so).
 *
 * How blocks combine, as the group form says in one sentence: the recipients are the active users
 * who match EVERY enabled filter block (profile, positions, sectors, dealer groups), plus the
 * manual users, minus the excluded users. Within a block a user matches ANY of its values.
 * - Profile: the user's type is one of the types, the user has one of the brands (their own
 *   brands, or an active dealer of theirs carries it); a dealer-group user must also be in one of
 *   the dealers (or any, with all dealers) and, when access types are named, hold one of them.
 * - Positions: the user holds one of the positions (at any dealer).
 * - Sectors: the user is in an active dealer of one of the sectors.
 * - Dealer groups: the user belongs to one of the groups, or to an active dealer of one of them.
 * An inactive group has no recipients.
 *
 * The answer is SQL over live data (no stored member list): a user who joins a dealer or gets a
 * position is a recipient at once. `recipientCondition` is a predicate on the `usuarios` row of the
 * enclosing query: `select ... from usuarios where <it>` lists recipients (callers join it or
 * `insert ... select` from it), `isRecipient` checks one user (an EXISTS for permissions).
 */

type Valores =
  'marcas' | 'tipos' | 'tiposAcesso' | 'dealers' | 'cargos' | 'setores' | 'grupos' | 'manuais' | 'removidos';

/** Where a definition's blocks come from: a saved group's link tables, or a draft's values. */
export interface Audience {
  /** Whether the block is enabled (boolean SQL). */
  flag(bloco: Bloco | 'todosDealers' | 'active'): SQL;
  /** The block's values as a one-column subquery (`select v ...`). */
  values(kind: Valores): SQL;
  /** The block's values as an array literal, when known before the query runs (a draft's, a loaded group's). */
  array?(kind: Valores): SQL;
  /** How many values the block has, when known before the query runs (a draft's, a loaded group's). */
  count?(kind: Valores): number;
  /** Whether the block is enabled, when known before the query runs: the SQL then names only enabled blocks. */
  enabled?(bloco: Bloco | 'todosDealers' | 'active'): boolean;
  /**
   * The same audience with its definition read now (a saved group with a known id): its flags become
   * constants, which PostgreSQL folds away, so the enabled blocks are plain ANDed `IN` conditions the
   * planner turns into joins driven by the most selective block, instead of a predicate evaluated on
   * every user (listRecipients; docs/benchmarks.md, audiencia).
   */
  load?(db: DbOrTx): Promise<Audience>;
}

const LINKS: Record<Valores, [table: string, column: string]> = {
  marcas: ['grupo_usuarios_marcas', 'marca_id'],
  tipos: ['grupo_usuarios_tipos_usuario', 'tipo'],
  tiposAcesso: ['grupo_usuarios_tipos_acesso', 'tipo_acesso_id'],
  dealers: ['grupo_usuarios_dealers', 'dealer_id'],
  cargos: ['grupo_usuarios_cargos', 'cargo_id'],
  setores: ['grupo_usuarios_setores', 'setor_id'],
  grupos: ['grupo_usuarios_grupos', 'grupo_id'],
  manuais: ['grupo_usuarios_manuais', 'usuario_id'],
  removidos: ['grupo_usuarios_removidos', 'usuario_id'],
};

const FLAGS: Record<Bloco | 'todosDealers' | 'active', string> = {
  possuiPerfil: 'possui_perfil',
  possuiCargos: 'possui_cargos',
  possuiSetores: 'possui_setores',
  possuiGrupos: 'possui_grupos',
  possuiUsuariosManuais: 'possui_usuarios_manuais',
  todosDealers: 'todos_dealers',
  active: 'active',
};

/**
 * A saved group: `grupoId` is its id, or a column of the enclosing query (library permissions,
 * an announcement's groups), which makes the lookups correlated to it.
 */
export function savedGroup(grupoId: number | SQL): Audience {
  return {
    load: typeof grupoId === 'number' ? (db) => loadGroup(db, grupoId) : undefined,
    flag: (bloco) =>
      sql`coalesce((select definicao.${sql.raw(FLAGS[bloco])} from grupos_usuarios definicao
        where definicao.id = ${grupoId}), false)`,
    values: (kind) => {
      const [table, column] = LINKS[kind];
      return sql`select ${sql.raw(column)} from ${sql.raw(table)} where grupo_usuarios_id = ${grupoId}`;
    },
  };
}

const DRAFT_VALUES: Record<Valores, (d: DefinicaoGrupoUsuarios) => readonly (number | string)[]> = {
  marcas: (d) => d.marcaIds,
  tipos: (d) => d.tiposUsuario,
  tiposAcesso: (d) => d.tipoAcessoIds,
  dealers: (d) => d.dealerIds,
  cargos: (d) => d.cargoIds,
  setores: (d) => d.setorIds,
  grupos: (d) => d.grupoIds,
  manuais: (d) => d.usuarioManualIds,
  removidos: (d) => d.usuarioRemovidoIds,
};

/** An unsaved definition (the form's recipient preview), as parsed by `definicaoSchema`. */
export function draftGroup(d: DefinicaoGrupoUsuarios, { ignorarRemovidos = false, active = true } = {}): Audience {
  const list = (kind: Valores) => (kind === 'removidos' && ignorarRemovidos ? [] : DRAFT_VALUES[kind](d));
  return {
    flag: (bloco) => ((bloco === 'active' ? active : d[bloco]) ? sql`true` : sql`false`),
    enabled: (bloco) => (bloco === 'active' ? active : d[bloco]),
    count: (kind) => list(kind).length,
    array: (kind) => arrayOf(list(kind), kind === 'tipos' ? 'tipo_usuario' : 'int'),
    values: (kind) => {
      const type = kind === 'tipos' ? 'tipo_usuario' : 'int';
      return list(kind).length === 0
        ? sql`select null::${sql.raw(type)} where false`
        : sql`select unnest(${arrayOf(list(kind), type)})`;
    },
  };
}

/** A saved group's definition as it stands now, as constants (an unknown id: no recipients). */
async function loadGroup(db: DbOrTx, grupoId: number): Promise<Audience> {
  const arrays = Object.entries(LINKS).map(
    ([kind, [table, column]]) =>
      sql`array(select ${sql.raw(column)}::text from ${sql.raw(table)} where grupo_usuarios_id = g.id) as ${sql.raw(`"${kind}"`)}`,
  );
  const { rows } = await db.execute<Record<string, unknown>>(sql`select g.active, g.possui_perfil, g.possui_cargos,
      g.possui_setores, g.possui_grupos, g.possui_usuarios_manuais, g.todos_dealers, ${sql.join(arrays, sql`, `)}
    from grupos_usuarios g where g.id = ${grupoId}`);
  const row = rows[0];
  const ints = (kind: Valores) => ((row?.[kind] as string[] | undefined) ?? []).map(Number);
  const d: DefinicaoGrupoUsuarios = {
    possuiPerfil: Boolean(row?.possui_perfil),
    possuiCargos: Boolean(row?.possui_cargos),
    possuiSetores: Boolean(row?.possui_setores),
    possuiGrupos: Boolean(row?.possui_grupos),
    possuiUsuariosManuais: Boolean(row?.possui_usuarios_manuais),
    todosDealers: Boolean(row?.todos_dealers),
    marcaIds: ints('marcas'),
    tiposUsuario: (row?.tipos as DefinicaoGrupoUsuarios['tiposUsuario'] | undefined) ?? [],
    tipoAcessoIds: ints('tiposAcesso'),
    dealerIds: ints('dealers'),
    cargoIds: ints('cargos'),
    setorIds: ints('setores'),
    grupoIds: ints('grupos'),
    usuarioManualIds: ints('manuais'),
    usuarioRemovidoIds: ints('removidos'),
  };
  return draftGroup(d, { active: Boolean(row?.active) });
}

/** Users of the active dealers that `dealerCondition` (on `d`) picks. */
const usersOfDealers = (dealerCondition: SQL) =>
  sql`select ud.usuario_id from usuario_dealers ud join dealers d on d.id = ud.dealer_id
    where d.active and ${dealerCondition}`;

/**
 * `expression` is one of the block's values: `= any(array)` when the values are known before the
 * query runs (the planner then estimates from the column's statistics, and a type or brand test is
 * a filter instead of a join), `in (subquery)` for a group read by the query itself.
 */
const oneOf = (expression: SQL, a: Audience, kind: Valores) => {
  const array = a.array?.(kind);
  return array ? sql`${expression} = any(${array})` : sql`${expression} in (${a.values(kind)})`;
};

function profile(a: Audience): SQL {
  // A brand matches most of a network, so this is a test of every user, not a join: two INs under
  // an OR, which PostgreSQL keeps as hashed subplans (as a semi-join, a UNION's row estimate is a
  // guess, 200, that picked 100,000 index probes). Each hash is built the first time a user needs
  // it, so the dealers' brands are hashed only if some user has none of the brands of their own
  // (one UNION: both always). Not EXISTS: those the planner may probe user by user instead, and
  // under a join driven by another block (18,000 holders of a position) it did, at 3x the time.
  const brand = sql`(usuarios.id in (select um.usuario_id from usuario_marcas um
      where ${oneOf(sql`um.marca_id`, a, 'marcas')})
    or usuarios.id in (${usersOfDealers(sql`d.id in (select dm.dealer_id from dealer_marcas dm
      where ${oneOf(sql`dm.marca_id`, a, 'marcas')})`)}))`;
  const atDealer = a.enabled?.('todosDealers')
    ? undefined
    : sql`(${a.flag('todosDealers')} or usuarios.id in (${usersOfDealers(oneOf(sql`d.id`, a, 'dealers'))}))`;
  const acessos = a.count?.('tiposAcesso');
  const hasAcesso = sql`usuarios.id in (select uta.usuario_id from usuario_tipos_acesso uta
    where ${oneOf(sql`uta.tipo_acesso_id`, a, 'tiposAcesso')})`;
  const acesso =
    acessos === 0 ? undefined : acessos ? hasAcesso : sql`(not exists (${a.values('tiposAcesso')}) or ${hasAcesso})`;
  const dealerGroup = [atDealer, acesso].filter((c): c is SQL => Boolean(c));
  return sql`(${oneOf(sql`usuarios.tipo`, a, 'tipos')} and ${brand}${
    dealerGroup.length ? sql` and (usuarios.tipo <> 'DEALER_GRUPO' or (${sql.join(dealerGroup, sql` and `)}))` : sql``
  })`;
}

/** The blocks that are sets of users, as one-column queries of `usuario_id`. */
const SETS = {
  possuiCargos: (a: Audience) =>
    sql`select uc.usuario_id from usuario_cargos uc where ${oneOf(sql`uc.cargo_id`, a, 'cargos')}`,
  possuiSetores: (a: Audience) => usersOfDealers(oneOf(sql`d.setor_id`, a, 'setores')),
  possuiGrupos: (a: Audience) =>
    sql`select ug.usuario_id from usuario_grupos ug where ${oneOf(sql`ug.grupo_id`, a, 'grupos')}
      union all ${usersOfDealers(sql`d.id in (select dg.dealer_id from dealer_grupos dg where ${oneOf(sql`dg.grupo_id`, a, 'grupos')})`)}`,
} satisfies Partial<Record<Bloco, (a: Audience) => SQL>>;

/**
 * The filter blocks: each is `(not enabled or the user matches it)`, or, when the audience knows
 * which blocks are enabled, only the enabled blocks' conditions: the profile, and one IN of the
 * enabled sets' intersection, `usuarios.id in (select ... from <set> where usuario_id in <other
 * sets>)`. The planner then intersects the sets' ids before it reads a user (a UNION's distinct
 * count is a guess, 200: as separate INs on `usuarios` it read the users of the dealer groups,
 * 4,578 for the bench's 1% group, to keep 722 of them).
 */
function filterBlocks(a: Audience): SQL[] {
  const matches = (bloco: keyof typeof SETS) => sql`usuarios.id in (${SETS[bloco](a)})`;
  if (!a.enabled) {
    return [
      sql`(not ${a.flag('possuiPerfil')} or ${profile(a)})`,
      ...(Object.keys(SETS) as (keyof typeof SETS)[]).map((b) => sql`(not ${a.flag(b)} or ${matches(b)})`),
    ];
  }
  const sets = (Object.keys(SETS) as (keyof typeof SETS)[]).filter((b) => a.enabled!(b)).map((b) => SETS[b](a));
  const [first, ...others] = sets;
  const intersection = others.length
    ? sql`usuarios.id in (select conjunto.usuario_id from (${first}) conjunto where ${sql.join(
        others.map((set) => sql`conjunto.usuario_id in (${set})`),
        sql` and `,
      )})`
    : first && sql`usuarios.id in (${first})`;
  return [a.enabled('possuiPerfil') ? profile(a) : undefined, intersection].filter((c): c is SQL => Boolean(c));
}

const FILTER_BLOCKS: Bloco[] = ['possuiPerfil', 'possuiCargos', 'possuiSetores', 'possuiGrupos'];

/** The `usuarios` row of the enclosing query is a recipient of this audience (active user or not). */
function memberOf(a: Audience): SQL {
  const removidos = a.count?.('removidos') === 0 ? undefined : sql`not (${oneOf(sql`usuarios.id`, a, 'removidos')})`;
  const manuais = oneOf(sql`usuarios.id`, a, 'manuais');
  if (!a.enabled) {
    const anyFilter = sql`(${sql.join(
      FILTER_BLOCKS.map((b) => a.flag(b)),
      sql` or `,
    )})`;
    return sql`(${a.flag('active')}
    and ${removidos ?? sql`true`}
    and ((${a.flag('possuiUsuariosManuais')} and ${manuais})
      or (${anyFilter} and ${sql.join(filterBlocks(a), sql` and `)})))`;
  }
  if (!a.enabled('active')) return sql`false`;
  const filters = FILTER_BLOCKS.some((b) => a.enabled!(b)) ? sql.join(filterBlocks(a), sql` and `) : undefined;
  const manual = a.enabled('possuiUsuariosManuais') ? manuais : undefined;
  const who = filters && manual ? sql`(${manual} or (${filters}))` : (filters ?? manual ?? sql`false`);
  return removidos ? sql`(${removidos} and ${who})` : sql`(${who})`;
}

/**
 * The `usuarios` row of the enclosing query is an active recipient of any of the audiences
 * (several groups: their union). `from usuarios where recipientCondition([...])`.
 */
export function recipientCondition(audiences: Audience[]): SQL {
  if (audiences.length === 0) return sql`false`;
  return sql`(usuarios.active and (${sql.join(audiences.map(memberOf), sql` or `)}))`;
}

/** The recipients' ids, for `insert ... select` fan-out and joins. */
export const recipientIds = (audiences: Audience[]) =>
  sql`select usuarios.id from usuarios where ${recipientCondition(audiences)}`;

/**
 * Whether one user is a recipient of the group (e.g. `exists` in a library permission check).
 * `usuarioId` may be a column of the enclosing query, `usuarios.id` included: it is read in a
 * derived table, which cannot see the inner `usuarios` and so resolves to the enclosing row.
 */
export const isRecipient = (grupoId: number | SQL, usuarioId: number | SQL) =>
  sql`exists (select 1 from (select ${usuarioId}::int as id) alvo join usuarios on usuarios.id = alvo.id
    where ${recipientCondition([savedGroup(grupoId)])})`;

/** The audiences with saved groups' definitions read now (Audience.load). */
const loaded = (db: DbOrTx, given: Audience[]) => Promise.all(given.map((a) => a.load?.(db) ?? a));

/**
 * How many active recipients the audiences have, among the users `scope` (usuarioScope) lets
 * the caller see; saved groups are read first (load), so only their enabled blocks are tested.
 */
export async function countRecipients(db: DbOrTx, given: Audience[], scope?: SQL): Promise<number> {
  const audiences = await loaded(db, given);
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from usuarios where ${allOf(recipientCondition(audiences), scope)}`,
  );
  return Number(rows[0].n);
}

export interface RecipientsPage {
  page: number;
  rowsPerPage: number;
  busca?: string | null;
  /** Users the caller may see (usuarioScope); undefined: everyone. */
  scope?: SQL;
  /** List these excluded users too, marked `removido` (a draft's preview). */
  removidos?: Audience;
}

/**
 * One page of recipients by name with a search by name, e-mail or CPF, and the total, in one
 * statement that computes the recipients once (pageWithTotalOnce): as two statements, the page's
 * and the count's, each computed the whole set (docs/benchmarks.md, audiencia).
 */
export async function listRecipients(db: DbOrTx, given: Audience[], input: RecipientsPage) {
  const audiences = await loaded(db, given);
  const [page, removidos] = await Promise.all([
    pageWithTotalOnce<{ id: number; nome: string; email: string; tipo: string; active: boolean; removido: boolean }>(
      db,
      input,
      recipientsList(audiences, input),
    ),
    countListedRemovidos(db, audiences, input),
  ]);
  return { ...page, totalDestinatarios: page.totalElements - removidos };
}

const listWhere = (audiences: Audience[], input: RecipientsPage) =>
  allOf(recipientCondition(audiences), input.scope, searchIn(input.busca, usuarios.busca));

/**
 * How many of the listed rows are excluded users (input.removidos): a look-up of those users by id,
 * not a second pass over the recipients.
 */
async function countListedRemovidos(db: DbOrTx, audiences: Audience[], input: RecipientsPage): Promise<number> {
  if (!input.removidos || input.removidos.count?.('removidos') === 0) return 0;
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from usuarios
    where ${oneOf(sql`usuarios.id`, input.removidos, 'removidos')} and ${listWhere(audiences, input)}`);
  return Number(rows[0].n);
}

/** What listRecipients reads, for pageWithTotalOnce (loaded audiences): the recipients by name, the page's columns. */
export function recipientsList(audiences: Audience[], input: RecipientsPage): OnePassList {
  const removido = input.removidos ? oneOf(sql`usuarios.id`, input.removidos, 'removidos') : sql`false`;
  return {
    rows: sql`select usuarios.id, usuarios.nome from usuarios where ${listWhere(audiences, input)}`,
    order: sql`lista.nome, lista.id`,
    columns: sql`usuarios.id, usuarios.nome, usuarios.email, usuarios.tipo, usuarios.active, ${removido} as removido`,
    join: sql`join usuarios on usuarios.id = lista.id`,
  };
}
