import { sql } from 'drizzle-orm';
import type { Idioma, TipoUsuario } from '../../../domain/enums';
import { savedGroup } from '../../audience';
import { usuarioScope } from '../../authz';
import type { DbOrTx } from '../../db/client';
import type { JobDefinition } from '../../jobs';
import { notify } from '../notificacoes';

/** The queue of scheduled sends: one run per scheduling, at its time (pg-boss startAfter). */
export const ENVIO_FILA = 'envioNotificacaoGenerica';

/** What a generic notification's `notificacoes` row says it came from. */
export const ORIGEM = 'GENERICA';

interface Claimed {
  titulo: string;
  texto: string;
  link: string | null;
  produtoId: number | null;
  autorId: number | null;
  remetenteId: number | null;
  remetenteTipo: TipoUsuario | null;
}

/**
 * Sends a scheduled notification whose time has come, in `tx`: the claim is one
 * `UPDATE ... WHERE estado = 'agendada' AND agendado_para <= now() RETURNING`, so whichever run
 * (of any process, or a duplicate of the job) gets there first sends it; the others wait on the row
 * lock, then find it sent and do nothing. A run of an earlier time (the notification was rescheduled
 * later) finds its time not come and does nothing either. The recipients are the groups' users
 * within the reach of who scheduled it (a manufacturer: its brands' users), one INSERT ... SELECT
 * (notify), committed with the claim. Answers how many received it, or undefined when not claimed.
 */
export async function sendDue(tx: DbOrTx, id: number): Promise<number | undefined> {
  const { rows } = await tx.execute<Claimed & Record<string, unknown>>(sql`update notificacoes_genericas ng
    set estado = 'enviada', enviada_em = now()
    where ng.id = ${id} and ng.tipo = 'comModelo' and ng.estado = 'agendada' and ng.agendado_para <= now()
    returning ng.titulo, ng.texto, ng.link, ng.produto_id as "produtoId", ng.autor_id as "autorId",
      ng.remetente_id as "remetenteId",
      (select u.tipo from usuarios u where u.id = ng.remetente_id) as "remetenteTipo"`);
  const claimed = rows[0];
  if (!claimed) return undefined;
  const { rows: grupos } = await tx.execute<{ id: number }>(
    sql`select grupo_usuarios_id as id from notificacao_generica_grupos where notificacao_generica_id = ${id}`,
  );
  // Each saved group's definition read now (one small read per group, at most GRUPOS_MAX, one at a
  // time as a transaction needs): its flags become constants and only its enabled blocks are tested.
  const audiences = [];
  for (const grupo of grupos) {
    const audience = savedGroup(Number(grupo.id));
    audiences.push((await audience.load?.(tx)) ?? audience);
  }
  // No sender left (removed user): nobody is within reach.
  const scope =
    claimed.remetenteId && claimed.remetenteTipo
      ? usuarioScope({
          usuarioId: claimed.remetenteId,
          tipo: claimed.remetenteTipo,
          email: '',
          nome: '',
          idioma: 'PT_BR' as Idioma,
          funcionalidades: [],
        })
      : sql`false`;
  const sent = await notify(
    tx,
    { audiences, scope },
    {
      titulo: claimed.titulo,
      texto: claimed.texto,
      link: claimed.link,
      produtoId: claimed.produtoId,
      origem: ORIGEM,
      origemId: id,
      autorId: claimed.remetenteId ?? claimed.autorId,
    },
  );
  await tx.execute(sql`update notificacoes_genericas set notificacao_id = ${sent.id}, destinatarios = ${sent.destinatarios}
    where id = ${id}`);
  return sent.destinatarios;
}

/**
 * The scheduled send: pg-boss starts it at the notification's time on one worker of any process
 * (`singleton` policy with the notification as singletonKey: never two runs of one notification at
 * once); sendDue's claim makes it exactly once even if a run is repeated (retry, duplicate).
 */
export const envioJob: Record<typeof ENVIO_FILA, JobDefinition> = {
  [ENVIO_FILA]: {
    policy: 'singleton',
    handler: async ({ db, job }) => {
      const id = Number((job.payload as { id?: number }).id);
      const destinatarios = await db.transaction((tx) => sendDue(tx, id));
      return { notificacaoGenericaId: id, enviada: destinatarios !== undefined, destinatarios: destinatarios ?? 0 };
    },
  },
};
