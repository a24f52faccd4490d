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

/**
 * Every message is written to the outbox table first; with SMTP configured it is then sent and
 * marked, otherwise it stays there (read it in `email_outbox`) and the log names only its id,
 * recipient and subject.
 */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  // nodemailer is loaded with the first message, not at start.
  let transport: Promise<Transporter> | undefined;
  const transportOf = (smtpUrl: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  return async (mail) => {
    const [row] = await db.insert(emailOutbox).values(mail).returning({ id: emailOutbox.id });
    if (!config.smtpUrl) {
      // Never the text: it may carry a password link, and logs travel further than the database.
      log.info({ outboxId: row.id, to: mail.para, subject: mail.assunto }, 'e-mail kept in outbox');
      return;
    }
    try {
      await (
        await transportOf(config.smtpUrl)
      ).sendMail({
        from: config.mailFrom,
        to: mail.para,
        subject: mail.assunto,
        text: mail.texto,
        html: mail.html,
      });
      await db.update(emailOutbox).set({ enviadoEm: new Date() }).where(eq(emailOutbox.id, row.id));
    } catch (error) {
      log.error({ err: error, outboxId: row.id }, 'e-mail could not be sent');
      await db
        .update(emailOutbox)
        .set({ erro: String(error) })
        .where(eq(emailOutbox.id, row.id));
    }
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
