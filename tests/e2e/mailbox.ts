import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { e2ePaths } from './server';

// A real SMTP receiver for the suite's server (SMTP_URL points at it): the portal no longer logs
// e-mail texts, so journeys read what it sent from here. The receiver runs in Playwright's runner
// (global setup); tests run in workers, so it writes each message as a JSON line to a file.
const MAILBOX_FILE = path.join(e2ePaths.results, 'e2e-mailbox.jsonl');

export interface ReceivedMail {
  to: string[];
  /** The decoded plain-text body. */
  text: string;
}

/** Undoes the transfer encoding nodemailer chose (quoted-printable or base64) and reads UTF-8. */
function bodyText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1].toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return Buffer.from(body, 'latin1').toString('utf8');
  const escaped = body
    .replace(/%/g, '%25')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, '%$1');
  return decodeURIComponent(escaped);
}

/** Listens on a free loopback port; answers the SMTP_URL to give the server and a close(). */
export async function startMailbox(): Promise<{ smtpUrl: string; close(): Promise<void> }> {
  rmSync(MAILBOX_FILE, { force: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          text: bodyText(Buffer.concat(chunks).toString('latin1')),
        };
        appendFileSync(MAILBOX_FILE, `${JSON.stringify(mail)}\n`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Every message the suite's server sent so far. */
export function mailbox(): ReceivedMail[] {
  if (!existsSync(MAILBOX_FILE)) return [];
  return readFileSync(MAILBOX_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}
