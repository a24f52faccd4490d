import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Idioma, OnboardingId, TipoUsuario } from '../../../domain/enums';
import type { UsuarioFilter } from '../../../domain/schemas/usuario';
import { dealerScope, grupoScope, usuarioScope, type Session } from '../../authz';
import type { Db, DbOrTx } from '../../db/client';
import { allOf, countOf, idOf, orderOf, pageOf, pageWithTotal, searchIn } from '../../db/lists';
import {
  auditoria,
  cargos,
  dealerGrupos,
  dealerProdutos,
  dealers,
  departamentos,
  desligamentos,
  funcionalidades,
  grupos,
  marcas,
  onboardingVistos,
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

export async function findUsuarioById(db: DbOrTx, id: number) {
  if (!Number.isSafeInteger(id)) return undefined;
  const [usuario] = await db.select().from(usuarios).where(eq(usuarios.id, id));
  return usuario;
}

export async function findUsuarioByEmail(db: DbOrTx, email: string) {
  const [usuario] = await db.select().from(usuarios).where(eq(usuarios.email, email.trim().toLowerCase()));
  return usuario;
}

/** The user of a session with their function keys, in one statement prepared once per database. */
function sessionUserStatement(db: Db) {
  return db
    .select({
      id: usuarios.id,
      email: usuarios.email,
      nome: usuarios.nome,
      tipo: usuarios.tipo,
      idioma: usuarios.idioma,
      active: usuarios.active,
      sessoesEncerradasEm: usuarios.sessoesEncerradasEm,
      funcionalidades: sql<string[]>`array(select f.chave from ${usuarioFuncionalidades} uf
        join ${funcionalidades} f on f.id = uf.funcionalidade_id where uf.usuario_id = ${idOf(usuarios)} order by f.chave)`,
      // touchUltimoAcessoHourly's own test, so a request sends its write only when it would write.
      acessoRecente: sql<boolean>`coalesce(${usuarios.ultimoAcesso} >= now() - interval '1 hour', false)`,
    })
    .from(usuarios)
    .where(eq(usuarios.email, sql.placeholder('email')))
    .prepare('sessao_usuario');
}

// Every API request reads its session (170 requests/s at national scale): a named prepared
// statement is built once and planned once per connection instead of at every request (0.41 ->
// 0.19 ms p50). A pooler in front of PostgreSQL must keep sessions (PgBouncer: session mode).
const sessionUserStatements = new WeakMap<Db, ReturnType<typeof sessionUserStatement>>();

export async function sessionUserByEmail(db: Db, email: string) {
  let statement = sessionUserStatements.get(db);
  if (!statement) sessionUserStatements.set(db, (statement = sessionUserStatement(db)));
  const [usuario] = await statement.execute({ email: email.trim().toLowerCase() });
  return usuario;
}

/** Function keys (funcionalidades.chave) granted to a user. */
export async function functionKeysOf(db: DbOrTx, usuarioId: number): Promise<{ id: number; chave: string }[]> {
  return db
    .select({ id: funcionalidades.id, chave: funcionalidades.chave })
    .from(usuarioFuncionalidades)
    .innerJoin(funcionalidades, eq(funcionalidades.id, usuarioFuncionalidades.funcionalidadeId))
    .where(eq(usuarioFuncionalidades.usuarioId, usuarioId))
    .orderBy(asc(funcionalidades.chave));
}

export async function marcasOf(db: DbOrTx, usuarioId: number) {
  return db
    .select({
      id: marcas.id,
      nome: marcas.nome,
      descricao: marcas.descricao,
      facebookId: marcas.facebookId,
      active: marcas.active,
    })
    .from(usuarioMarcas)
    .innerJoin(marcas, eq(marcas.id, usuarioMarcas.marcaId))
    .where(eq(usuarioMarcas.usuarioId, usuarioId))
    .orderBy(asc(marcas.nome));
}

/** The user's dealers, each with its first dealer group. */
export async function dealersOf(db: DbOrTx, usuarioId: number) {
  const list = await db
    .select({
      id: dealers.id,
      nomeExibicao: dealers.nomeExibicao,
      active: dealers.active,
      grupo: sql<{ id: number; nome: string } | null>`(
        select json_build_object('id', g.id, 'nome', g.nome) from ${dealerGrupos} dg
        join ${grupos} g on g.id = dg.grupo_id where dg.dealer_id = ${dealers.id} order by g.nome limit 1)`,
    })
    .from(usuarioDealers)
    .innerJoin(dealers, eq(dealers.id, usuarioDealers.dealerId))
    .where(eq(usuarioDealers.usuarioId, usuarioId))
    .orderBy(asc(dealers.nomeExibicao));
  return list;
}

/** Products the user has access types in, each with those access types. */
export async function produtosOf(db: DbOrTx, usuarioId: number) {
  const list = await db
    .select({ produto: produtos, tipoAcesso: { id: tiposAcesso.id, nome: tiposAcesso.nome } })
    .from(usuarioTiposAcesso)
    .innerJoin(tiposAcesso, eq(tiposAcesso.id, usuarioTiposAcesso.tipoAcessoId))
    .innerJoin(produtos, eq(produtos.id, tiposAcesso.produtoId))
    .where(eq(usuarioTiposAcesso.usuarioId, usuarioId))
    .orderBy(asc(produtos.nome), asc(tiposAcesso.nome));
  const byId = new Map<number, typeof produtos.$inferSelect & { tiposAcesso: { id: number; nome: string }[] }>();
  for (const { produto, tipoAcesso } of list) {
    const entry = byId.get(produto.id) ?? { ...produto, tiposAcesso: [] };
    entry.tiposAcesso.push(tipoAcesso);
    byId.set(produto.id, entry);
  }
  return [...byId.values()];
}

export async function setIdioma(db: DbOrTx, usuarioId: number, idioma: Idioma) {
  const [updated] = await db.update(usuarios).set({ idioma }).where(eq(usuarios.id, usuarioId)).returning();
  return updated;
}

/** Sign-in: the user's last access is now. */
export async function touchUltimoAcesso(db: DbOrTx, usuarioId: number) {
  await db
    .update(usuarios)
    .set({ ultimoAcesso: sql`now()` })
    .where(eq(usuarios.id, usuarioId));
}

/** Stores a new hash of the same password, unless the password changed meanwhile (then the hash differs). */
export async function replacePasswordHash(db: DbOrTx, usuarioId: number, current: string, replacement: string) {
  await db
    .update(usuarios)
    .set({ senhaHash: replacement })
    .where(and(eq(usuarios.id, usuarioId), eq(usuarios.senhaHash, current)));
}

/**
 * API use: records the last access at most once an hour per user, so the 170 requests/s of a
 * national network write a row only when an hour has passed since its last write.
 */
export async function touchUltimoAcessoHourly(db: DbOrTx, usuarioId: number) {
  await db
    .update(usuarios)
    .set({ ultimoAcesso: sql`now()` })
    .where(
      and(
        eq(usuarios.id, usuarioId),
        sql`(${usuarios.ultimoAcesso} is null or ${usuarios.ultimoAcesso} < now() - interval '1 hour')`,
      ),
    );
}

export async function isOnboardingSeen(db: DbOrTx, usuarioId: number, onboardingId: OnboardingId) {
  const [row] = await db
    .select({ usuarioId: onboardingVistos.usuarioId })
    .from(onboardingVistos)
    .where(and(eq(onboardingVistos.usuarioId, usuarioId), eq(onboardingVistos.onboardingId, onboardingId)));
  return Boolean(row);
}

/** The onboarding tours this user has seen (closed or finished), for usuarioLogado. */
export async function onboardingsOf(db: DbOrTx, usuarioId: number) {
  const rows = await db
    .select({ onboardingId: onboardingVistos.onboardingId })
    .from(onboardingVistos)
    .where(eq(onboardingVistos.usuarioId, usuarioId))
    .orderBy(asc(onboardingVistos.onboardingId));
  return rows.map((row) => row.onboardingId as OnboardingId);
}

export async function markOnboardingSeen(db: DbOrTx, usuarioId: number, onboardingId: OnboardingId) {
  await db.insert(onboardingVistos).values({ usuarioId, onboardingId }).onConflictDoNothing();
}

// The user maintenance of issue #13: the scoped list, one user as the wizard edits it, and the
// writes of salvarUsuario. Links the caller cannot see (another manufacturer's dealers, brands and
// groups) are neither answered nor changed.

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

export interface UsuarioWrite {
  id?: number | null;
  nome: string;
  email: string;
  cpf: string | null;
  tipo: TipoUsuario;
  idioma: Idioma;
  telefones: string[];
  celulares: string[];
  dataAdmissao: string | null;
  emailSuperior: string | null;
  desligamentoId: number | null;
  dataDesligamento: string | null;
  marcaIds: number[];
  grupoIds: number[];
  dealerIds: number[];
  cargos: { cargoId: number; dealerId: number; departamentoId: number | null; dataInicio: string }[];
  tiposAcessoIds: number[];
  funcionalidadeIds: number[];
}

/**
 * Inserts or updates a user and replaces their links with the given (final) sets: one statement per
 * table, the links the caller could not see already folded into the sets by the caller of this.
 */
export async function writeUsuario(tx: DbOrTx, input: UsuarioWrite): Promise<number> {
  const columns = {
    nome: input.nome,
    email: input.email,
    cpf: input.cpf,
    tipo: input.tipo,
    idioma: input.idioma,
    telefones: input.telefones,
    celulares: input.celulares,
    dataAdmissao: input.dataAdmissao,
    emailSuperior: input.emailSuperior,
    desligamentoId: input.desligamentoId,
    dataDesligamento: input.dataDesligamento,
  };
  let id = input.id;
  if (id) {
    await tx.update(usuarios).set(columns).where(eq(usuarios.id, id));
    // One query at a time: a transaction is one connection.
    for (const table of [
      usuarioMarcas,
      usuarioGrupos,
      usuarioDealers,
      usuarioCargos,
      usuarioTiposAcesso,
      usuarioFuncionalidades,
    ]) {
      await tx.delete(table).where(eq(table.usuarioId, id));
    }
  } else {
    [{ id }] = await tx.insert(usuarios).values(columns).returning({ id: usuarios.id });
  }
  const usuarioId = id;
  const links = <T>(values: T[], insert: (values: T[]) => Promise<unknown>) =>
    values.length ? insert(values) : undefined;
  await links(input.marcaIds, (v) => tx.insert(usuarioMarcas).values(v.map((marcaId) => ({ usuarioId, marcaId }))));
  await links(input.grupoIds, (v) => tx.insert(usuarioGrupos).values(v.map((grupoId) => ({ usuarioId, grupoId }))));
  await links(input.dealerIds, (v) => tx.insert(usuarioDealers).values(v.map((dealerId) => ({ usuarioId, dealerId }))));
  await links(input.cargos, (v) => tx.insert(usuarioCargos).values(v.map((c) => ({ usuarioId, ...c }))));
  await links(input.tiposAcessoIds, (v) =>
    tx.insert(usuarioTiposAcesso).values(v.map((tipoAcessoId) => ({ usuarioId, tipoAcessoId }))),
  );
  await links(input.funcionalidadeIds, (v) =>
    tx.insert(usuarioFuncionalidades).values(v.map((funcionalidadeId) => ({ usuarioId, funcionalidadeId }))),
  );
  return usuarioId;
}

/**
 * Activating clears "inactivated for inactivity" and, for a user who was inactive, restarts the
 * inactivity clock (last access now, no warning yet), so the next dormant-user run does not
 * inactivate them again at once.
 */
export async function setUsuarioActive(tx: DbOrTx, id: number, active: boolean) {
  await tx
    .update(usuarios)
    .set(
      active
        ? {
            active,
            inativadoPorInatividade: false,
            ultimoAcesso: sql`case when ${usuarios.active} then ${usuarios.ultimoAcesso} else now() end`,
            avisoInatividadeEm: sql`case when ${usuarios.active} then ${usuarios.avisoInatividadeEm} end`,
          }
        : { active },
    )
    .where(eq(usuarios.id, id));
}

export async function setAtivacaoEspecial(tx: DbOrTx, id: number, ativacaoEspecial: boolean) {
  await tx.update(usuarios).set({ ativacaoEspecial }).where(eq(usuarios.id, id));
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

/**
 * A user of the bulk import's batch: `usuario` is what is written and audited (the audit snapshot
 * of manutencao.ts: every field of a write, links sorted, plus `active`); a creation's audit
 * entry records it whole, a change records what changed, null nothing.
 */
export interface UsuarioLote {
  id: number | null;
  usuario: Omit<UsuarioWrite, 'id'> & { active: boolean };
  auditoria: 'CRIACAO' | { antes: unknown; depois: unknown } | null;
}

/**
 * The bulk import's write (issue #15): creates and updates many users with their final link sets
 * and records their audit entries, in one statement for the whole batch: the batch goes as one
 * JSON parameter (each user's snapshot once, its audit entry beside it), read once, and every
 * table's rows are written from it (data-modifying CTEs). A statement per table, each re-sending
 * and re-reading the batch, cost about 5 ms more per statement and batch of 500 on PGlite.
 * Updates bump the version and have their links replaced (deleted first, in a statement of their
 * own: in one statement the order of the deletes and inserts would be undefined). Returns the id
 * of each e-mail.
 */
export async function writeUsuariosLote(
  tx: DbOrTx,
  writes: readonly UsuarioLote[],
  autorId: number,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (!writes.length) return ids;
  const updated = writes.flatMap((w) => (w.id ? [w.id] : []));
  if (updated.length) {
    const alvo = sql`(select value::int from json_array_elements_text(${JSON.stringify(updated)}::json))`;
    const deletes = [
      usuarioMarcas,
      usuarioGrupos,
      usuarioDealers,
      usuarioCargos,
      usuarioTiposAcesso,
      usuarioFuncionalidades,
    ].map((table, i) => sql`${sql.raw(`d${i}`)} as (delete from ${table} where usuario_id in ${alvo})`);
    await tx.execute(sql`with ${sql.join(deletes, sql`, `)} select 1`);
  }
  const batch = JSON.stringify(
    writes.map((w) => ({
      id: w.id,
      u: w.usuario,
      alteracao: w.auditoria === null ? null : w.auditoria === 'CRIACAO' ? 'CRIACAO' : 'ALTERACAO',
      ...(w.auditoria !== null && w.auditoria !== 'CRIACAO' ? w.auditoria : {}),
    })),
  );
  const texts = (field: string) => sql.raw(`array(select jsonb_array_elements_text(x.u->'${field}'))`);
  // The sets come deduplicated (checkLinks, the snapshot), so no link insert can conflict.
  const links = (
    [
      [usuarioMarcas, 'marca_id', 'marcaIds'],
      [usuarioGrupos, 'grupo_id', 'grupoIds'],
      [usuarioDealers, 'dealer_id', 'dealerIds'],
      [usuarioTiposAcesso, 'tipo_acesso_id', 'tiposAcessoIds'],
      [usuarioFuncionalidades, 'funcionalidade_id', 'funcionalidadeIds'],
    ] as const
  ).map(
    ([table, column, field]) => sql`${sql.raw(`l_${column}`)} as (insert into ${table} (usuario_id, ${sql.raw(column)})
      select b.id, v::int from b cross join jsonb_array_elements_text(b.u->'${sql.raw(field)}') as v)`,
  );
  const { rows } = await tx.execute<{ id: number; email: string }>(sql`
    with x as materialized (
      select * from jsonb_to_recordset(${batch}::jsonb) as x(id int, u jsonb, alteracao text, antes jsonb, depois jsonb)
    ),
    atualizados as (
      update ${usuarios} u set nome = x.u->>'nome', idioma = (x.u->>'idioma')::idioma, telefones = ${texts('telefones')},
        celulares = ${texts('celulares')}, cpf = x.u->>'cpf', data_admissao = (x.u->>'dataAdmissao')::date,
        email_superior = x.u->>'emailSuperior', desligamento_id = (x.u->>'desligamentoId')::int,
        data_desligamento = (x.u->>'dataDesligamento')::date, version = u.version + 1
      from x where u.id = x.id
      returning u.id, u.email
    ),
    criados as (
      insert into ${usuarios} (nome, email, cpf, tipo, idioma, telefones, celulares, data_admissao, email_superior,
        desligamento_id, data_desligamento)
      select x.u->>'nome', x.u->>'email', x.u->>'cpf', (x.u->>'tipo')::tipo_usuario, (x.u->>'idioma')::idioma,
        ${texts('telefones')}, ${texts('celulares')}, (x.u->>'dataAdmissao')::date, x.u->>'emailSuperior',
        (x.u->>'desligamentoId')::int, (x.u->>'dataDesligamento')::date
      from x where x.id is null
      returning id, email
    ),
    b as materialized (
      select i.id, x.u, x.alteracao, x.antes, x.depois
      from (select id, email from criados union all select id, email from atualizados) i join x on x.u->>'email' = i.email
    ),
    ${sql.join(links, sql`, `)},
    l_cargos as (
      insert into ${usuarioCargos} (usuario_id, cargo_id, dealer_id, departamento_id, data_inicio)
      select b.id, c."cargoId", c."dealerId", c."departamentoId", c."dataInicio"
      from b cross join jsonb_to_recordset(b.u->'cargos') as c("cargoId" int, "dealerId" int, "departamentoId" int,
        "dataInicio" date)
    ),
    auditados as (
      insert into ${auditoria} (tipo, registro_id, alteracao, valor_anterior, valor_novo, autor_id)
      select 'USUARIO', b.id::text, b.alteracao, b.antes, case b.alteracao when 'CRIACAO' then b.u else b.depois end,
        ${autorId}::int
      from b where b.alteracao is not null
    )
    select id, email from criados union all select id, email from atualizados`);
  for (const r of rows) ids.set(r.email, Number(r.id));
  return ids;
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
