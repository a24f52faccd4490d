// Test-only: a database for the notifications journey (tests/e2e/notificacoes.spec.ts). Migrates and
// loads the demo data into the embedded database of the data directory given, then tells the demo
// dealer user three things through the server's own notify() (the path every feature takes), so
// the journey reads notifications the server wrote, before the portal starts on that directory.
// Nothing of the portal sends notifications to a chosen user yet (generic notifications come later).
//   node --import tsx tests/e2e/seedNotificacoes.ts <dataDir>
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { setPasswordHashCost } from '../../server/auth/passwords';
import { openDatabase } from '../../server/db/client';
import { seedIfEmpty } from '../../server/db/seed';
import { notify } from '../../server/features/notificacoes';

const DEALER_EMAIL = 'dealer@portal.test';

/** What the dealer is told, newest last: a portal path, an address elsewhere, no link. */
const SEEDED = [
  {
    titulo: 'Treinamento de vendas agendado',
    texto: '<p>Sem link: confira a agenda.</p>',
    link: null,
  },
  {
    titulo: 'Tabela de preços publicada',
    texto:
      '<p>A tabela de dezembro está no <a href="https://fabrica.example/precos" target="_blank">site da fábrica</a>.</p>',
    link: 'https://fabrica.example/precos',
  },
  {
    titulo: 'Atualize seus dados',
    texto: '<p>Olá {nome}, confira <strong>sua conta</strong>.<script>window.hacked = 1</script></p>',
    link: '/minha-conta',
  },
] as const;

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: seedNotificacoes.ts <dataDir>');
// The journeys' cost (tests/e2e/server.ts): the demo passwords are hashed as the portal there hashes.
setPasswordHashCost(12);
const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
await seedIfEmpty(database.db);
for (const notificacao of SEEDED) {
  await database.db.transaction((tx) =>
    notify(
      tx,
      { usuarios: sql`select id from usuarios where email = ${DEALER_EMAIL}` },
      { ...notificacao, origem: 'E2E' },
    ),
  );
}
await database.close();
