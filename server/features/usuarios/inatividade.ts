import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LOCALE_OF, type Idioma } from '../../../domain/enums';
import { INATIVIDADE_FILA } from '../../../domain/schemas/superAdmin';
import { translate } from '../../../i18n';
import { accountRecords } from '../../auth/oidcAdapter';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { JobDefinition } from '../../jobs';
import { outboxDelivery, type QueuedMail } from '../../mail';

/**
 * The dormant-user job (spec section 4: "users are inactivated automatically after a long period
 * without access, unless given special activation"). Each run, scheduled by pg-boss's cron:
 * 1. inactivates, in one statement, the active users whose last access (or creation, for one who
 *    never signed in) is older than DORMANT_USER_DAYS, except those with special activation and
 *    the provider's staff; they are flagged "inactivated for inactivity", their version bumped,
 *    their sessions, grants and refresh tokens revoked, and one audit entry names them all;
 * 2. warns by e-mail those who will be inactivated within DORMANT_USER_WARNING_DAYS and were not
 *    warned since their last access: up to DORMANT_WARNINGS_PER_RUN of them are claimed (SKIP
 *    LOCKED) and their messages written to the outbox in the same transaction, then sent;
 * 3. answers the counts, which the jobs row keeps as the run's result (super-admin page).
 * Both statements re-check their rule on the row they change, so two runs at once (or a run and a
 * sign-in) change each user once.
 */

export interface InatividadeResult {
  usuariosInativados: number;
  avisosEnviados: number;
}

type Log = Pick<FastifyBaseLogger, 'info' | 'error'>;

/** The moment the user's inactivity period started: their last access, or creation. */
const DESDE = sql`coalesce(usuarios.ultimo_acesso, usuarios.created_at)`;

/** Users the job may inactivate: active, without special activation, not provider staff. */
const SUJEITOS = sql`usuarios.active and not usuarios.ativacao_especial and usuarios.tipo <> 'TECSINAPSE'`;

const dias = (n: number) => sql`make_interval(days => ${n}::int)`;

async function rows<T>(db: DbOrTx, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** Step 1, one statement: inactivate, revoke and audit. Returns how many users it inactivated. */
export async function inativarDormentes(db: DbOrTx, days: number): Promise<number> {
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  const [result] = await rows<{ inativados: number }>(
    db,
    sql`with off as (
        update usuarios set active = false, inativado_por_inatividade = true, version = usuarios.version + 1
        where ${SUJEITOS} and ${DESDE} < now() - ${dias(days)}
        returning usuarios.id
      ),
      revoked as (
        delete from oidc_payloads where ${accountRecords(sql`select id::text from off`)} returning 1
      ),
      audited as (
        insert into auditoria (tipo, registros, alteracao, valor_anterior, valor_novo, autor_id)
        select 'USUARIO', array_agg(id order by id), 'INATIVACAO_INATIVIDADE',
          ${json({ active: true, inativadoPorInatividade: false })},
          ${json({ active: false, inativadoPorInatividade: true, dias: days })}, null
        from off having count(*) > 0
        returning 1
      )
      select (select count(*) from off)::int as inativados,
        (select count(*) from revoked)::int as revogados, (select count(*) from audited)::int as auditados`,
  );
  return result.inativados;
}

interface Aviso {
  id: number;
  nome: string;
  email: string;
  idioma: Idioma;
  inativacaoEm: string | Date;
}

/** The warning e-mail, in the user's language, with the date of inactivation and the portal's link. */
export function avisoMail(config: Pick<Config, 'publicUrl'>, aviso: Omit<Aviso, 'id'>) {
  const data = new Intl.DateTimeFormat(LOCALE_OF[aviso.idioma], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(aviso.inativacaoEm),
  );
  const params = { nome: aviso.nome, data, link: `${config.publicUrl}/` };
  return {
    para: aviso.email,
    assunto: translate(aviso.idioma, 'usuarios.inatividade.mailSubject', params),
    texto: translate(aviso.idioma, 'usuarios.inatividade.mailBody', params),
  };
}

/**
 * Step 2: claims up to `limit` users to warn (marked warned now) and writes their e-mails to the
 * outbox, in one transaction; returns the messages to send.
 */
export async function avisarDormentes(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  { days, warningDays, limit }: { days: number; warningDays: number; limit: number },
): Promise<QueuedMail[]> {
  if (warningDays === 0) return [];
  return db.transaction(async (tx) => {
    const avisos = await rows<Aviso>(
      tx,
      sql`update usuarios set aviso_inatividade_em = now()
        where usuarios.id in (
          select usuarios.id from usuarios
          where ${SUJEITOS} and ${DESDE} < now() - ${dias(days - warningDays)}
            and (usuarios.aviso_inatividade_em is null or usuarios.aviso_inatividade_em < ${DESDE})
          order by ${DESDE}, usuarios.id
          limit ${limit}
          for update skip locked
        )
        returning usuarios.id, usuarios.nome, usuarios.email, usuarios.idioma,
          ${DESDE} + ${dias(days)} as "inativacaoEm"`,
    );
    if (avisos.length === 0) return [];
    // One insert of every message (rows of text, not ids): at most 10,000 x 3 parameters.
    const mails = avisos.map((aviso) => avisoMail(config, aviso));
    const inserted = await rows<{ id: number | string }>(
      tx,
      sql`insert into email_outbox (para, assunto, texto) values ${sql.join(
        mails.map((m) => sql`(${m.para}, ${m.assunto}, ${m.texto})`),
        sql`, `,
      )} returning id`,
    );
    return mails.map((mail, i) => ({ ...mail, id: Number(inserted[i].id) }));
  });
}

/** One run of the job: inactivate, warn, count. */
export async function executarInatividade(
  db: Db,
  config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'mailFrom' | 'dormantUsers'>,
  log: Log,
  progress: (done: number, total: number) => Promise<void> = async () => undefined,
): Promise<InatividadeResult> {
  const { days, warningDays, warningsPerRun } = config.dormantUsers;
  await progress(0, 2);
  const usuariosInativados = await inativarDormentes(db, days);
  await progress(1, 2);
  const mails = await avisarDormentes(db, config, { days, warningDays, limit: warningsPerRun });
  // After the commit: the messages are in the outbox whatever SMTP does.
  await outboxDelivery(config, db, log)(mails);
  await progress(2, 2);
  return { usuariosInativados, avisosEnviados: mails.length };
}

/** The job's queue definition: pg-boss's cron sends one run per tick, one at a time across processes. */
export function inatividadeJob(config: Config, log: Log): Record<typeof INATIVIDADE_FILA, JobDefinition> {
  return {
    [INATIVIDADE_FILA]: {
      cron: config.dormantUsers.cron,
      policy: 'singleton',
      handler: ({ db, progress }) => executarInatividade(db, config, log, progress),
    },
  };
}
