import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { MAX_RELATORIOS, type RelatorioFiltro } from '../../../domain/schemas/relatorio';
import { celulaScope, dealerScope, grupoScope, marcaScope, usuarioScope, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { relatorios } from '../../db/schema';
import { referenceQueries } from '../../reference/feature';

// Data access of the reports (issue #31): the definitions (a small table read whole), and the
// built-in reports' figures, each an SQL aggregate in the caller's scope.

export type RelatorioRow = typeof relatorios.$inferSelect;

const base = referenceQueries(relatorios, relatorios.posicao, relatorios.slug);

export const definicoes = {
  ...base,
  list: (db: DbOrTx) =>
    db.select().from(relatorios).orderBy(asc(relatorios.posicao), asc(relatorios.slug)).limit(MAX_RELATORIOS),
  async bySlug(db: DbOrTx, slug: string): Promise<RelatorioRow | undefined> {
    const [row] = await db.select().from(relatorios).where(eq(relatorios.slug, slug));
    return row;
  },
  async total(db: DbOrTx): Promise<number> {
    const [{ n }] = await db.select({ n: count() }).from(relatorios);
    return n;
  },
};

/**
 * The scope a report token names: the user's effective brands (their own, or their dealers') and
 * the dealers they work at (what a dealer group's user sees), each sorted.
 */
export async function escopoDoUsuario(db: DbOrTx, usuarioId: number): Promise<{ marcas: number[]; dealers: number[] }> {
  const { rows } = await db.execute<{ marcas: number[]; dealers: number[] }>(sql`select u.marcas_efetivas as marcas,
      coalesce((select array_agg(ud.dealer_id order by ud.dealer_id) from usuario_dealers ud where ud.usuario_id = u.id), '{}') as dealers
    from usuarios u where u.id = ${usuarioId}`);
  return { marcas: (rows[0]?.marcas ?? []).map(Number), dealers: (rows[0]?.dealers ?? []).map(Number) };
}

const MAX_DEALERS_ALCANCE = 100;

/** Most dealer groups a filter offers (a national network has about 300). */
const MAX_OPCOES_GRUPO = 2000;

/**
 * The brand and dealer-group choices of the built-in reports' filters: the active ones in the
 * caller's scope (as `filtrosNoAlcance` reads a filter), by name. A dealer-group user's brands are
 * their dealers' (not only their own user's), so every brand their figures count is offered.
 */
export async function opcoesDosFiltros(db: DbOrTx, session: Session) {
  const [marcas, grupos] = await Promise.all([
    db.execute<{ id: string; nome: string }>(sql`select marcas.id::text as id, marcas.nome from marcas
      where marcas.active and ${marcaScope(session, sql`marcas.id`) ?? sql`true`} order by fold(marcas.nome), marcas.id`),
    // Each group with its brands in the caller's scope, so the form offers the groups of the brand chosen.
    db.execute<{ id: string; nome: string; marcaIds: string[] }>(sql`select grupos.id::text as id, grupos.nome,
        array(select gm.marca_id::text from grupo_marcas gm
          where gm.grupo_id = grupos.id and ${marcaScope(session, sql`gm.marca_id`) ?? sql`true`}
          order by gm.marca_id) as "marcaIds"
      from grupos
      where grupos.active and ${grupoScope(session) ?? sql`true`} order by fold(grupos.nome), grupos.id
      limit ${MAX_OPCOES_GRUPO}`),
  ]);
  return { marcas: marcas.rows, grupos: grupos.rows };
}

export interface LinhaAlcance {
  id: string;
  nivel: 'MARCA' | 'GRUPO' | 'DEALER';
  nome: string;
  comunicados: number;
  destinatarios: number;
  lidos: number;
  pedemConfirmacao: number;
  confirmados: number;
  taxaLeitura: number;
  taxaConfirmacao: number;
}

const taxa = (parte: number, todo: number) => (todo === 0 ? 0 : parte / todo);

/**
 * Condition: the brand, dealer group and dealer the filters name are in the caller's scope. A filter
 * naming another scope's gives nothing (not even which of the caller's dealers are in another
 * brand's group).
 */
function filtrosNoAlcance(session: Session, f: RelatorioFiltro): SQL {
  const grupos = grupoScope(session);
  const dealers = dealerScope(session);
  return sql`${f.marcaId ? (marcaScope(session, sql`${f.marcaId}::int`) ?? sql`true`) : sql`true`}
    and ${f.grupoId && grupos ? sql`exists (select 1 from grupos where grupos.id = ${f.grupoId} and ${grupos})` : sql`true`}
    and ${f.dealerId && dealers ? sql`exists (select 1 from dealers where dealers.id = ${f.dealerId} and ${dealers})` : sql`true`}`;
}

/**
 * Condition on `usuarios` (unaliased): in the caller's scope, of the filtered brand, group (through
 * their dealers or named in it, as the audience engine reads a group) and dealer (each one of the
 * caller's: another's filters to nothing).
 */
export function usuariosDoFiltro(session: Session, f: RelatorioFiltro): SQL {
  return sql`${usuarioScope(session) ?? sql`true`} and ${filtrosNoAlcance(session, f)}
    and ${f.marcaId ? sql`${f.marcaId} = any(usuarios.marcas_efetivas)` : sql`true`}
    and ${
      f.grupoId
        ? sql`(exists (select 1 from usuario_grupos ug where ug.usuario_id = usuarios.id and ug.grupo_id = ${f.grupoId})
            or exists (select 1 from usuario_dealers ud join dealer_grupos dg on dg.dealer_id = ud.dealer_id
              where ud.usuario_id = usuarios.id and dg.grupo_id = ${f.grupoId}))`
        : sql`true`
    }
    and ${
      f.dealerId
        ? sql`exists (select 1 from usuario_dealers ud where ud.usuario_id = usuarios.id and ud.dealer_id = ${f.dealerId})`
        : sql`true`
    }`;
}

/**
 * Condition on `audiencia_celulas cel`: usuariosDoFiltro on an audience cell (the users sharing a
 * type, effective brands, dealers and groups named): in the caller's scope, of the filtered brand,
 * group, dealer.
 */
function celulasDoFiltro(session: Session, f: RelatorioFiltro): SQL {
  return sql`${celulaScope(session) ?? sql`true`} and ${filtrosNoAlcance(session, f)}
    and ${f.marcaId ? sql`${f.marcaId} = any(cel.marcas)` : sql`true`}
    and ${
      f.grupoId
        ? sql`(${f.grupoId} = any(cel.grupos)
            or exists (select 1 from dealer_grupos dg where dg.dealer_id = any(cel.dealers) and dg.grupo_id = ${f.grupoId}))`
        : sql`true`
    }
    and ${f.dealerId ? sql`${f.dealerId} = any(cel.dealers)` : sql`true`}`;
}

/**
 * The CTEs (after `with`) the reach report sums: `cel`, the audience cells in the caller's scope and
 * the filters; `e`, per announcement sent in the period and such cell, its deliveries, reads,
 * confirmations asked and given (comunicado_alcance, kept by the database from the deliveries:
 * migration 0030); `cel_dealer`, each cell's dealers. A recipient counts in the cell they were in
 * when the announcement reached them. A manufacturer counts only announcements sent by someone of
 * their brands: another brand's announcements to a dealer both sell stay out of their figures.
 */
function alcanceDoPeriodo(session: Session, f: RelatorioFiltro): SQL {
  const remetente =
    session.tipo === 'MONTADORA'
      ? sql`exists (select 1 from usuario_marcas sm join usuario_marcas mine on mine.marca_id = sm.marca_id
          where sm.usuario_id = c.remetente_id and mine.usuario_id = ${session.usuarioId})`
      : sql`true`;
  return sql`cel as materialized (select cel.id, cel.marcas, cel.dealers, cel.grupos from audiencia_celulas cel
      where ${celulasDoFiltro(session, f)}),
    c as materialized (select c.id, c.exige_confirmacao from comunicados c
      where c.enviado_em >= ${f.inicio}::date and c.enviado_em < ${f.fim}::date + 1 and ${remetente}),
    e as materialized (select a.comunicado_id, a.celula_id, a.destinatarios, a.lidos, a.confirmados,
        case when c.exige_confirmacao then a.destinatarios else 0 end as pedem_confirmacao
      from comunicado_alcance a join c on c.id = a.comunicado_id
      where a.destinatarios > 0 and a.celula_id in (select id from cel)),
    cel_dealer as (select cel.id as celula_id, d.dealer_id from cel cross join unnest(cel.dealers) as d(dealer_id))`;
}

/** Deliveries, reads, confirmations asked and given, summed over the rows of `de`. */
const somas = (de: SQL) => sql`coalesce(sum(${de}.destinatarios), 0)::int as destinatarios,
  coalesce(sum(${de}.lidos), 0)::int as lidos, coalesce(sum(${de}.pedem_confirmacao), 0)::int as pedem_confirmacao,
  coalesce(sum(${de}.confirmados), 0)::int as confirmados`;

type Contagens = {
  comunicados: number;
  destinatarios: number;
  lidos: number;
  pedem_confirmacao: number;
  confirmados: number;
};

function figuras(r: Contagens) {
  const destinatarios = Number(r.destinatarios);
  const pedemConfirmacao = Number(r.pedem_confirmacao);
  return {
    comunicados: Number(r.comunicados),
    destinatarios,
    lidos: Number(r.lidos),
    pedemConfirmacao,
    confirmados: Number(r.confirmados),
    taxaLeitura: taxa(Number(r.lidos), destinatarios),
    taxaConfirmacao: taxa(Number(r.confirmados), pedemConfirmacao),
  };
}

/** A level's rows in order, the least read first (`s` its sums, `n` its names). */
const MENOS_LIDOS_PRIMEIRO = sql`row_number() over (order by s.lidos::float8 / nullif(s.destinatarios, 0) asc nulls first, n.nome, n.id) as ordem`;

/**
 * One level of the roll-up as a JSON array, the least read first: `pares` names the CTE of the
 * (celula_id, id) pairs of the level's rows in scope, `nomes` (id, nome) their names. A row's sums
 * come from `ec` (the period's figures per cell, a few thousand rows); only how many announcements
 * reached it needs the (row, announcement) pairs of `e`, kept distinct without sums (summing them
 * per pair too, as before, cost 15% of the statement on PGlite: 390 -> 330 ms p50 on the bench's
 * data, the same answer). With a `limite` (the dealers: 100 of about a thousand; null: every row),
 * the rows listed are chosen first by their sums, and only theirs count announcements.
 */
function nivel(pares: SQL, nomes: SQL, limite: number | null = null): SQL {
  return sql`(with listados as materialized (
      select n.id, n.nome, s.destinatarios, s.lidos, s.pedem_confirmacao, s.confirmados,
        ${MENOS_LIDOS_PRIMEIRO}
      from (select k.id, ${somas(sql`ec`)} from ec join ${pares} k on k.celula_id = ec.celula_id group by k.id) s
      join (${nomes}) n on n.id = s.id
      order by ordem limit ${limite})
    select coalesce(json_agg(l order by l.ordem), '[]') from (
      select li.id, li.nome, coalesce(cn.comunicados, 0) as comunicados, li.destinatarios, li.lidos, li.pedem_confirmacao,
        li.confirmados, li.ordem
      from listados li left join (select p.id, count(*)::int as comunicados
        from (select distinct k.id, e.comunicado_id from e join ${pares} k on k.celula_id = e.celula_id
          where k.id in (select id from listados)) p group by p.id) cn on cn.id = li.id) l)`;
}

/**
 * Announcement reach (the built-in ALCANCE_COMUNICADOS report): the totals, then the same figures by
 * brand (the recipient's brands within the caller's), by dealer group and by dealer (within the
 * caller's scope, the least read first; a recipient working at two dealers counts at each). One
 * statement over the reach summary (a row per announcement and audience cell), never a pass over
 * the deliveries.
 */
export async function alcance(db: DbOrTx, session: Session, f: RelatorioFiltro, dealersMax = MAX_DEALERS_ALCANCE) {
  const nomes = {
    marcas: sql`select id, nome from marcas`,
    grupos: sql`select grupos.id, grupos.nome from grupos where ${grupoScope(session) ?? sql`true`}`,
    dealers: sql`select dealers.id, dealers.nome_exibicao as nome from dealers where ${dealerScope(session) ?? sql`true`}`,
  };
  // Each level's (cell, row) pairs in scope, a few thousand, computed once before they meet the
  // period's summary rows (inlined, the planner may unnest a cell's brands once per summary row).
  const pares = sql`k_marca as materialized (select cel.id as celula_id, m.marca_id as id
      from cel cross join unnest(cel.marcas) as m(marca_id)
      where ${marcaScope(session, sql`m.marca_id`) ?? sql`true`} and ${f.marcaId ? sql`m.marca_id = ${f.marcaId}` : sql`true`}),
    k_grupo as materialized (select k.celula_id, k.id from (
        select cd.celula_id, dg.grupo_id as id from cel_dealer cd join dealer_grupos dg on dg.dealer_id = cd.dealer_id
        union select cel.id, g.grupo_id from cel cross join unnest(cel.grupos) as g(grupo_id)) k
      where ${f.grupoId ? sql`k.id = ${f.grupoId}` : sql`true`} and k.id in (select id from (${nomes.grupos}) ns)),
    k_dealer as materialized (select cd.celula_id, cd.dealer_id as id from cel_dealer cd
      where ${f.dealerId ? sql`cd.dealer_id = ${f.dealerId}` : sql`true`}
        and ${
          f.grupoId
            ? sql`exists (select 1 from dealer_grupos dg where dg.dealer_id = cd.dealer_id and dg.grupo_id = ${f.grupoId})`
            : sql`true`
        }
        and cd.dealer_id in (select id from (${nomes.dealers}) ns))`;
  const marcas = nivel(sql`k_marca`, nomes.marcas);
  const grupos = nivel(sql`k_grupo`, nomes.grupos);
  const dealers = nivel(sql`k_dealer`, nomes.dealers, dealersMax);
  type Linha = Contagens & { id: number; nome: string };
  const { rows } = await db.transaction(async (tx) => {
    // Hash joins and hash aggregates over the period's summary rows (~100,000 pairs of a level's row
    // and an announcement), in memory: with the default work_mem they spilled to disk, and once the
    // summary table has statistics the planner sorted them instead (3x slower, measured).
    await tx.execute(sql`select set_config('work_mem', '64MB', true), set_config('enable_sort', 'off', true)`);
    return tx.execute<{ totais: Contagens; marcas: Linha[]; grupos: Linha[]; dealers: Linha[] }>(sql`
      with ${alcanceDoPeriodo(session, f)}, ${pares},
        ec as materialized (select e.celula_id, ${somas(sql`e`)} from e group by e.celula_id)
      select (select row_to_json(t) from (select (select count(*) from (select distinct comunicado_id from e) d)::int as comunicados,
          ${somas(sql`ec`)} from ec) t) as totais,
        ${marcas} as marcas, ${grupos} as grupos, ${dealers} as dealers`);
  });
  const r = rows[0]!;
  const linhas = (de: LinhaAlcance['nivel'], lista: Linha[]) =>
    lista.map((l): LinhaAlcance => ({ id: String(l.id), nivel: de, nome: l.nome, ...figuras(l) }));
  return {
    ...figuras(r.totais),
    marcas: linhas('MARCA', r.marcas),
    grupos: linhas('GRUPO', r.grupos),
    dealers: linhas('DEALER', r.dealers),
  };
}

/** A user's status in the Users report: special activation, dormant (inactivated for inactivity), inactive or active. */
const STATUS = sql`case when not usuarios.active and usuarios.inativado_por_inatividade then 'DORMENTE'
  when not usuarios.active then 'INATIVO' when usuarios.ativacao_especial then 'ATIVACAO_ESPECIAL' else 'ATIVO' end`;

const POR_STATUS = sql`count(*)::int as total, count(*) filter (where status = 'ATIVO')::int as ativos,
  count(*) filter (where status = 'INATIVO')::int as inativos,
  count(*) filter (where status = 'DORMENTE')::int as dormentes,
  count(*) filter (where status = 'ATIVACAO_ESPECIAL')::int as ativacao_especial`;

export interface LinhaUsuarios {
  id: string;
  nivel: 'TIPO' | 'MARCA';
  nome: string;
  total: number;
  ativos: number;
  inativos: number;
  dormentes: number;
  ativacaoEspecial: number;
}

type PorStatus = {
  id: number | string | null;
  nome: string | null;
  total: number;
  ativos: number;
  inativos: number;
  dormentes: number;
  ativacao_especial: number;
};

const linhaUsuarios = (nivel: LinhaUsuarios['nivel'], r: PorStatus): LinhaUsuarios => ({
  id: String(r.id),
  nivel,
  nome: String(r.nome),
  total: Number(r.total),
  ativos: Number(r.ativos),
  inativos: Number(r.inativos),
  dormentes: Number(r.dormentes),
  ativacaoEspecial: Number(r.ativacao_especial),
});

/** `w(semana)`: the Monday (a date) of every week the period touches, the first week's too. */
export const semanasDoPeriodo = (f: RelatorioFiltro) =>
  sql`(select g::date as semana
    from generate_series(date_trunc('week', ${f.inicio}::date), ${f.fim}::date, interval '1 week') as g) w`;

/**
 * The built-in USUARIOS report: the caller's users (scope and filters) by status, by type (with the
 * total of all types, one `rollup`) and by brand, and per week of the period how many of them used
 * the portal and how many times they signed in (usuario_acessos_semana).
 */
export async function usuariosRelatorio(db: DbOrTx, session: Session, f: RelatorioFiltro) {
  const filtro = usuariosDoFiltro(session, f);
  const { rows: tipos } = await db.execute<PorStatus>(sql`
    select u.tipo as id, u.tipo as nome, ${POR_STATUS}
    from (select usuarios.tipo, ${STATUS} as status from usuarios where ${filtro}) u
    group by rollup (u.tipo) order by u.tipo nulls first`);
  const { rows: marcas } = await db.execute<PorStatus>(sql`
    select m.id, m.nome, ${POR_STATUS}
    from (select usuarios.marcas_efetivas, ${STATUS} as status from usuarios where ${filtro}) u
    cross join unnest(u.marcas_efetivas) as mu(marca_id) join marcas m on m.id = mu.marca_id
    where ${marcaScope(session, sql`m.id`) ?? sql`true`} and ${f.marcaId ? sql`m.id = ${f.marcaId}` : sql`true`}
    group by m.id, m.nome order by m.nome, m.id`);
  // Every week of the period, a quiet one with zeros (without it the line joined the weeks around it).
  const { rows: semanas } = await db.execute<{ semana: string; usuarios: number; acessos: number }>(sql`
    select to_char(w.semana, 'YYYY-MM-DD') as semana, count(s.usuario_id)::int as usuarios,
      coalesce(sum(s.acessos), 0)::int as acessos
    from ${semanasDoPeriodo(f)} left join (usuario_acessos_semana s join usuarios on usuarios.id = s.usuario_id)
      on s.semana = w.semana and ${filtro}
    group by w.semana order by w.semana`);
  const [total, ...porTipo] = tipos.map((r) => linhaUsuarios('TIPO', r));
  return {
    ...total!,
    porTipo,
    porMarca: marcas.map((r) => linhaUsuarios('MARCA', r)),
    semanas: semanas.map((r) => ({ semana: r.semana, usuarios: Number(r.usuarios), acessos: Number(r.acessos) })),
  };
}
