import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TipoUsuario } from '../../../domain/enums';
import type { UsuarioFilter } from '../../../domain/schemas/usuario';
import { dealerScope, grupoScope, usuarioScope, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { allOf, countOf, idOf, orderOf, pageOf, pageWithTotal, searchIn } from '../../db/lists';
import {
  cargos,
  dealerGrupos,
  dealerProdutos,
  dealers,
  departamentos,
  desligamentos,
  funcionalidades,
  grupos,
  marcas,
  produtos,
  tiposAcesso,
  usuarioCargos,
  usuarioDealers,
  usuarioFuncionalidades,
  usuarioGrupos,
  usuarioMarcas,
  usuarios,
  usuarioTiposAcesso,
} from '../../db/schema';

// The reads of the user maintenance (issue #13): the scoped list and its export, one user as the
// wizard edits it, and what a save checks (the writes are in gravacao.ts, sign-in's and sessions'
// reads in server/auth/accounts.ts). Links the caller cannot see (another manufacturer's dealers,
// brands and groups) are neither answered nor changed.

const usuariosId = idOf(usuarios);

type Ref = { id: number; nome: string };

const marcasJson = (visible: SQL | undefined) => sql<Ref[]>`coalesce((select json_agg(json_build_object('id', m.id,
  'nome', m.nome, 'descricao', m.descricao, 'facebookId', m.facebook_id, 'active', m.active) order by m.nome)
  from ${usuarioMarcas} um join ${marcas} m on m.id = um.marca_id
  where um.usuario_id = ${usuariosId} and ${visible ?? sql`true`}), '[]')`;

const dealersJson = (visible: SQL | undefined) => sql<
  { id: number; nomeExibicao: string; active: boolean; grupo: Ref | null }[]
>`coalesce((select json_agg(json_build_object('id', dealers.id, 'nomeExibicao', dealers.nome_exibicao,
  'active', dealers.active, 'grupo', (select json_build_object('id', g.id, 'nome', g.nome) from ${dealerGrupos} dg
    join ${grupos} g on g.id = dg.grupo_id where dg.dealer_id = dealers.id order by g.nome limit 1))
  order by dealers.nome_exibicao)
  from ${usuarioDealers} ud join ${dealers} on dealers.id = ud.dealer_id
  where ud.usuario_id = ${usuariosId} and ${visible ?? sql`true`}), '[]')`;

const gruposJson = (visible: SQL | undefined) => sql<Ref[]>`coalesce((select json_agg(json_build_object('id',
  grupos.id, 'nome', grupos.nome) order by grupos.nome)
  from ${usuarioGrupos} ug join ${grupos} on grupos.id = ug.grupo_id
  where ug.usuario_id = ${usuariosId} and ${visible ?? sql`true`}), '[]')`;

/** Brands the caller may see on a user and give: their own (every brand for provider staff). */
export function marcaVisible(session: Session): SQL | undefined {
  return session.tipo === 'TECSINAPSE'
    ? undefined
    : sql`m.id in (select mine.marca_id from ${usuarioMarcas} mine where mine.usuario_id = ${session.usuarioId})`;
}

/** Columns of a list row (what the user table shows), links within the caller's sight. */
const listColumns = (session: Session) => ({
  id: usuarios.id,
  version: usuarios.version,
  nome: usuarios.nome,
  email: usuarios.email,
  cpf: usuarios.cpf,
  tipo: usuarios.tipo,
  idioma: usuarios.idioma,
  active: usuarios.active,
  ativacaoEspecial: usuarios.ativacaoEspecial,
  inativadoPorInatividade: usuarios.inativadoPorInatividade,
  ultimoAcesso: usuarios.ultimoAcesso,
  createdAt: usuarios.createdAt,
  marcas: marcasJson(marcaVisible(session)),
  dealers: dealersJson(dealerScope(session)),
  grupos: gruposJson(grupoScope(session)),
});

/** The list's conditions: the caller's scope, the search and the filters. */
function listWhere(session: Session, filter: Omit<UsuarioFilter, 'page' | 'rowsPerPage'>): SQL | undefined {
  const anyOf = (table: SQL, column: SQL, values: number[] | null | undefined) =>
    values?.length
      ? sql`exists (select 1 from ${table} x where x.usuario_id = ${usuariosId} and ${column} in ${values})`
      : undefined;
  const tipos = filter.tipos?.length ? filter.tipos : undefined;
  return allOf(
    usuarioScope(session),
    searchIn(filter.busca, usuarios.busca),
    tipos ? inArray(usuarios.tipo, tipos) : undefined,
    filter.active == null ? undefined : eq(usuarios.active, filter.active),
    filter.inativadoPorInatividade == null
      ? undefined
      : eq(usuarios.inativadoPorInatividade, filter.inativadoPorInatividade),
    anyOf(sql`${usuarioMarcas}`, sql`x.marca_id`, filter.marcaIds),
    anyOf(sql`${usuarioGrupos}`, sql`x.grupo_id`, filter.grupoIds),
    anyOf(sql`${usuarioDealers}`, sql`x.dealer_id`, filter.dealerIds),
    anyOf(sql`${usuarioCargos}`, sql`x.cargo_id`, filter.cargoIds),
  );
}

const sortColumns = {
  nome: usuarios.nome,
  email: usuarios.email,
  tipo: usuarios.tipo,
  active: usuarios.active,
  createdAt: usuarios.createdAt,
  ultimoAcesso: usuarios.ultimoAcesso,
};

/** The paged, scoped user list and its total (search by name, e-mail or CPF; filters; sort). */
export async function listUsuarios(db: DbOrTx, session: Session, filter: UsuarioFilter) {
  if (filter.busca?.trim()) return searchUsuarios(db, session, filter);
  const where = listWhere(session, filter);
  return pageWithTotal(
    filter,
    (limit, offset) =>
      db
        .select(listColumns(session))
        .from(usuarios)
        .where(where)
        .orderBy(...orderOf(filter.sort, sortColumns, 'nome', usuarios.id))
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ total: countOf() }).from(usuarios).where(where))[0].total,
  );
}

/**
 * A search in one pass. The matches (trigram index, filters and the caller's scope, all conditions
 * on the row the index points to) are read once, as id and sort key; the total counts them while
 * the page sorts them; only the page's rows are read again for what the table shows. Two queries
 * (page, then count) read every match twice ('vanessa': 5,000 candidates). Sorting the found set
 * also keeps the planner off the name index, which it would walk expecting matches spread along
 * it, while a name's matches gather where it sorts ('vanessa': 90,000 rows read and discarded).
 */
async function searchUsuarios(db: DbOrTx, session: Session, filter: UsuarioFilter) {
  const { limit, offset } = pageOf(filter);
  const direction = sql.raw(filter.sort?.order === 'DESC' ? 'desc' : 'asc');
  const sortKey = sortColumns[filter.sort?.field ?? 'nome'];
  const page = sql`(with matches as (
      select ${usuarios.id} as id, ${sortKey} as sort_key from ${usuarios} where ${listWhere(session, filter)})
    select id, sort_key, (select count(*) from matches) as total from matches
    order by sort_key ${direction}, id ${direction} limit ${limit} offset ${offset}) page`;
  const rows = await db
    .select({ ...listColumns(session), total: sql<number>`page.total`.mapWith(Number) })
    .from(usuarios)
    .innerJoin(page, sql`page.id = ${usuarios.id}`)
    .orderBy(sql`page.sort_key ${direction}`, sql`page.id ${direction}`);
  const content = rows.map(({ total: _, ...row }) => row);
  // A page past the end has no row to carry the total.
  const totalElements = rows.length ? rows[0].total : offset === 0 ? 0 : await countExportUsuarios(db, session, filter);
  return { content, totalElements };
}

export type ListRow = Awaited<ReturnType<typeof listUsuarios>>['content'][number];

/** The sort keys of the export's keyset, as SQL on a table alias (null last access sorts as the list's NULLS LAST/FIRST). */
const SORT_KEYS: Record<keyof typeof sortColumns, (alias: string) => string> = {
  nome: (a) => `${a}.nome`,
  email: (a) => `${a}.email`,
  tipo: (a) => `${a}.tipo`,
  active: (a) => `${a}.active`,
  createdAt: (a) => `${a}.created_at`,
  ultimoAcesso: (a) => `coalesce(${a}.ultimo_acesso, 'infinity')`,
};

export type UsuarioExportFilter = Omit<UsuarioFilter, 'page' | 'rowsPerPage'>;

/** How many users the filtered list holds (the export job's total; the search's past its last page). */
export async function countExportUsuarios(db: DbOrTx, session: Session, filter: UsuarioExportFilter) {
  return (await db.select({ total: countOf() }).from(usuarios).where(listWhere(session, filter)))[0].total;
}

/**
 * One page of the export: the filtered list in its order, with each user's positions and
 * permissions, after the user `after` (keyset: the page starts past that user's sort key and id,
 * read again from the row, so no page re-reads the rows before it as an OFFSET would).
 */
export function exportUsuariosQuery(
  db: DbOrTx,
  session: Session,
  filter: UsuarioExportFilter,
  { after, limit }: { after: number | null; limit: number },
) {
  const field = filter.sort?.field ?? 'nome';
  const descending = filter.sort?.order === 'DESC';
  const keyOf = (alias: string) => sql.raw(SORT_KEYS[field](alias));
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const past =
    after === null
      ? undefined
      : sql`(${keyOf('usuarios')}, usuarios.id) ${sql.raw(descending ? '<' : '>')}
          (select ${keyOf('previous')}, previous.id from ${usuarios} previous where previous.id = ${after})`;
  return db
    .select({
      ...listColumns(session),
      cargos: sql<{ cargo: string; dealer: string; departamento: string | null; dataInicio: string }[]>`coalesce((
        select json_agg(json_build_object('cargo', c.nome, 'dealer', dealers.nome_exibicao, 'departamento', dp.nome,
          'dataInicio', uc.data_inicio) order by dealers.nome_exibicao, uc.data_inicio, c.nome)
        from ${usuarioCargos} uc join ${cargos} c on c.id = uc.cargo_id join ${dealers} on dealers.id = uc.dealer_id
        left join ${departamentos} dp on dp.id = uc.departamento_id
        where uc.usuario_id = ${usuariosId} and ${dealerScope(session) ?? sql`true`}), '[]')`,
      tiposAcesso: sql<string[]>`array(select p.nome || ': ' || t.nome from ${usuarioTiposAcesso} uta
        join ${tiposAcesso} t on t.id = uta.tipo_acesso_id join ${produtos} p on p.id = t.produto_id
        where uta.usuario_id = ${usuariosId} order by p.nome, t.nome)`,
      funcionalidades: sql<string[]>`array(select f.nome from ${usuarioFuncionalidades} uf
        join ${funcionalidades} f on f.id = uf.funcionalidade_id where uf.usuario_id = ${usuariosId} order by f.nome)`,
    })
    .from(usuarios)
    .where(allOf(listWhere(session, filter), past))
    .orderBy(sql`${keyOf('usuarios')} ${direction}`, sql`usuarios.id ${direction}`)
    .limit(limit);
}

export type ExportRow = Awaited<ReturnType<typeof exportUsuariosQuery>>[number];

/** The columns of one user with what the wizard edits; links within the caller's sight. */
const usuarioColumns = (session: Session) => ({
  ...listColumns(session),
  telefones: usuarios.telefones,
  celulares: usuarios.celulares,
  dataAdmissao: usuarios.dataAdmissao,
  emailSuperior: usuarios.emailSuperior,
  desligamentoId: usuarios.desligamentoId,
  dataDesligamento: usuarios.dataDesligamento,
  desligamento: sql<{ id: number; motivo: string } | null>`(select json_build_object('id', d.id, 'motivo', d.motivo)
        from ${desligamentos} d where d.id = ${usuarios.desligamentoId})`,
  cargos: sql<CargoRow[]>`coalesce((select json_agg(json_build_object('cargoId', uc.cargo_id, 'cargoNome', c.nome,
          'dealerId', uc.dealer_id, 'dealerNome', dealers.nome_exibicao, 'departamentoId', uc.departamento_id,
          'departamentoNome', dp.nome, 'dataInicio', uc.data_inicio) order by dealers.nome_exibicao, uc.data_inicio, c.nome)
        from ${usuarioCargos} uc join ${cargos} c on c.id = uc.cargo_id join ${dealers} on dealers.id = uc.dealer_id
        left join ${departamentos} dp on dp.id = uc.departamento_id
        where uc.usuario_id = ${usuariosId} and ${dealerScope(session) ?? sql`true`}), '[]')`,
  tiposAcessoIds: sql<number[]>`array(select uta.tipo_acesso_id from ${usuarioTiposAcesso} uta
        where uta.usuario_id = ${usuariosId} order by 1)`,
  funcionalidadeIds: sql<number[]>`array(select uf.funcionalidade_id from ${usuarioFuncionalidades} uf
        where uf.usuario_id = ${usuariosId} order by 1)`,
  // Every link, seen or not, for the audit and for keeping what the caller cannot see.
  allMarcaIds: sql<
    number[]
  >`array(select x.marca_id from ${usuarioMarcas} x where x.usuario_id = ${usuariosId} order by 1)`,
  allDealerIds: sql<
    number[]
  >`array(select x.dealer_id from ${usuarioDealers} x where x.usuario_id = ${usuariosId} order by 1)`,
  allGrupoIds: sql<
    number[]
  >`array(select x.grupo_id from ${usuarioGrupos} x where x.usuario_id = ${usuariosId} order by 1)`,
  allCargos: sql<CargoRow[]>`coalesce((select json_agg(json_build_object('cargoId', uc.cargo_id,
          'dealerId', uc.dealer_id, 'departamentoId', uc.departamento_id, 'dataInicio', uc.data_inicio)
          order by uc.dealer_id, uc.cargo_id, uc.data_inicio)
        from ${usuarioCargos} uc where uc.usuario_id = ${usuariosId}), '[]')`,
});

/** One user with what the wizard edits, if the caller may see them; links within the caller's sight. */
export async function findUsuario(db: DbOrTx, session: Session, id: number) {
  const [row] = await db
    .select(usuarioColumns(session))
    .from(usuarios)
    .where(allOf(eq(usuarios.id, id), usuarioScope(session)));
  return row;
}

/**
 * The users with these e-mails (the bulk import's updates), each with whether it is in the caller's
 * scope (`inScope`): one query for a whole batch.
 */
export async function usuariosByEmails(db: DbOrTx, session: Session, emails: string[]) {
  if (!emails.length) return [];
  return db
    .select({ ...usuarioColumns(session), inScope: sql<boolean>`${usuarioScope(session) ?? sql`true`}` })
    .from(usuarios)
    .where(sql`${usuarios.email} in (select json_array_elements_text(${JSON.stringify(emails)}::json))`);
}
export type UsuarioRow = NonNullable<Awaited<ReturnType<typeof findUsuario>>>;
export interface CargoRow {
  cargoId: number;
  cargoNome?: string;
  dealerId: number;
  dealerNome?: string;
  departamentoId: number | null;
  departamentoNome?: string | null;
  dataInicio: string;
}

/** The user's permissions grouped by product (infoUsuario). */
export async function infoUsuario(db: DbOrTx, usuarioId: number) {
  const { rows } = await db.execute<{
    produtoId: number;
    nome: string;
    tiposAcessoIds: number[];
    funcionalidadeIds: number[];
  }>(sql`
    select p.id as "produtoId", p.nome,
      array(select uta.tipo_acesso_id from ${usuarioTiposAcesso} uta join ${tiposAcesso} t on t.id = uta.tipo_acesso_id
        where uta.usuario_id = ${usuarioId} and t.produto_id = p.id order by 1) as "tiposAcessoIds",
      array(select uf.funcionalidade_id from ${usuarioFuncionalidades} uf join ${funcionalidades} f on f.id = uf.funcionalidade_id
        where uf.usuario_id = ${usuarioId} and f.produto_id = p.id order by 1) as "funcionalidadeIds"
    from ${produtos} p
    where exists (select 1 from ${usuarioTiposAcesso} uta join ${tiposAcesso} t on t.id = uta.tipo_acesso_id
        where uta.usuario_id = ${usuarioId} and t.produto_id = p.id)
      or exists (select 1 from ${usuarioFuncionalidades} uf join ${funcionalidades} f on f.id = uf.funcionalidade_id
        where uf.usuario_id = ${usuarioId} and f.produto_id = p.id)
    order by p.nome`);
  return rows.map((r) => ({ ...r, produto: { id: r.produtoId, nome: r.nome } }));
}

/** Access types and features the caller may give: their own (null: any, for provider staff). */
export async function grantableOf(db: DbOrTx, session: Session) {
  if (session.tipo === 'TECSINAPSE') return { tiposAcesso: null, funcionalidades: null };
  const [row] = await db
    .select({
      tiposAcesso: sql<
        number[]
      >`array(select tipo_acesso_id from ${usuarioTiposAcesso} where usuario_id = ${session.usuarioId})`,
      funcionalidades: sql<
        number[]
      >`array(select funcionalidade_id from ${usuarioFuncionalidades} where usuario_id = ${session.usuarioId})`,
    })
    .from(usuarios)
    .where(eq(usuarios.id, session.usuarioId));
  return { tiposAcesso: new Set(row?.tiposAcesso ?? []), funcionalidades: new Set(row?.funcionalidades ?? []) };
}

/** Ids among `ids` that exist in `table` and meet `condition` (e.g. the caller's scope). */
export async function existingIds(db: DbOrTx, table: PgTable & { id: AnyPgColumn }, ids: number[], condition?: SQL) {
  if (!ids.length) return new Set<number>();
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(allOf(inArray(table.id, ids), condition));
  return new Set(rows.map((r) => r.id as number));
}

/**
 * The field error for an e-mail or CPF another user already holds: "already belongs to another
 * user" when the caller may see that user, else one message that does not confirm an account
 * outside their scope (issue #25).
 */
export const emUsoError = (field: 'email' | 'cpf', visible: boolean) =>
  visible ? `usuarios.validation.${field}EmUso` : `usuarios.validation.${field}Indisponivel`;

/** Field errors for an e-mail or CPF another user already holds (messages as emUsoError). */
export async function uniquenessErrors(
  db: DbOrTx,
  session: Session,
  input: { id?: number | null; email: string; cpf: string | null },
) {
  const others = input.id ? sql`${usuarios.id} <> ${input.id}` : undefined;
  const taken = await db
    .select({ email: usuarios.email, cpf: usuarios.cpf, visible: sql<boolean>`${usuarioScope(session) ?? sql`true`}` })
    .from(usuarios)
    .where(
      allOf(
        others,
        input.cpf
          ? sql`(${usuarios.email} = ${input.email} or ${usuarios.cpf} = ${input.cpf})`
          : eq(usuarios.email, input.email),
      ),
    )
    .limit(2);
  const errors: Record<string, string> = {};
  const byEmail = taken.find((t) => t.email === input.email);
  if (byEmail) errors.email = emUsoError('email', byEmail.visible);
  const byCpf = input.cpf ? taken.find((t) => t.cpf === input.cpf) : undefined;
  if (byCpf) errors.cpf = emUsoError('cpf', byCpf.visible);
  return errors;
}

/** Users of a type (at any of these dealers) the caller may see: whose permissions may be cloned. */
export function usuariosByTipo(
  db: DbOrTx,
  session: Session,
  filter: { tipo: TipoUsuario; dealerIds?: number[] | null; busca: string | null },
) {
  return db
    .select(listColumns(session))
    .from(usuarios)
    .where(
      allOf(
        usuarioScope(session),
        eq(usuarios.tipo, filter.tipo),
        eq(usuarios.active, true),
        searchIn(filter.busca, usuarios.busca),
        filter.dealerIds?.length
          ? sql`exists (select 1 from ${usuarioDealers} ud where ud.usuario_id = ${usuariosId} and ud.dealer_id in ${filter.dealerIds})`
          : undefined,
      ),
    )
    .orderBy(asc(usuarios.nome), asc(usuarios.id))
    .limit(USUARIOS_BY_TIPO_LIMIT);
}
export const USUARIOS_BY_TIPO_LIMIT = 50;

/** The id of the user with this e-mail or CPF, only within the caller's scope. */
export async function findUsuarioIdBy(db: DbOrTx, session: Session, by: { email: string } | { cpf: string }) {
  const [row] = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(allOf('email' in by ? eq(usuarios.email, by.email) : eq(usuarios.cpf, by.cpf), usuarioScope(session)));
  return row?.id;
}

/** Products offered for these dealers and user type: a dealer-group user gets the portal and the dealers' products. */
export async function produtoIdsFor(db: DbOrTx, dealerIds: number[], tipo: TipoUsuario, portal: string) {
  if (tipo !== 'DEALER_GRUPO') return null;
  const rows = await db
    .select({ id: produtos.id })
    .from(produtos)
    .where(
      sql`${produtos.nome} = ${portal} or ${
        dealerIds.length
          ? sql`exists (select 1 from ${dealerProdutos} dp where dp.produto_id = ${produtos.id} and dp.dealer_id in ${dealerIds})`
          : sql`false`
      }`,
    );
  return new Set(rows.map((r) => r.id));
}

/** Of these users, those outside the caller's scope (after a write: nobody leaves a user out of their sight). */
export async function outsideScope(db: DbOrTx, session: Session, ids: readonly number[]): Promise<Set<number>> {
  const scope = usuarioScope(session);
  if (!scope || !ids.length) return new Set();
  const rows = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(
      sql`${usuarios.id} in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json)) and not ${scope}`,
    );
  return new Set(rows.map((r) => r.id));
}
