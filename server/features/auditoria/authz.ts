import { AUDIT_POLICY_BY_TIPO, type TipoAuditoria } from '../../../domain/auditoria';
import { allows, dealerInScope, grupoInScope, grupoUsuariosReach, usuarioInScope, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { ausenciaNoAlcance } from '../ausencias';
import { comunicadoNoAlcance, serieNoAlcance } from '../comunicados';
import { notificacaoGenericaNoAlcance } from '../notificacoesGenericas';
import { vitrineNoAlcance } from '../vitrine';

/**
 * May this session read the history of this record? The kind's audit policy (AUDIT_POLICY_BY_TIPO),
 * and for dealers, dealer groups, users and user groups the caller's scope: a manufacturer's brands, a dealer-group
 * user's own dealers and their groups (server/authz/scope.ts); announcements and their series,
 * generic notifications, slides, adverts and absences as their own features reach them. Provider staff see everything.
 * The other kinds are shared by everyone holding their policy (brands by their own rule, reference
 * data, announcement labels); in every history the names of other scopes' records and authors are
 * left out (`nomesDe`, `historico`).
 */
export async function mayReadHistorico(
  db: DbOrTx,
  session: Session,
  tipo: TipoAuditoria,
  registroId: number,
): Promise<boolean> {
  if (!allows(session, AUDIT_POLICY_BY_TIPO[tipo])) return false;
  if (tipo === 'DEALER') return dealerInScope(db, session, registroId);
  if (tipo === 'GRUPO') return grupoInScope(db, session, registroId);
  if (tipo === 'USUARIO') return usuarioInScope(db, session, registroId);
  if (tipo === 'GRUPO_USUARIOS') return ['shared', 'owned'].includes(await grupoUsuariosReach(db, session, registroId));
  if (tipo === 'COMUNICADO') return comunicadoNoAlcance(db, session, registroId);
  if (tipo === 'COMUNICADO_SERIE') return serieNoAlcance(db, session, registroId);
  if (tipo === 'NOTIFICACAO_GENERICA') return notificacaoGenericaNoAlcance(db, session, registroId);
  if (tipo === 'SLIDE' || tipo === 'ANUNCIO') return vitrineNoAlcance(db, session, tipo, registroId);
  if (tipo === 'AUSENCIA_TEMPORARIA') return ausenciaNoAlcance(db, session, registroId);
  return true;
}
