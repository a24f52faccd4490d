import { startMailbox } from './mailbox';
import { startServer } from './server';

/** The suite's server, sending its e-mails to a local SMTP receiver; returns the receiver's teardown. */
export default async function globalSetup() {
  const mailbox = await startMailbox();
  await startServer({ SMTP_URL: mailbox.smtpUrl });
  return () => mailbox.close();
}
