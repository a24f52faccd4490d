import { AUDITORIA_ACCESS_BY_TIPO, type TipoAuditoria } from '../../../domain/auditoria';
import { dealerInScope, grupoInScope, isAllowed, usuarioInScope, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';

/**
 * May this session read the history of this record? The kind's own function key (or user type),
 * and for dealers, dealer groups and users the caller's scope: a manufacturer's brands, a dealer-group
 * user's own dealers and their groups (server/authz/scope.ts). Provider staff see everything.
 */
export async function mayReadHistorico(
  db: DbOrTx,
  session: Session,
  tipo: TipoAuditoria,
  registroId: number,
): Promise<boolean> {
  if (!isAllowed(session, AUDITORIA_ACCESS_BY_TIPO[tipo])) return false;
  if (tipo === 'DEALER') return dealerInScope(db, session, registroId);
  if (tipo === 'GRUPO') return grupoInScope(db, session, registroId);
  if (tipo === 'USUARIO') return usuarioInScope(db, session, registroId);
  return true;
}
