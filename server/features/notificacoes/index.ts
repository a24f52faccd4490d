import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import {
  NOTIFICACOES_MENU_LIMIT,
  notificacaoFilterSchema,
  notificacaoIdSchema,
} from '../../../domain/schemas/notificacao';
import { LIMPEZA_NOTIFICACOES_FILA } from '../../../domain/schemas/superAdmin';
import type { Config } from '../../config';
import { notFound } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import type { JobDefinition } from '../../jobs';
import * as q from './queries';
import { pruneNotifications } from './service';

/**
 * Notifications (issue #27): what every feature tells its users. Other features call `notify`
 * (service.ts) in their own transaction; the operations here are the signed-in user's own
 * notifications: the bell (count, panel, seen) and /notificacoes (paged, read).
 */
export { notify, type NewNotification, type Recipients } from './service';
/** For features whose records are read where they live: their notifications read too. */
export { markReadOfOrigin } from './queries';

export const notificacoesFeature: Feature = {
  typeDefs: readFileSync(new URL('./notificacoes.graphql', import.meta.url), 'utf8'),
  Query: {
    notificacoesMenu: operation({
      policy: policies.notificacoes.list,
      resolve: (_args: unknown, { db, session }) => q.newest(db, session.usuarioId, NOTIFICACOES_MENU_LIMIT),
    }),
    countNotificacoesNaoLidas: operation({
      policy: policies.notificacoes.list,
      resolve: (_args: unknown, { db, session }) => q.countUnseen(db, session.usuarioId),
    }),
    notificacoes: operation({
      policy: policies.notificacoes.list,
      resolve: (args: { filterInput?: unknown }, { db, session, idioma }) =>
        q.page(db, session.usuarioId, parseInput(notificacaoFilterSchema, args.filterInput ?? {}, idioma)),
    }),
  },
  Mutation: {
    marcarNotificacoesComoVisualizadas: operation({
      policy: policies.notificacoes.list,
      resolve: (_args: unknown, { db, session }) => q.markSeen(db, session.usuarioId),
    }),
    marcarNotificacaoComoLida: operation({
      policy: policies.notificacoes.list,
      async resolve(args: unknown, { db, session, idioma }) {
        const { id } = parseInput(notificacaoIdSchema, args, idioma);
        // Only the caller's own: another user's notification (or none) is not found, and nothing changes.
        if ((await q.markRead(db, session.usuarioId, id)) === 0) throw notFound(idioma);
        return q.one(db, session.usuarioId, id);
      },
    }),
    marcarTodasNotificacoesComoLidas: operation({
      policy: policies.notificacoes.list,
      resolve: (_args: unknown, { db, session }) => q.markRead(db, session.usuarioId),
    }),
  },
};

/** The daily removal of notifications older than the retention (NOTIFICATION_RETENTION_DAYS). */
export function limpezaNotificacoesJob(
  config: Pick<Config, 'notificacoes'>,
): Record<typeof LIMPEZA_NOTIFICACOES_FILA, JobDefinition> {
  return {
    [LIMPEZA_NOTIFICACOES_FILA]: {
      cron: config.notificacoes.pruneCron,
      policy: 'singleton',
      handler: async ({ db }) => ({
        notificacoesRemovidas: await pruneNotifications(db, config.notificacoes.retentionDays),
      }),
    },
  };
}
