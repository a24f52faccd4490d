import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { tituloNumerado } from '../../../domain/comunicados';
import type { Idioma, TipoUsuario } from '../../../domain/enums';
import { COMUNICADO_EMAIL_TENTATIVAS_MAX, COMUNICADO_SERIE_DIGITOS } from '../../../domain/limits';
import { recordAudit } from '../../audit';
import { recipientCondition, savedGroup, type Audience } from '../../audience';
import { usuarioScope, type Session } from '../../authz';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { allOf } from '../../db/lists';
import { escapeHtml } from '../../html';
import { jobQueueOf, type JobDefinition } from '../../jobs';
import { outboxDelivery } from '../../mail';
import { notify } from '../notificacoes';
import { avisar } from './avisos';
import { emailsPorIdioma } from './email';
import { ORIGEM } from './queries';

/** The queue of scheduled sends: one run per scheduling, at its time (pg-boss startAfter). */
export const ENVIO_FILA = 'envioComunicado';
/** The queue of a send's e-mails (recipients who accept e-mail and loose addresses), retried with backoff. */
export const EMAILS_FILA = 'emailsComunicado';

/** A session-like value of a user known by id and type: the reach (usuarioScope) of an announcement's author. */
export const sessionOf = (usuarioId: number, tipo: TipoUsuario): Session => ({
  usuarioId,
  tipo,
  email: '',
  nome: '',
  idioma: 'PT_BR' as Idioma,
  funcionalidades: [],
});

/**
 * The recipients of an announcement's groups (saved groups, each read now), within its author's
 * reach, less its removed users: a condition on `usuarios`.
 */
export async function audienceOf(tx: DbOrTx, id: number, autor: Session): Promise<SQL> {
  const { rows: grupos } = await tx.execute<{ id: number }>(
    sql`select grupo_usuarios_id as id from comunicado_grupos where comunicado_id = ${id} order by 1`,
  );
  // Each saved group's definition read now (at most COMUNICADO_GRUPOS_MAX small reads, one at a time as a
  // transaction needs): its flags become constants and only its enabled blocks are tested.
  const audiences: Audience[] = [];
  for (const grupo of grupos) {
    const audience = savedGroup(Number(grupo.id));
    audiences.push((await audience.load?.(tx)) ?? audience);
  }
  return allOf(
    recipientCondition(audiences),
    usuarioScope(autor),
    sql`usuarios.id not in (select r.usuario_id from comunicado_usuarios_removidos r where r.comunicado_id = ${id})`,
  )!;
}

interface Claimed {
  autorId: number;
  autorTipo: TipoUsuario;
  serieId: number | null;
  idParent: number | null;
  titulo: string;
  justificativa: string | null;
  renotificar: boolean;
  reiniciarLeitura: boolean;
  departamento: string | null;
}

/**
 * Sends the announcement in `tx` if `claim` (a condition on `c`) still holds: one UPDATE claims it
 * (ENVIADO), so of concurrent runs one sends and the others, waiting on the row lock, find it sent
 * and do nothing; it takes a new version, so an action decided on the row as read before (a cancel
 * of the schedule while the scheduled run sends) gets CONFLICT when it claims its version. A series gives it the next number under the series row's lock (and a unique index
 * backs it). The deliveries are ONE INSERT ... SELECT (the groups' audience within the author's
 * reach less the removed users; an erratum: the original's recipients), the notifications one more
 * (notify), both committed with the claim; the e-mails follow from a job queued in the same
 * transaction. Answers how many received it, or undefined when not claimed.
 */
export async function deliver(tx: DbOrTx, id: number, claim: SQL, remetenteId?: number): Promise<number | undefined> {
  const { rows } = await tx.execute<Claimed & Record<string, unknown>>(sql`update comunicados c
    set estado = 'ENVIADO', enviado_em = now(), updated_at = now(), version = c.version + 1,
      remetente_id = coalesce(${remetenteId ?? null}::int, c.remetente_id, c.autor_id)
    where c.id = ${id} and ${claim}
    returning c.autor_id as "autorId", (select u.tipo from usuarios u where u.id = c.autor_id) as "autorTipo",
      c.serie_id as "serieId", c.id_parent as "idParent", c.titulo, c.justificativa, c.renotificar,
      c.reiniciar_leitura as "reiniciarLeitura",
      (select dp.nome from departamentos dp where dp.id = c.departamento_id) as departamento`);
  const claimed = rows[0];
  if (!claimed) return undefined;
  let titulo = claimed.titulo;
  if (claimed.serieId) {
    // The series row stays locked until this transaction ends: concurrent sends take turns.
    const { rows: serie } = await tx.execute<{ prefixo: string; contador: number }>(sql`update comunicado_series
      set contador = contador + 1 where id = ${claimed.serieId} returning prefixo, contador`);
    titulo = tituloNumerado(serie[0]!.prefixo, Number(serie[0]!.contador), claimed.titulo, COMUNICADO_SERIE_DIGITOS);
    await tx.execute(sql`update comunicados set numero = ${serie[0]!.contador}, titulo = ${titulo} where id = ${id}`);
  }
  // In user order: two of the deliveries' indexes lead with the user, and rows written in their order
  // touch each index page once (the users' physical order, after updates, costs ~15% more CPU).
  const autor = sessionOf(claimed.autorId, claimed.autorTipo);
  // An erratum goes to the original's recipients within its own author's reach: an approver of
  // brand B correcting an announcement sent to brands A and B reaches brand B's recipients only.
  const recipients = claimed.idParent
    ? sql`select e.usuario_id, ${id}::int, usuarios.celula_id from comunicado_envios e join usuarios on usuarios.id = e.usuario_id
        where e.comunicado_id = ${claimed.idParent} and usuarios.active and ${usuarioScope(autor) ?? sql`true`}
        order by e.usuario_id`
    : sql`select usuarios.id, ${id}::int, usuarios.celula_id from usuarios
        where ${await audienceOf(tx, id, autor)} order by usuarios.id`;
  // Each delivery carries its recipient's audience cell (the reach summary, migration 0030, counts by it).
  // The claim above makes this the announcement's only send, and the recipients are distinct users:
  // no conflict can arise, so no ON CONFLICT (its speculative insertion cost ~15% of the statement).
  // Its keys and the notification's hold by construction (users read from `usuarios`, which never
  // loses a row; the announcement claimed above; the notification made in its own statement), so
  // the per-statement key checks stand down until the notification is written (migration 0037), and
  // the rows the statement triggers read (100,000 here) stay in memory instead of a temporary file.
  await tx.execute(
    sql`select set_config('portal.chaves_garantidas', 'on', true), set_config('work_mem', '64MB', true)`,
  );
  const { rows: inserted } = await tx.execute<{ n: number }>(sql`with novos as (
      insert into comunicado_envios (usuario_id, comunicado_id, celula_id) ${recipients} returning 1)
    select count(*)::int as n from novos`);
  const destinatarios = Number(inserted[0]!.n);
  if (claimed.idParent && claimed.reiniciarLeitura) {
    // Only where the erratum arrived: nobody else's reading of the original is undone.
    await tx.execute(sql`update comunicado_envios set lido_em = null, confirmado_em = null
      where comunicado_id = ${claimed.idParent} and (lido_em is not null or confirmado_em is not null)
        and usuario_id in (select e.usuario_id from comunicado_envios e where e.comunicado_id = ${id})`);
  }
  const avisar = !claimed.idParent || claimed.renotificar;
  let notificacaoId: number | null = null;
  if (avisar && destinatarios > 0) {
    const sent = await notify(
      tx,
      { usuarios: sql`select e.usuario_id from comunicado_envios e where e.comunicado_id = ${id}` },
      {
        titulo,
        texto: `<p>${escapeHtml(claimed.idParent ? (claimed.justificativa ?? '') : (claimed.departamento ?? ''))}</p>`,
        link: `/comunicados/visualizar/${id}`,
        origem: ORIGEM,
        origemId: id,
        autorId: claimed.autorId,
      },
    );
    notificacaoId = sent.id;
  }
  await tx.execute(sql`select set_config('portal.chaves_garantidas', 'off', true)`);
  await tx.execute(sql`update comunicados set destinatarios = ${destinatarios}, notificacao_id = ${notificacaoId}
    where id = ${id}`);
  // Loose addresses are queued now; the recipients' own with the job's first run.
  await tx.execute(sql`update comunicado_emails set status = 'FILA' where comunicado_id = ${id} and avulso`);
  if (avisar) {
    await jobQueueOf(tx).enqueueWithin(tx, EMAILS_FILA, { id }, null, { singletonKey: String(id) });
  }
  return destinatarios;
}

/**
 * A scheduled announcement whose time has come (the job's claim). Its transition is audited as
 * the user's are, in the name of whoever scheduled it (the job acts for them), and its author is
 * told it went out, as an approval or a send now tells them. Answers how many received it.
 */
export async function sendDue(tx: DbOrTx, id: number): Promise<number | undefined> {
  const destinatarios = await deliver(tx, id, sql`c.estado = 'AGENDADO' and c.agendado_para <= now()`);
  if (destinatarios === undefined) return undefined;
  const { rows } = await tx.execute<{ id: number; autorId: number; remetenteId: number; titulo: string }>(sql`
    select c.id, c.autor_id as "autorId", c.remetente_id as "remetenteId", c.titulo from comunicados c
    where c.id = ${id}`);
  const c = rows[0]!;
  await recordAudit(tx, {
    tipo: 'COMUNICADO',
    registroId: id,
    alteracao: 'ALTERACAO',
    valorAnterior: { estado: 'AGENDADO' },
    valorNovo: { estado: 'ENVIADO', destinatarios },
    autorId: c.remetenteId,
  });
  await avisar(tx, c.remetenteId, { ...c, aprovadorId: null }, 'autor', 'enviado', {
    destino: `/comunicados/dashboard/${id}`,
    args: { n: destinatarios },
  });
  return destinatarios;
}

/** Queues the scheduled run at `quando`, in the transaction that marks it AGENDADO. */
export function schedule(tx: DbOrTx, id: number, quando: Date, autorId: number) {
  return jobQueueOf(tx).enqueueWithin(tx, ENVIO_FILA, { id }, autorId, {
    startAfter: quando,
    singletonKey: String(id),
  });
}

/** Seconds before the `tentativa`-th retry of a failed e-mail: 1, 2, 4 ... minutes, at most an hour. */
export const backoffSeconds = (tentativa: number) => Math.min(60 * 2 ** (tentativa - 1), 3600);

const LOTE = 100;

interface Pendente {
  email: string;
  tentativas: number;
  idioma: Idioma;
}

/**
 * One run of a send's e-mails: the recipients who accept e-mail are queued (once: a retried run
 * finds them), then the queued ones whose time has come go out in batches through server/mail (the
 * outbox, then SMTP when configured), each batch's statuses written by one UPDATE: ENVIADO; a
 * refusal for good (SMTP 5xx) or the last attempt FALHOU with the reason; otherwise queued again
 * after a backoff, with a new run at the earliest retry.
 */
export async function sendEmails(
  db: Db,
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl'>,
  log: Log,
  id: number,
) {
  await db.execute(sql`insert into comunicado_emails (comunicado_id, email, usuario_id, status)
    select ${id}, u.email, u.id, 'FILA' from comunicado_envios e join usuarios u on u.id = e.usuario_id
    where e.comunicado_id = ${id} and u.aceita_email and u.active
    on conflict do nothing`);
  const { rows: info } = await db.execute<{
    titulo: string;
    mensagem: string;
    assinatura: string | null;
    modelo: string | null;
  }>(sql`select c.titulo, c.mensagem, c.template_name as modelo,
      (select dp.assinatura from departamentos dp where dp.id = c.departamento_id) as assinatura
    from comunicados c where c.id = ${id}`);
  if (!info[0]) return { enviados: 0, falhas: 0 };
  const emailEm = emailsPorIdioma({ ...info[0], publicUrl: config.publicUrl, id });
  const entregar = outboxDelivery(config, db, log);
  let enviados = 0;
  let falhas = 0;
  for (;;) {
    // Each in its recipient's language: a user's own, a loose address the author's.
    const { rows: lote } = await db.execute<Pendente & Record<string, unknown>>(sql`select m.email, m.tentativas,
        coalesce(u.idioma, a.idioma, 'PT_BR') as idioma
      from comunicado_emails m join comunicados c on c.id = m.comunicado_id
        left join usuarios u on u.id = m.usuario_id left join usuarios a on a.id = c.autor_id
      where m.comunicado_id = ${id} and m.status = 'FILA'
        and (m.proxima_tentativa is null or m.proxima_tentativa <= now())
      order by m.email limit ${LOTE}`);
    if (lote.length === 0) break;
    const mensagens = lote.map((m) => ({ para: m.email, ...emailEm(m.idioma) }));
    const outbox = await db
      .insert(emailOutbox)
      .values(mensagens)
      .returning({ id: emailOutbox.id, para: emailOutbox.para });
    const mensagemDe = new Map(mensagens.map((m) => [m.para, m]));
    const emailDe = new Map(outbox.map((o) => [o.id, o.para]));
    const tentativasDe = new Map(lote.map((m) => [m.email, Number(m.tentativas)]));
    const results = await entregar(outbox.map((o) => ({ ...mensagemDe.get(o.para)!, id: o.id })));
    const emails: string[] = [];
    const status: string[] = [];
    const erros: (string | null)[] = [];
    const esperas: number[] = [];
    for (const r of results) {
      const email = emailDe.get(r.id)!;
      const tentativa = (tentativasDe.get(email) ?? 0) + 1;
      emails.push(email);
      if (r.resultado !== 'falha') {
        status.push('ENVIADO');
        erros.push(null);
        esperas.push(0);
        enviados++;
      } else if (r.permanente || tentativa >= COMUNICADO_EMAIL_TENTATIVAS_MAX) {
        status.push('FALHOU');
        erros.push(r.erro ?? null);
        esperas.push(0);
        falhas++;
      } else {
        status.push('FILA');
        erros.push(r.erro ?? null);
        esperas.push(backoffSeconds(tentativa));
      }
    }
    await db.execute(sql`update comunicado_emails m set status = r.status, erro = r.erro, tentativas = m.tentativas + 1,
        enviado_em = case when r.status = 'ENVIADO' then now() end,
        proxima_tentativa = case when r.status = 'FILA' then now() + make_interval(secs => r.espera) end
      from unnest(${sql.param(emails)}::text[], ${sql.param(status)}::text[], ${sql.param(erros)}::text[],
        ${sql.param(esperas)}::int[]) as r(email, status, erro, espera)
      where m.comunicado_id = ${id} and m.email = r.email`);
  }
  // Retries to come: a new run at the earliest.
  const { rows: proxima } = await db.execute<{
    quando: Date | string | null;
  }>(sql`select min(proxima_tentativa) as quando
    from comunicado_emails where comunicado_id = ${id} and status = 'FILA'`);
  const quando = proxima[0]?.quando;
  if (quando) {
    await db.transaction((tx) =>
      jobQueueOf(tx).enqueueWithin(tx, EMAILS_FILA, { id }, null, {
        startAfter: new Date(quando),
        singletonKey: String(id),
      }),
    );
  }
  return { enviados, falhas };
}

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>;

/**
 * The scheduled send: pg-boss starts it at the announcement's time on one worker of any process
 * (`singleton` policy with the announcement as singletonKey); sendDue's claim makes it exactly once
 * even if a run is repeated. And the e-mails of a send.
 */
export function comunicadosJobs(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl'>,
  log: Log,
): Record<typeof ENVIO_FILA | typeof EMAILS_FILA, JobDefinition> {
  return {
    [ENVIO_FILA]: {
      policy: 'singleton',
      handler: async ({ db, job }) => {
        const id = Number((job.payload as { id?: number }).id);
        const destinatarios = await db.transaction((tx) => sendDue(tx, id));
        return { comunicadoId: id, enviado: destinatarios !== undefined, destinatarios: destinatarios ?? 0 };
      },
    },
    [EMAILS_FILA]: {
      policy: 'singleton',
      handler: async ({ db, job }) => {
        const id = Number((job.payload as { id?: number }).id);
        return { comunicadoId: id, ...(await sendEmails(db, config, log, id)) };
      },
    },
  };
}
