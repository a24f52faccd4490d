import { hasAccess, type AccessRule } from '../../domain/access';
import type { Idioma, TipoUsuario } from '../../domain/enums';
import { forbidden, notFound, portalError, unauthenticated } from '../graphql/errors';
import type { Reach } from './scope';

/** The signed-in caller, resolved from a verified bearer token. */
export interface Session {
  usuarioId: number;
  email: string;
  nome: string;
  tipo: TipoUsuario;
  idioma: Idioma;
  funcionalidades: string[];
}

/**
 * Who may call an operation or route: anyone ('public'), any signed-in user ('signedIn'), or
 * signed-in users passing an access rule of spec section 6.
 */
export type Access = 'public' | 'signedIn' | AccessRule;

export function isAllowed(session: Session | null, access: Access): boolean {
  if (access === 'public') return true;
  if (!session) return false;
  return access === 'signedIn' || hasAccess(session, access);
}

/** Throws the right GraphQL error when the caller may not proceed; returns the session otherwise. */
export function assertAccess(session: Session | null, access: Access, idioma: Idioma): Session | null {
  if (isAllowed(session, access)) return session;
  throw session ? forbidden(idioma) : unauthenticated(idioma);
}

/**
 * Refuses a write on one record the caller's reach does not allow: NOT_FOUND when it does not
 * exist, FORBIDDEN when it is outside the caller's scope, or shared and the change is more than a
 * manufacturer may make on a shared record (their own brands and the record's data, not its state).
 * A dealer-group user changes only what is wholly theirs.
 */
export function assertWriteReach(session: Session, reach: Reach, change: { active: boolean }) {
  if (reach === 'missing') throw notFound(session.idioma);
  if (reach === 'owned') return;
  if (reach === 'outside' || session.tipo === 'DEALER_GRUPO') {
    throw portalError(session.idioma, 'FORBIDDEN', 'errors.outsideScope');
  }
  if (change.active) throw portalError(session.idioma, 'FORBIDDEN', 'errors.sharedRecord');
}

export {
  changesWithin,
  dealerInScope,
  dealerOwnedScope,
  dealerReach,
  dealerScope,
  grupoInScope,
  grupoReach,
  grupoScope,
  mayChangeMarcas,
  mayCreateInNetwork,
  usuarioInScope,
  usuarioScope,
  type Reach,
} from './scope';
