import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { KeycloakError, syncKeycloakUser } from '../../auth/keycloakAdmin';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { jobQueueOf, type JobDefinition } from '../../jobs';

/**
 * The external identity provider (Keycloak, KEYCLOAK_ADMIN_URL) follows the portal's users after
 * the fact: a change that concerns it (a user saved, activated or inactivated, an import batch)
 * marks the accounts in its own transaction and queues this job there, so nothing reaches Keycloak
 * unless the change commits, and no database transaction waits on Keycloak. The job sends each
 * marked account and clears its mark unless it was marked again meanwhile; a refusal keeps the
 * mark and fails the run, which pg-boss retries with backoff (the next run sends what is left).
 */
export const IDENTIDADE_FILA = 'sincronizarIdentidades';

/** Accounts one statement of the job reads at a time. */
const LOTE = 100;

/**
 * Marks the users of `ids` (a subquery) for the identity provider and queues the job, in `tx`.
 * Nothing to do with the embedded provider, whose accounts are the rows themselves.
 */
export async function identidadePendente(
  db: Db,
  tx: DbOrTx,
  config: Pick<Config, 'keycloakAdmin'>,
  ids: SQL,
  autorId: number,
) {
  if (!config.keycloakAdmin) return;
  await tx.execute(sql`update usuarios set identidade_pendente_desde = clock_timestamp() where id in (${ids})`);
  await jobQueueOf(db).enqueueWithin(tx, IDENTIDADE_FILA, {}, autorId);
}

type Pendente = {
  id: number;
  email: string;
  nome: string;
  active: boolean;
  desde: string;
};

/** Sends every marked account; answers the counts, or throws when Keycloak refused some. */
export async function sincronizarIdentidades(
  db: Db,
  config: Pick<Config, 'keycloakAdmin'>,
  log: Pick<FastifyBaseLogger, 'error'>,
) {
  const settings = config.keycloakAdmin;
  if (!settings) return { contasSincronizadas: 0 };
  let enviadas = 0;
  let falhas = 0;
  let depois = 0;
  for (;;) {
    // Keyset over the marked accounts, no lock held while Keycloak answers.
    const { rows } = await db.execute<Pendente>(sql`select id, email, nome, active,
        identidade_pendente_desde::text as desde from usuarios
      where identidade_pendente_desde is not null and id > ${depois} order by id limit ${LOTE}`);
    for (const conta of rows) {
      try {
        await syncKeycloakUser(settings, conta);
        // Cleared only if not marked again since it was read (that change goes in the next run).
        await db.execute(sql`update usuarios set identidade_pendente_desde = null
          where id = ${conta.id} and identidade_pendente_desde = ${conta.desde}::timestamptz`);
        enviadas++;
      } catch (error) {
        if (!(error instanceof KeycloakError)) throw error;
        log.error({ err: error, email: conta.email }, 'Keycloak synchronisation failed');
        falhas++;
      }
    }
    if (rows.length < LOTE) break;
    depois = Number(rows.at(-1)!.id);
  }
  if (falhas > 0) throw new KeycloakError(`${falhas} account(s) refused by Keycloak; ${enviadas} sent`);
  return { contasSincronizadas: enviadas };
}

export function identidadeJob(
  config: Pick<Config, 'keycloakAdmin'>,
  log: Pick<FastifyBaseLogger, 'error'>,
): Record<typeof IDENTIDADE_FILA, JobDefinition> {
  return { [IDENTIDADE_FILA]: { handler: ({ db }) => sincronizarIdentidades(db, config, log) } };
}
