import { refusalOf, type Policy, type Refusal, type RecordTarget } from '../../domain/policies';
import type { Idioma, TipoUsuario } from '../../domain/enums';
import { portalError, type ErrorCode } from '../graphql/errors';

/** The signed-in caller, resolved from a verified bearer token. */
export interface Session {
  usuarioId: number;
  email: string;
  nome: string;
  tipo: TipoUsuario;
  idioma: Idioma;
  funcionalidades: string[];
}

const CODE_OF: Record<Refusal, ErrorCode> = {
  'errors.unauthenticated': 'UNAUTHENTICATED',
  'errors.forbidden': 'FORBIDDEN',
  'errors.notFound': 'NOT_FOUND',
  'errors.outsideScope': 'FORBIDDEN',
  'errors.sharedRecord': 'FORBIDDEN',
  'errors.sharedUser': 'FORBIDDEN',
};

/**
 * The server side of a policy (domain/policies.ts): throws its refusal as a translated GraphQL
 * error, or returns the signed-in session. For an action on one record, `target` says how far the
 * caller reaches it (the resource's `...Reach` of scope.ts).
 */
export function authorize(session: Session | null, policy: Policy, idioma: Idioma, target?: RecordTarget): Session {
  const refusal = refusalOf(session, policy, target);
  if (refusal) throw portalError(session?.idioma ?? idioma, CODE_OF[refusal], refusal);
  return session!;
}

export {
  assignableMarcaIds,
  autorScope,
  changesWithin,
  dealerInScope,
  dealerOwnedScope,
  dealerReach,
  dealerScope,
  grupoInScope,
  grupoReach,
  grupoScope,
  marcaScope,
  grupoUsuariosEditScope,
  grupoUsuariosReach,
  grupoUsuariosReadScope,
  mayChangeMarcas,
  usuarioInScope,
  usuarioOwnedScope,
  usuarioReach,
  usuarioScope,
  celulaScope,
  usuarioAlcanca,
  unusableGroups,
} from './scope';
export { allows, refusalOf, type Policy, type Reach } from '../../domain/policies';
