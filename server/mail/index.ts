import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';

export interface Mail {
  para: string;
  assunto: string;
  texto: string;
  html?: string;
}

export type Mailer = (mail: Mail) => Promise<void>;

/** A message already in the outbox: its row id and what it says. */
export type QueuedMail = Mail & { id: number };

/**
 * Every message is written to the outbox table first; with SMTP configured it is then sent and
 * marked, otherwise it stays there (read it in `email_outbox`) and the log names only its id,
 * recipient and subject.
 */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  const deliver = outboxDelivery(config, db, log);
  return async (mail) => {
    const [row] = await db.insert(emailOutbox).values(mail).returning({ id: emailOutbox.id });
    await deliver([{ ...mail, id: row.id }]);
  };
}

/** What became of one outbox message: sent by SMTP, kept in the outbox (no SMTP), or failed. */
export interface DeliveryResult {
  id: number;
  resultado: 'enviado' | 'outbox' | 'falha';
  /** The failure's reason, and whether the server refused it for good (SMTP 5xx: no retry helps). */
  erro?: string;
  permanente?: boolean;
}

/**
 * Sends messages already written to the outbox (by a job that queues many in one statement, in
 * the transaction of its change): through SMTP when configured, each marked sent or failed;
 * otherwise they stay in the outbox. Answers what became of each (a job keeping its own statuses).
 */
export function outboxDelivery(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  db: Db,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
) {
  // nodemailer is loaded with the first message, not at start.
  let transport: Promise<Transporter> | undefined;
  const transportOf = (smtpUrl: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  return async (rows: QueuedMail[]): Promise<DeliveryResult[]> => {
    if (!config.smtpUrl) {
      // Never the text: it may carry a password link, and logs travel further than the database.
      if (rows.length === 1) {
        log.info({ outboxId: rows[0].id, to: rows[0].para, subject: rows[0].assunto }, 'e-mail kept in outbox');
      } else if (rows.length > 1) {
        log.info({ count: rows.length, firstOutboxId: rows[0].id }, 'e-mails kept in outbox');
      }
      return rows.map((row) => ({ id: row.id, resultado: 'outbox' as const }));
    }
    const results: DeliveryResult[] = [];
    for (const row of rows) {
      try {
        await (
          await transportOf(config.smtpUrl!)
        ).sendMail({
          from: config.mailFrom,
          to: row.para,
          subject: row.assunto,
          text: row.texto,
          html: row.html,
        });
        await db.update(emailOutbox).set({ enviadoEm: new Date() }).where(eq(emailOutbox.id, row.id));
        results.push({ id: row.id, resultado: 'enviado' });
      } catch (error) {
        log.error({ err: error, outboxId: row.id }, 'e-mail could not be sent');
        await db
          .update(emailOutbox)
          .set({ erro: String(error) })
          .where(eq(emailOutbox.id, row.id));
        const code = (error as { responseCode?: unknown }).responseCode;
        results.push({
          id: row.id,
          resultado: 'falha',
          erro: error instanceof Error ? error.message : String(error),
          permanente: typeof code === 'number' && code >= 500,
        });
      }
    }
    return results;
  };
}

/** One mailer per database (the outbox lives there), for the features that send mail. */
const mailers = new WeakMap<Db, Mailer>();
export function mailerOf(db: Db, config: Config, log: FastifyBaseLogger): Mailer {
  let mailer = mailers.get(db);
  if (!mailer) {
    mailer = createMailer(config, db, log);
    mailers.set(db, mailer);
  }
  return mailer;
}
