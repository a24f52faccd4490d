import { hasAccess, type AccessRule } from '../../domain/access';
import type { Idioma, TipoUsuario } from '../../domain/enums';
import { forbidden, unauthenticated } from '../graphql/errors';

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

export { dealerInScope, dealerScope, grupoInScope, grupoScope, mayChangeMarcas, mayCreateInNetwork } from './scope';
