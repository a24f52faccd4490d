import { sql, type SQL } from 'drizzle-orm';
import type { ColunaRollup, LinhaRollup, NivelRollup } from '../../../domain/comunicados';
import type { Session } from '../../authz';
import { autorScope, celulaScope, dealerScope, grupoScope, marcaScope, usuarioScope } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { allOf, pageOf, pageWithTotal, searchAny, type ListInput } from '../../db/lists';
import { PODE_LEMBRAR } from './queries';

// Data access of an announcement's dashboard (issue #28): every figure is one SQL aggregate over its
// deliveries (comunicado_envios by the unique index (comunicado_id, usuario_id)), never a loop over
// rows in JavaScript. The roll-up rows and the unread list are cut to the caller's scope.

/**
 * Condition: `usuarioId` is a recipient the viewer counts. `alheio`: a viewer who is not the
 * announcement's author (an approver reaching the author), who counts and reminds the recipients
 * they reach only (`extra`: what they count anyway); the author counts every recipient.
 */
export function doAlcance(alheio: Session | undefined, usuarioId: SQL, extra?: SQL): SQL {
  const alcance = alheio && autorScope(alheio, usuarioId);
  return alcance ? sql`(${extra ? sql`${extra} or ` : sql``}${alcance})` : sql`true`;
}

/**
 * Recipients, reads, confirmations (counted apart) and the e-mails' statuses: one statement. The
 * first three are the sums of the announcement's reach summary (`comunicado_alcance`, its deliveries
 * counted per audience cell by triggers): a few thousand rows read instead of one per delivery.
 */
export async function figuras(db: DbOrTx, id: number, alheio?: Session) {
  const celulas = alheio && celulaScope(alheio);
  const { rows } = await db.execute<Record<string, number>>(sql`
    select e.destinatarios, e.lidos, e.confirmados, m.fila, m.enviados, m.falhas
    from (select coalesce(sum(destinatarios), 0)::int as destinatarios, coalesce(sum(lidos), 0)::int as lidos,
        coalesce(sum(confirmados), 0)::int as confirmados
      from comunicado_alcance where comunicado_id = ${id}
        ${celulas ? sql`and celula_id in (select cel.id from audiencia_celulas cel where ${celulas})` : sql``}) e,
    (select count(*) filter (where status = 'FILA')::int as fila,
        count(*) filter (where status = 'ENVIADO')::int as enviados,
        count(*) filter (where status = 'FALHOU')::int as falhas
      from comunicado_emails m where comunicado_id = ${id} and ${doAlcance(alheio, sql`m.usuario_id`, sql`m.avulso`)}) m`);
  const r = rows[0]!;
  const destinatarios = Number(r.destinatarios);
  const lidos = Number(r.lidos);
  return {
    destinatarios,
    lidos,
    confirmados: Number(r.confirmados),
    taxaLeitura: destinatarios === 0 ? 0 : lidos / destinatarios,
    emails: { fila: Number(r.fila), enviados: Number(r.enviados), falhas: Number(r.falhas) },
  };
}

/**
 * Reads and confirmations over time: by hour while the reads span two days or less, by day after
 * (`data` is then a day in the portal's time zone, else the hour's ISO 8601 instant, UTC). Every
 * hour or day from the first read to the last is there, a quiet one with zeros, so the chart's
 * line does not join the busy ones across it.
 */
export async function leiturasPorTempo(db: DbOrTx, id: number, alheio?: Session) {
  const meus = doAlcance(alheio, sql`usuario_id`);
  const { rows } = await db.execute<{ data: string; lidos: number; confirmados: number }>(sql`
    with eventos as (
      select lido_em as em, 1 as lido, 0 as confirmado from comunicado_envios
        where comunicado_id = ${id} and lido_em is not null and ${meus}
      union all
      select confirmado_em, 0, 1 from comunicado_envios where comunicado_id = ${id} and confirmado_em is not null and ${meus}),
    passo as (select coalesce(max(em) - min(em) <= interval '2 days', true) as hora from eventos),
    contagem as (
      select case when passo.hora then date_trunc('hour', eventos.em at time zone 'UTC')
          else date_trunc('day', eventos.em::timestamp) end as balde,
        sum(lido)::int as lidos, sum(confirmado)::int as confirmados
      from eventos, passo group by 1),
    baldes as (
      select generate_series(min(balde), max(balde), case when passo.hora then interval '1 hour' else interval '1 day' end)
        as balde
      from contagem, passo group by passo.hora)
    select case when passo.hora then to_char(baldes.balde, 'YYYY-MM-DD"T"HH24":00:00.000Z"')
        else to_char(baldes.balde, 'YYYY-MM-DD') end as data,
      coalesce(contagem.lidos, 0) as lidos, coalesce(contagem.confirmados, 0) as confirmados
    from baldes cross join passo left join contagem on contagem.balde = baldes.balde
    order by baldes.balde`);
  return rows.map((r) => ({ data: String(r.data), lidos: Number(r.lidos), confirmados: Number(r.confirmados) }));
}

export { NIVEIS_ROLLUP, COLUNAS_ROLLUP } from '../../../domain/comunicados';
/** Rows of the chart: the level's least read. */
export const MENOS_LIDOS_MAX = 15;

/**
 * Read rate rolled up by brand (the recipient's brands and their dealers'), dealer group (through
 * their dealers or named in it) or dealer, only rows within the caller's scope (a manufacturer sees
 * their brands' rows, never another brand's): a page of it in the asked order (least read first by
 * default; ties by name), the total of the rows whose name holds `busca`, and the level's least read
 * (the chart, whatever the page and the search). One statement: the rows are summed once and held.
 * The counts come from the announcement's reach summary (`comunicado_alcance`: its deliveries summed
 * per audience cell, the users sharing a type, brands, dealers and groups named; kept by triggers
 * on every write of the deliveries), spread over each cell's brands, groups or dealers, each once per
 * cell (so a recipient counts once in a group they reach two ways): a few thousand rows instead of
 * a row per delivery, and the figures the reach report gives, a recipient counted where they were
 * when it was delivered. A national announcement's dealer level has ~5,000 rows: only the page and
 * the chart's rows leave the database.
 */
export async function rollup(
  db: DbOrTx,
  session: Session,
  id: number,
  nivel: NivelRollup,
  f: ListInput<ColunaRollup>,
): Promise<{ content: LinhaRollup[]; totalElements: number; menosLidos: LinhaRollup[] }> {
  // Each cell's keys of the level, once each (a cell's dealers may share a group, named in it too).
  const chaves: Record<NivelRollup, SQL> = {
    MARCA: sql`unnest(cel.marcas)`,
    DEALER: sql`unnest(cel.dealers)`,
    GRUPO: sql`(select dg.grupo_id from dealer_grupos dg where dg.dealer_id = any(cel.dealers)
      union select unnest(cel.grupos))`,
  };
  const porCelula = sql`select k.chave, sum(a.destinatarios) as destinatarios, sum(a.lidos) as lidos,
      sum(a.confirmados) as confirmados
    from comunicado_alcance a join audiencia_celulas cel on cel.id = a.celula_id
    cross join lateral ${chaves[nivel]} as k(chave)
    where a.comunicado_id = ${id} group by k.chave`;
  const linhas: Record<NivelRollup, SQL> = {
    MARCA: sql`select m.id, m.nome, t.destinatarios, t.lidos, t.confirmados
      from (${porCelula}) t join marcas m on m.id = t.chave
      where ${marcaScope(session, sql`m.id`) ?? sql`true`}`,
    GRUPO: sql`select grupos.id, grupos.nome, t.destinatarios, t.lidos, t.confirmados
      from (${porCelula}) t join grupos on grupos.id = t.chave where ${grupoScope(session) ?? sql`true`}`,
    DEALER: sql`select dealers.id, dealers.nome_exibicao as nome, t.destinatarios, t.lidos, t.confirmados
      from (${porCelula}) t join dealers on dealers.id = t.chave where ${dealerScope(session) ?? sql`true`}`,
  };
  const colunas: Record<ColunaRollup, SQL> = {
    nome: sql`nome_folded`,
    destinatarios: sql`destinatarios`,
    lidos: sql`lidos`,
    confirmados: sql`confirmados`,
    taxaLeitura: sql`taxa`,
  };
  const direcao = sql.raw(f.sort?.order === 'DESC' ? 'desc' : 'asc');
  const coluna = f.sort?.field ?? 'taxaLeitura';
  // Names compare case- and accent-blind (as the reader's language would sort them; the database
  // collation is C); ties by name, ascending whatever the direction (the order never jumps), then id.
  const ordem =
    coluna === 'nome'
      ? sql`nome_folded ${direcao}, nome ${direcao}, id ${direcao}`
      : sql`${colunas[coluna]} ${direcao}, nome_folded, nome, id`;
  const { limit, offset } = pageOf(f);
  const campos = sql`id, nome, destinatarios, lidos, confirmados, taxa`;
  const { rows } = await db.execute<{ total: number; pagina: LinhaJson[]; menos: LinhaJson[] }>(sql`
    with todas as materialized (
      select l.id, l.nome, l.destinatarios::int as destinatarios, l.lidos::int as lidos,
        l.confirmados::int as confirmados, coalesce(l.lidos::float8 / nullif(l.destinatarios, 0), 0) as taxa,
        fold(l.nome) as nome_folded
      from (${linhas[nivel]}) l),
    lista as (select * from todas where ${searchAny(f.busca, [sql`nome`]) ?? sql`true`})
    select (select count(*) from lista)::int as total,
      (select coalesce(json_agg(p order by p.n), '[]') from (select ${campos}, row_number() over (order by ${ordem}) as n
        from (select * from lista order by ${ordem} limit ${limit} offset ${offset}) lista) p) as pagina,
      (select coalesce(json_agg(m order by m.n), '[]') from (select ${campos}, row_number() over (order by taxa, nome_folded, nome, id) as n
        from (select * from todas order by taxa, nome_folded, nome, id limit ${MENOS_LIDOS_MAX}) todas) m) as menos`);
  const r = rows[0]!;
  return { content: r.pagina.map(linhaView), totalElements: Number(r.total), menosLidos: r.menos.map(linhaView) };
}

interface LinhaJson {
  id: number;
  nome: string;
  destinatarios: number;
  lidos: number;
  confirmados: number;
  taxa: number;
}

const linhaView = (r: LinhaJson): LinhaRollup => ({
  id: String(r.id),
  nome: r.nome,
  destinatarios: Number(r.destinatarios),
  lidos: Number(r.lidos),
  confirmados: Number(r.confirmados),
  taxaLeitura: Number(r.taxa),
});

export interface NaoLido {
  id: number;
  nome: string;
  email: string;
  lidoEm: string | null;
  confirmadoEm: string | null;
}

function naoLidosWhere(session: Session, id: number, busca: string | null | undefined) {
  return allOf(
    sql`e.comunicado_id = ${id} and e.lido_em is null`,
    usuarioScope(session),
    searchAny(busca, [sql`usuarios.nome`, sql`usuarios.email`]),
  )!;
}

const NAO_LIDOS_FROM = sql`comunicado_envios e join usuarios on usuarios.id = e.usuario_id`;

const naoLidoView = (r: Record<string, unknown>): NaoLido => ({
  id: Number(r.id),
  nome: String(r.nome),
  email: String(r.email),
  lidoEm: null,
  confirmadoEm: r.confirmado_em == null ? null : new Date(r.confirmado_em as string).toISOString(),
});

/** The recipients who have not read it, by name, within the caller's scope (paged). */
export function naoLidos(db: DbOrTx, session: Session, id: number, f: ListInput) {
  const where = naoLidosWhere(session, id, f.busca);
  const order =
    f.sort?.order === 'DESC' ? sql.raw('usuarios.nome desc, usuarios.id desc') : sql.raw('usuarios.nome, usuarios.id');
  return pageWithTotal(
    f,
    async (limit, offset) => {
      const { rows } = await db.execute<Record<string, unknown>>(sql`
        select usuarios.id, usuarios.nome, usuarios.email, e.confirmado_em from ${NAO_LIDOS_FROM}
        where ${where} order by ${order} limit ${limit} offset ${offset}`);
      return rows.map(naoLidoView);
    },
    async () => {
      const { rows } = await db.execute<{ total: number }>(
        sql`select count(*)::int as total from ${NAO_LIDOS_FROM} where ${where}`,
      );
      return Number(rows[0]!.total);
    },
  );
}

/** Every unread recipient (the export), by name. */
export async function todosNaoLidos(db: DbOrTx, session: Session, id: number, busca?: string | null) {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select usuarios.id, usuarios.nome, usuarios.email, e.confirmado_em from ${NAO_LIDOS_FROM}
    where ${naoLidosWhere(session, id, busca)} order by usuarios.nome, usuarios.id`);
  return rows.map(naoLidoView);
}

/**
 * Claims today's reminder of a sent announcement: sets lembrado_em unless one went in the last 24
 * hours. The row lock makes a concurrent second claim wait and then find it taken. Answers whether
 * this call got it.
 */
export async function reivindicarLembrete(tx: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await tx.execute(sql`update comunicados c set lembrado_em = now()
    where c.id = ${id} and c.estado = 'ENVIADO' and ${PODE_LEMBRAR} returning c.id`);
  return rows.length > 0;
}

/** The unread recipients of an announcement (`alheio`'s only), as a subquery of user ids (for `notify`). */
export const naoLidosIds = (id: number, alheio?: Session) =>
  sql`select e.usuario_id from comunicado_envios e where e.comunicado_id = ${id} and e.lido_em is null
    and ${doAlcance(alheio, sql`e.usuario_id`)}`;
