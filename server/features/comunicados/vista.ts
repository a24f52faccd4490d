import type { EstadoComunicado } from '../../../domain/comunicados';
import { acoesPermitidas } from '../../../domain/comunicados';
import type { Idioma } from '../../../domain/enums';
import { translate } from '../../../i18n';
import type { Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../graphql/errors';
import * as q from './queries';

// The announcement as the API answers it (type Comunicado), loaded by the write side's one loader
// (queries.ts `find`, in the caller's reach): the write operations, the preview and the dashboard
// all answer it from here.

export const viewerOf = (session: Session) => ({
  usuarioId: session.usuarioId,
  tipo: session.tipo,
  funcionalidades: session.funcionalidades,
});

export const factsOf = (row: q.ComunicadoRow) => ({
  estado: row.estado as EstadoComunicado,
  autorId: row.autorId,
  detentorIds: row.detentoresAprovacao.map((d) => d.id),
  arquivado: row.arquivado,
});

export const emailStatus = (idioma: Idioma, status: string | null, erro: string | null) =>
  status
    ? { name: status, descricao: translate(idioma, `comunicados.emailStatus.${status}`, { erro: erro ?? '' }) }
    : null;

/** The record as the API answers it to `session`. */
export function viewOf(row: q.ComunicadoRow, session: Session) {
  const { idioma } = session;
  return {
    ...row,
    status: { id: row.estado, description: translate(idioma, `comunicados.estados.${row.estado}`) },
    rascunho: row.estado === 'RASCUNHO',
    enviado: row.estado === 'ENVIADO',
    emAprovacao: row.estado === 'EM_APROVACAO',
    rejeitado: row.estado === 'REJEITADO',
    agendado: row.estado === 'AGENDADO',
    emailsAvulsos: row.emailsAvulsos.map((m) => ({ email: m.email, status: emailStatus(idioma, m.status, m.erro) })),
    acoes: acoesPermitidas(factsOf(row), viewerOf(session)),
  };
}

/** The announcement in the caller's reach (queries.ts `scopeOf`), or NOT_FOUND. */
export async function readable(db: DbOrTx, session: Session, id: number) {
  const row = await q.find(db, session, id);
  if (!row) throw notFound(session.idioma);
  return row;
}
