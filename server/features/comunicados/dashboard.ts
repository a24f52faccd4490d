import { z } from 'zod';
import { podeExecutar } from '../../../domain/comunicados';
import { policies } from '../../../domain/policies';
import { recordId } from '../../../domain/schemas/campos';
import { filterInputSchema } from '../../../domain/schemas/lista';
import { translate } from '../../../i18n';
import { escapeHtml } from '../../html';
import { recordAudit } from '../../audit';
import type { Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { listExport, type ListExport } from '../../export';
import { portalError } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Operations } from '../../graphql/operation';
import { notify } from '../notificacoes';
import * as q from './dashboardQueries';
import { ORIGEM, type ComunicadoRow } from './queries';
import { factsOf, readable, viewerOf, viewOf } from './vista';

// The dashboard of a sent announcement (issue #28): its author, or a holder of the approval key
// whose scope reaches the author (domain/comunicados.ts TRANSICOES.dashboard and .lembrete). The
// figures are SQL aggregates (dashboardQueries.ts); the roll-up and the unread list are cut to the
// caller's scope, and for an approver who is not the author the figures, the e-mails and the reminder too.

const policy = policies.comunicados.dashboard;

const idSchema = z.object({ id: recordId() });
const rollupSchema = idSchema.extend({ nivel: z.enum(q.NIVEIS_ROLLUP, 'validation.invalidOption') });
const rollupFilterSchema = filterInputSchema(q.COLUNAS_ROLLUP);
const naoLidosFilterSchema = filterInputSchema(['nome'] as const);
const exportFilterSchema = z.object({ id: recordId(), busca: z.string().trim().max(200).nullish() });

/**
 * The announcement, loaded by the write side's loader in the caller's reach (its author, or a holder
 * of the approval key whose scope reaches the author; not found otherwise), if the caller may take
 * `acao` (dashboard or lembrete) on it: refused while it is not sent.
 */
export async function painelAcessivel(
  db: DbOrTx,
  session: Session,
  id: number,
  acao: 'dashboard' | 'lembrete',
): Promise<ComunicadoRow> {
  const row = await readable(db, session, id);
  if (!podeExecutar(acao, factsOf(row), viewerOf(session))) {
    throw portalError(session.idioma, 'FORBIDDEN', 'comunicados.errors.acaoNaoPermitida');
  }
  return row;
}

/** The caller, when not the announcement's author: they count and remind the recipients they reach only. */
export const alheioA = (c: ComunicadoRow, session: Session) => (c.autorId === session.usuarioId ? undefined : session);

export const dashboardQueries: Operations = {
  comunicadoDashboard: operation({
    policy,
    async resolve(args: unknown, { db, session, idioma }) {
      const { id } = parseInput(idSchema, args, idioma);
      const c = await painelAcessivel(db, session, id, 'dashboard');
      const alheio = alheioA(c, session);
      const [figuras, leiturasPorDia] = await Promise.all([
        q.figuras(db, id, alheio),
        q.leiturasPorTempo(db, id, alheio),
      ]);
      return {
        comunicado: viewOf(c, session),
        ...figuras,
        leiturasPorDia,
        lembradoEm: c.lembradoEm,
        podeLembrar: c.podeLembrar,
      };
    },
  }),
  comunicadoDashboardRollup: operation({
    policy,
    async resolve(args: { id?: unknown; nivel?: unknown; filterInput?: unknown }, { db, session, idioma }) {
      const { id, nivel } = parseInput(rollupSchema, { id: args.id, nivel: args.nivel }, idioma);
      const filter = parseInput(rollupFilterSchema, args.filterInput ?? {}, idioma);
      await painelAcessivel(db, session, id, 'dashboard');
      return q.rollup(db, session, id, nivel, filter);
    },
  }),
  comunicadoNaoLidos: operation({
    policy,
    async resolve(args: { id?: unknown; filterInput?: unknown }, { db, session, idioma }) {
      const { id } = parseInput(idSchema, { id: args.id }, idioma);
      const filter = parseInput(naoLidosFilterSchema, args.filterInput ?? {}, idioma);
      await painelAcessivel(db, session, id, 'dashboard');
      return q.naoLidos(db, session, id, filter);
    },
  }),
};

export const dashboardMutations: Operations = {
  lembrarNaoLidosComunicado: operation({
    policy,
    async resolve(args: unknown, { db, session, idioma }) {
      const { id } = parseInput(idSchema, args, idioma);
      return db.transaction(async (tx) => {
        const c = await painelAcessivel(tx, session, id, 'lembrete');
        // Once a day, enforced by the UPDATE's condition (and its row lock under concurrent calls).
        if (!(await q.reivindicarLembrete(tx, id))) {
          throw portalError(idioma, 'CONFLICT', 'comunicados.dashboard.lembreteHoje');
        }
        const { destinatarios } = await notify(
          tx,
          { usuarios: q.naoLidosIds(id, alheioA(c, session)) },
          {
            titulo: translate(idioma, 'comunicados.dashboard.lembreteTitulo'),
            texto: `<p>${escapeHtml(c.titulo)}</p>`,
            link: `/comunicados/visualizar/${id}`,
            origem: ORIGEM,
            origemId: id,
            autorId: session.usuarioId,
          },
        );
        await recordAudit(tx, {
          tipo: 'COMUNICADO',
          registroId: id,
          alteracao: 'LEMBRETE',
          valorNovo: { destinatarios },
          autorId: session.usuarioId,
        });
        return destinatarios;
      });
    },
  }),
};

/** GET /api/exportar/comunicadoNaoLidos?filtro={"id":…}: the unread recipients (server/export). */
export const comunicadoNaoLidosExport: ListExport = listExport({
  policy,
  filterSchema: exportFilterSchema,
  async rows(db, session, filter) {
    await painelAcessivel(db, session, filter.id, 'dashboard');
    return q.todosNaoLidos(db, session, filter.id, filter.busca);
  },
  columns: [
    { header: 'comunicados.dashboard.nome', value: (r: q.NaoLido) => r.nome },
    { header: 'comunicados.dashboard.email', value: (r: q.NaoLido) => r.email },
  ],
  fileName: 'comunicados.dashboard.naoLidosArquivo',
});
