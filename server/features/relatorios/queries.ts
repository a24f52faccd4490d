import { asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { MAX_RELATORIOS, type RelatorioFiltro } from '../../../domain/schemas/relatorio';
import { celulaScope, dealerScope, grupoScope, marcaScope, usuarioScope, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { relatorios, usuarios } from '../../db/schema';
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

/** The brands a report token names: the user's effective brands (their own, or their dealers'). */
export async function marcasDoUsuario(db: DbOrTx, usuarioId: number): Promise<number[]> {
  const [row] = await db.select({ marcas: usuarios.marcasEfetivas }).from(usuarios).where(eq(usuarios.id, usuarioId));
  return row?.marcas ?? [];
}

const MAX_DEALERS_ALCANCE = 100;

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
 * Condition on `usuarios` (unaliased): in the caller's scope, of the filtered brand (one of the
 * caller's: another's filters to nothing), group and dealer.
 */
export function usuariosDoFiltro(session: Session, f: RelatorioFiltro): SQL {
  return sql`${usuarioScope(session) ?? sql`true`}
    and ${f.marcaId ? sql`${f.marcaId} = any(usuarios.marcas_efetivas) and ${marcaScope(session, sql`${f.marcaId}::int`) ?? sql`true`}` : sql`true`}
    and ${
      f.grupoId
        ? sql`exists (select 1 from usuario_dealers ud join dealer_grupos dg on dg.dealer_id = ud.dealer_id
            where ud.usuario_id = usuarios.id and dg.grupo_id = ${f.grupoId})`
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
 * type, effective brands and dealers): in the caller's scope, of the filtered brand, group, dealer.
 */
function celulasDoFiltro(session: Session, f: RelatorioFiltro): SQL {
  return sql`${celulaScope(session) ?? sql`true`}
    and ${f.marcaId ? sql`${f.marcaId} = any(cel.marcas) and ${marcaScope(session, sql`${f.marcaId}::int`) ?? sql`true`}` : sql`true`}
    and ${
      f.grupoId
        ? sql`exists (select 1 from dealer_grupos dg where dg.dealer_id = any(cel.dealers) and dg.grupo_id = ${f.grupoId})`
        : sql`true`
    }
    and ${f.dealerId ? sql`${f.dealerId} = any(cel.dealers)` : sql`true`}`;
}

/**
 * What the reach report counts: per announcement sent in the period and audience cell in the
 * caller's scope and the filters, its deliveries, reads and confirmations (comunicado_alcance, kept
 * by the database from the deliveries: migration 0030), with the cell's brands and dealers. A
 * recipient counts in the cell they were in when the announcement reached them. A manufacturer counts
 * only announcements sent by someone of their brands: another brand's announcements to a dealer both
 * sell stay out of their figures.
 */
function alcanceDoPeriodo(session: Session, f: RelatorioFiltro): SQL {
  const remetente =
    session.tipo === 'MONTADORA'
      ? sql`exists (select 1 from usuario_marcas sm join usuario_marcas mine on mine.marca_id = sm.marca_id
          where sm.usuario_id = c.remetente_id and mine.usuario_id = ${session.usuarioId})`
      : sql`true`;
  return sql`select a.comunicado_id, a.destinatarios, a.lidos, a.confirmados,
      case when c.exige_confirmacao then a.destinatarios else 0 end as pedem_confirmacao, cel.marcas, cel.dealers
    from comunicados c
    join comunicado_alcance a on a.comunicado_id = c.id
    join audiencia_celulas cel on cel.id = a.celula_id
    where c.enviado_em >= ${f.inicio}::date and c.enviado_em < ${f.fim}::date + 1 and ${remetente}
      and a.destinatarios > 0 and ${celulasDoFiltro(session, f)}`;
}

const CONTAGENS = sql`count(distinct e.comunicado_id)::int as comunicados,
  coalesce(sum(e.destinatarios), 0)::int as destinatarios, coalesce(sum(e.lidos), 0)::int as lidos,
  coalesce(sum(e.pedem_confirmacao), 0)::int as pedem_confirmacao, coalesce(sum(e.confirmados), 0)::int as confirmados`;

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

/**
 * Announcement reach (the built-in ALCANCE_COMUNICADOS report): the totals, then the same figures by
 * brand (the recipient's brands within the caller's), by dealer group and by dealer (within the
 * caller's scope, the least read first; a recipient working at two dealers counts at each). Sums of
 * the reach summary (a few rows per announcement and cell), never a pass over the deliveries.
 */
export async function alcance(db: DbOrTx, session: Session, f: RelatorioFiltro, dealersMax = MAX_DEALERS_ALCANCE) {
  const envios = alcanceDoPeriodo(session, f);
  const run = async (nivel: LinhaAlcance['nivel'], linhas: SQL, limite?: number) => {
    const { rows } = await db.execute<Contagens & { id: number; nome: string }>(sql`with e as (${envios})
      select l.* from (${linhas}) l
      order by l.lidos::float8 / nullif(l.destinatarios, 0) asc nulls first, l.nome, l.id
      ${limite === undefined ? sql`` : sql`limit ${limite}`}`);
    return rows.map((r): LinhaAlcance => ({ id: String(r.id), nivel, nome: r.nome, ...figuras(r) }));
  };
  const marcaFiltro = f.marcaId ? sql`m.id = ${f.marcaId}` : sql`true`;
  const [totais] = (await db.execute<Contagens>(sql`with e as (${envios}) select ${CONTAGENS} from e`)).rows;
  const marcas = await run(
    'MARCA',
    sql`select m.id, m.nome, ${CONTAGENS} from e cross join unnest(e.marcas) as mu(marca_id)
      join marcas m on m.id = mu.marca_id
      where ${marcaScope(session, sql`m.id`) ?? sql`true`} and ${marcaFiltro} group by m.id, m.nome`,
  );
  const grupos = await run(
    'GRUPO',
    sql`select grupos.id, grupos.nome, ${CONTAGENS}
      from e cross join lateral (select distinct dg.grupo_id from dealer_grupos dg where dg.dealer_id = any(e.dealers)) g
      join grupos on grupos.id = g.grupo_id
      where ${grupoScope(session) ?? sql`true`} and ${f.grupoId ? sql`grupos.id = ${f.grupoId}` : sql`true`}
      group by grupos.id, grupos.nome`,
  );
  const dealers = await run(
    'DEALER',
    sql`select dealers.id, dealers.nome_exibicao as nome, ${CONTAGENS}
      from e cross join unnest(e.dealers) as ud(dealer_id) join dealers on dealers.id = ud.dealer_id
      where ${dealerScope(session) ?? sql`true`}
        and ${f.dealerId ? sql`dealers.id = ${f.dealerId}` : sql`true`}
        and ${
          f.grupoId
            ? sql`exists (select 1 from dealer_grupos dg where dg.dealer_id = dealers.id and dg.grupo_id = ${f.grupoId})`
            : sql`true`
        }
      group by dealers.id, dealers.nome_exibicao`,
    dealersMax,
  );
  return { ...figuras(totais!), marcas, grupos, dealers };
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
  const { rows: semanas } = await db.execute<{ semana: string; usuarios: number; acessos: number }>(sql`
    select to_char(s.semana, 'YYYY-MM-DD') as semana, count(*)::int as usuarios, sum(s.acessos)::int as acessos
    from usuario_acessos_semana s join usuarios on usuarios.id = s.usuario_id
    where s.semana >= date_trunc('week', ${f.inicio}::date)::date and s.semana <= ${f.fim}::date and ${filtro}
    group by s.semana order by s.semana`);
  const [total, ...porTipo] = tipos.map((r) => linhaUsuarios('TIPO', r));
  return {
    ...total!,
    porTipo,
    porMarca: marcas.map((r) => linhaUsuarios('MARCA', r)),
    semanas: semanas.map((r) => ({ semana: r.semana, usuarios: Number(r.usuarios), acessos: Number(r.acessos) })),
  };
}
