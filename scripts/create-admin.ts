// npm run admin:create -- --email ana@example.com --nome "Ana Souza" [--password-stdin]
// Creates the first provider-staff administrator on a database without the demo data. With
// --password-stdin the password is read from standard input (never from the command line, which
// other users of the machine can see); otherwise a set-password link is e-mailed.
import { desc, eq } from 'drizzle-orm';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createFirstAdmin } from '../server/auth/firstAdmin';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { emailOutbox } from '../server/db/schema';
import { createMailer } from '../server/mail';
import { PASSWORD_MIN_LENGTH } from '../domain/limits';
import { isCommonPassword } from '../server/auth/passwordPolicy';

const { values } = parseArgs({
  options: { email: { type: 'string' }, nome: { type: 'string' }, 'password-stdin': { type: 'boolean' } },
});
const args = z
  .object({ email: z.email(), nome: z.string().trim().min(1).max(200) })
  .safeParse({ email: values.email, nome: values.nome });
if (!args.success) {
  console.error('usage: npm run admin:create -- --email <e-mail> --nome "<full name>" [--password-stdin]');
  process.exit(2);
}

let senha: string | undefined;
if (values['password-stdin']) {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  senha = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (senha.length < PASSWORD_MIN_LENGTH || (await isCommonPassword(senha))) {
    console.error(`the password needs at least ${PASSWORD_MIN_LENGTH} characters and must not be a common one`);
    process.exit(2);
  }
}

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'pgdata'),
});
const log = { info: () => undefined, error: (o: unknown) => console.error(o) } as never;
try {
  const result = await createFirstAdmin(
    { db: database.db, config, mailer: createMailer(config, database.db, log) },
    { ...args.data, senha },
  );
  if ('emailInUse' in result) {
    console.error(`${args.data.email} is already in use`);
    process.exitCode = 1;
  } else if (!result.linkSent) {
    console.log(`administrator ${args.data.email} created: sign in at ${config.publicUrl}`);
  } else if (config.smtpUrl) {
    console.log(`administrator ${args.data.email} created: a set-password link was e-mailed`);
  } else {
    // No SMTP server: the e-mail stays in the outbox table; show it to the operator running this.
    const [mail] = await database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.para, args.data.email.toLowerCase()))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    console.log(`administrator ${args.data.email} created; no SMTP_URL, so here is the e-mail:\n\n${mail?.texto}`);
  }
} finally {
  await database.close();
}
