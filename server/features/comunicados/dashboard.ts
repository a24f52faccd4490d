import { z } from 'zod';
import { acoesPermitidas, podeExecutar, type EstadoComunicado } from '../../../domain/comunicados';
import type { Idioma } from '../../../domain/enums';
import { policies } from '../../../domain/policies';
import { recordId } from '../../../domain/schemas/campos';
import { filterInputSchema } from '../../../domain/schemas/lista';
import { translate } from '../../../i18n';
import { recordAudit } from '../../audit';
import type { Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { listExport, type ListExport } from '../../export';
import { notFound, portalError } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Operations } from '../../graphql/operation';
import { notify } from '../notificacoes';
import * as q from './dashboardQueries';

// The dashboard of a sent announcement (issue #28): its author, or a holder of the approval key
// whose scope reaches the author (domain/comunicados.ts TRANSICOES.dashboard and .lembrete). The
// figures are SQL aggregates (dashboardQueries.ts); the roll-up and the unread list are cut to the
// caller's scope.

const policy = policies.comunicados.dashboard;

const idSchema = z.object({ id: recordId() });
const rollupSchema = idSchema.extend({ nivel: z.enum(q.NIVEIS_ROLLUP, 'validation.invalidOption') });
const naoLidosFilterSchema = filterInputSchema(['nome'] as const);
const exportFilterSchema = z.object({ id: recordId(), busca: z.string().trim().max(200).nullish() });

/**
 * The announcement if the caller may take `acao` (dashboard or lembrete) on it: not found when they
 * are neither its author nor an approver whose scope reaches the author; refused while it is not sent.
 */
export async function painelAcessivel(
  db: DbOrTx,
  session: Session,
  id: number,
  acao: 'dashboard' | 'lembrete',
): Promise<q.ComunicadoDoPainel> {
  const c = await q.comunicadoDoPainel(db, session, id);
  const viewer = session;
  const fatos = { estado: c?.estado as EstadoComunicado, autorId: c?.autorId ?? 0, arquivado: c?.arquivado };
  const autor = c?.autorId === session.usuarioId;
  // Not the author and not an approver reaching the author (or no key): as if it did not exist.
  if (!c || !(autor || (c.autorNoAlcance && podeExecutar(acao, { ...fatos, estado: 'ENVIADO' }, viewer)))) {
    throw notFound(session.idioma);
  }
  if (!podeExecutar(acao, fatos, viewer)) {
    throw portalError(session.idioma, 'FORBIDDEN', 'comunicados.errors.acaoNaoPermitida');
  }
  return c;
}

/** The announcement as the dashboard shows it (the Comunicado fields the dashboard reads). */
function comunicadoDoPainelView(c: q.ComunicadoDoPainel, session: Session, idioma: Idioma) {
  const estado = c.estado as EstadoComunicado;
  return {
    id: String(c.id),
    version: c.version,
    titulo: c.titulo,
    mensagem: '',
    createdDateTime: c.createdAt.toISOString(),
    envioDateTime: c.enviadoEm?.toISOString() ?? null,
    dataHoraAgendamento: c.agendadoPara?.toISOString() ?? null,
    motivoRejeicao: null,
    status: { id: estado, description: translate(idioma, `comunicados.estados.${estado}`) },
    usuarioCriador: c.criador,
    usuarioAprovador: null,
    detentoresAprovacao: [],
    decididoPor: null,
    grupos: [],
    usuariosRemovidos: [],
    etiquetas: c.etiquetas,
    arquivos: [],
    rascunho: estado === 'RASCUNHO',
    enviado: estado === 'ENVIADO',
    emAprovacao: estado === 'EM_APROVACAO',
    rejeitado: estado === 'REJEITADO',
    agendado: estado === 'AGENDADO',
    active: true,
    arquivado: c.arquivado,
    emailsAvulsos: [],
    departamento: c.departamento,
    idParent: null,
    justificativa: null,
    renotificar: true,
    reiniciarLeitura: false,
    erratas: [],
    exigeConfirmacao: c.exigeConfirmacao,
    destinatarios: c.destinatarios,
    acoes: acoesPermitidas({ estado, autorId: c.autorId, arquivado: c.arquivado }, session),
  };
}

export const dashboardQueries: Operations = {
  comunicadoDashboard: operation({
    policy,
    async resolve(args: unknown, { db, session, idioma }) {
      const { id } = parseInput(idSchema, args, idioma);
      const c = await painelAcessivel(db, session, id, 'dashboard');
      const [figuras, leiturasPorDia] = await Promise.all([q.figuras(db, id), q.leiturasPorTempo(db, id)]);
      return {
        comunicado: comunicadoDoPainelView(c, session, idioma),
        ...figuras,
        leiturasPorDia,
        lembradoEm: c.lembradoEm?.toISOString() ?? null,
        podeLembrar: c.podeLembrar,
      };
    },
  }),
  comunicadoDashboardRollup: operation({
    policy,
    async resolve(args: unknown, { db, session, idioma }) {
      const { id, nivel } = parseInput(rollupSchema, args, idioma);
      await painelAcessivel(db, session, id, 'dashboard');
      return q.rollup(db, session, id, nivel);
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
          { usuarios: q.naoLidosIds(id) },
          {
            titulo: translate(idioma, 'comunicados.dashboard.lembreteTitulo'),
            texto: c.titulo,
            link: `/comunicados/visualizar/${id}`,
            origem: 'COMUNICADO',
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
