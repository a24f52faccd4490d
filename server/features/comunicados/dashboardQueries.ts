import { sql, type SQL } from 'drizzle-orm';
import type { Session } from '../../authz';
import { dealerScope, grupoScope, usuarioScope } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { allOf, pageWithTotal, searchAny, type ListInput } from '../../db/lists';

// Data access of an announcement's dashboard (issue #28): every figure is one SQL aggregate over its
// deliveries (comunicado_envios by the unique index (comunicado_id, usuario_id)), never a loop over
// rows in JavaScript. The roll-up rows and the unread list are cut to the caller's scope.

/** What the dashboard's access check and its `comunicado` need of the announcement. */
export interface ComunicadoDoPainel {
  id: number;
  version: number;
  estado: string;
  titulo: string;
  autorId: number;
  arquivado: boolean;
  exigeConfirmacao: boolean;
  createdAt: Date;
  enviadoEm: Date | null;
  agendadoPara: Date | null;
  destinatarios: number | null;
  lembradoEm: Date | null;
  podeLembrar: boolean;
  /** The caller's scope reaches the author (an approver "in scope"). */
  autorNoAlcance: boolean;
  criador: { id: number; nome: string; email: string; tipo: string } | null;
  departamento: { id: number; sigla: string; nome: string; assinatura: string | null } | null;
  etiquetas: { id: number; nome: string }[];
}

const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
const date = (value: unknown) => (value == null ? null : new Date(value as string));

/** Once a day: a reminder may go when none went in the last 24 hours. */
const PODE_LEMBRAR = sql`(c.lembrado_em is null or c.lembrado_em <= now() - interval '1 day')`;

export async function comunicadoDoPainel(
  db: DbOrTx,
  session: Session,
  id: number,
): Promise<ComunicadoDoPainel | undefined> {
  const alcance = usuarioScope(session) ?? sql`true`;
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select c.id, c.version, c.estado, c.titulo, c.autor_id, c.arquivado, c.exige_confirmacao, c.created_at,
      c.enviado_em, c.agendado_para, c.destinatarios, c.lembrado_em, ${PODE_LEMBRAR} as pode_lembrar,
      exists (select 1 from usuarios where usuarios.id = c.autor_id and ${alcance}) as autor_no_alcance,
      (select json_build_object('id', u.id, 'nome', u.nome, 'email', u.email, 'tipo', u.tipo)
        from usuarios u where u.id = c.autor_id) as criador,
      (select json_build_object('id', d.id, 'sigla', d.sigla, 'nome', d.nome, 'assinatura', d.assinatura)
        from departamentos d where d.id = c.departamento_id) as departamento,
      coalesce((select json_agg(json_build_object('id', t.id, 'nome', t.nome) order by t.nome)
        from comunicado_etiquetas_comunicados ec join comunicado_etiquetas t on t.id = ec.etiqueta_id
        where ec.comunicado_id = c.id), '[]') as etiquetas
    from comunicados c where c.id = ${id}`);
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: Number(r.id),
    version: Number(r.version),
    estado: String(r.estado),
    titulo: String(r.titulo),
    autorId: Number(r.autor_id),
    arquivado: Boolean(r.arquivado),
    exigeConfirmacao: Boolean(r.exige_confirmacao),
    createdAt: date(r.created_at)!,
    enviadoEm: date(r.enviado_em),
    agendadoPara: date(r.agendado_para),
    destinatarios: r.destinatarios == null ? null : Number(r.destinatarios),
    lembradoEm: date(r.lembrado_em),
    podeLembrar: Boolean(r.pode_lembrar),
    autorNoAlcance: Boolean(r.autor_no_alcance),
    criador: json(r.criador),
    departamento: json(r.departamento),
    etiquetas: json(r.etiquetas),
  };
}

/** Recipients, reads, confirmations (counted apart) and the e-mails' statuses: one statement. */
export async function figuras(db: DbOrTx, id: number) {
  const { rows } = await db.execute<Record<string, number>>(sql`
    select e.destinatarios, e.lidos, e.confirmados, m.fila, m.enviados, m.falhas
    from (select count(*)::int as destinatarios, count(lido_em)::int as lidos,
        count(confirmado_em)::int as confirmados
      from comunicado_envios where comunicado_id = ${id}) e,
    (select count(*) filter (where status = 'FILA')::int as fila,
        count(*) filter (where status = 'ENVIADO')::int as enviados,
        count(*) filter (where status = 'FALHOU')::int as falhas
      from comunicado_emails where comunicado_id = ${id}) m`);
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
 * (`data` is then a date, else the hour's ISO 8601 instant, UTC).
 */
export async function leiturasPorTempo(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ data: string; lidos: number; confirmados: number }>(sql`
    with eventos as (
      select lido_em as em, 1 as lido, 0 as confirmado from comunicado_envios
        where comunicado_id = ${id} and lido_em is not null
      union all
      select confirmado_em, 0, 1 from comunicado_envios where comunicado_id = ${id} and confirmado_em is not null),
    passo as (select coalesce(max(em) - min(em) <= interval '2 days', true) as hora from eventos)
    select case when passo.hora then to_char(eventos.em at time zone 'UTC', 'YYYY-MM-DD"T"HH24":00:00.000Z"')
        else to_char(eventos.em at time zone 'UTC', 'YYYY-MM-DD') end as data,
      sum(lido)::int as lidos, sum(confirmado)::int as confirmados
    from eventos, passo group by 1 order by 1`);
  return rows.map((r) => ({ data: String(r.data), lidos: Number(r.lidos), confirmados: Number(r.confirmados) }));
}

export const NIVEIS_ROLLUP = ['MARCA', 'GRUPO', 'DEALER'] as const;
export type NivelRollup = (typeof NIVEIS_ROLLUP)[number];

/** The brands the caller answers for (undefined: every brand). */
function marcaScope(session: Session): SQL | undefined {
  switch (session.tipo) {
    case 'TECSINAPSE':
      return undefined;
    case 'MONTADORA':
      return sql`m.id in (select marca_id from usuario_marcas where usuario_id = ${session.usuarioId})`;
    case 'DEALER_GRUPO':
      return sql`m.id in (select dm.marca_id from dealer_marcas dm join usuario_dealers ud on ud.dealer_id = dm.dealer_id
        where ud.usuario_id = ${session.usuarioId})`;
  }
}

/**
 * Read rate rolled up by brand (the recipient's brands and their dealers'), dealer group or dealer:
 * one GROUP BY over the deliveries, only rows within the caller's scope (a manufacturer sees their
 * brands' rows, never another brand's), least read first.
 */
export async function rollup(db: DbOrTx, session: Session, id: number, nivel: NivelRollup) {
  const envios = sql`select usuario_id, lido_em, confirmado_em from comunicado_envios where comunicado_id = ${id}`;
  let pares: SQL;
  switch (nivel) {
    case 'MARCA':
      pares = sql`select m.id, m.nome, r.lido_em, r.confirmado_em
        from r join usuarios u on u.id = r.usuario_id cross join unnest(u.marcas_efetivas) as mu(marca_id)
        join marcas m on m.id = mu.marca_id where ${marcaScope(session) ?? sql`true`}`;
      break;
    case 'GRUPO':
      // A recipient counts once per group, through their dealers or named in it directly.
      pares = sql`select grupos.id, grupos.nome, x.lido_em, x.confirmado_em
        from (select r.usuario_id, dg.grupo_id, r.lido_em, r.confirmado_em
            from r join usuario_dealers ud on ud.usuario_id = r.usuario_id
            join dealer_grupos dg on dg.dealer_id = ud.dealer_id
          union
          select r.usuario_id, ug.grupo_id, r.lido_em, r.confirmado_em
            from r join usuario_grupos ug on ug.usuario_id = r.usuario_id) x
        join grupos on grupos.id = x.grupo_id where ${grupoScope(session) ?? sql`true`}`;
      break;
    case 'DEALER':
      pares = sql`select dealers.id, dealers.nome_exibicao as nome, r.lido_em, r.confirmado_em
        from r join usuario_dealers ud on ud.usuario_id = r.usuario_id
        join dealers on dealers.id = ud.dealer_id where ${dealerScope(session) ?? sql`true`}`;
      break;
  }
  const { rows } = await db.execute<{
    id: number;
    nome: string;
    destinatarios: number;
    lidos: number;
    confirmados: number;
  }>(sql`with r as (${envios})
    select p.id, p.nome, count(*)::int as destinatarios, count(p.lido_em)::int as lidos,
      count(p.confirmado_em)::int as confirmados
    from (${pares}) p group by p.id, p.nome
    order by count(p.lido_em)::float8 / count(*) asc, p.nome, p.id`);
  return rows.map((r) => ({
    id: String(r.id),
    nome: r.nome,
    destinatarios: Number(r.destinatarios),
    lidos: Number(r.lidos),
    confirmados: Number(r.confirmados),
    taxaLeitura: Number(r.destinatarios) === 0 ? 0 : Number(r.lidos) / Number(r.destinatarios),
  }));
}

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

/** The unread recipients of an announcement, as a subquery of user ids (for `notify`). */
export const naoLidosIds = (id: number) =>
  sql`select e.usuario_id from comunicado_envios e where e.comunicado_id = ${id} and e.lido_em is null`;
