import { TIPO_PROVEDOR, type FunctionKey, type TipoUsuario } from './enums';

/**
 * Access rule of spec section 6, used alike by routes, menu entries and API operations.
 * An empty (or absent) list allows everything; a provider-staff user passes any function check.
 */
export interface AccessRule {
  funcionalidades?: readonly FunctionKey[];
  tiposUsuario?: readonly TipoUsuario[];
}

export interface AccessSubject {
  tipo: TipoUsuario;
  funcionalidades: readonly string[];
}

export function hasAccess(subject: AccessSubject, rule: AccessRule): boolean {
  const tipos = rule.tiposUsuario ?? [];
  if (tipos.length > 0 && !tipos.includes(subject.tipo)) return false;
  const keys = rule.funcionalidades ?? [];
  if (keys.length === 0 || subject.tipo === TIPO_PROVEDOR) return true;
  return keys.some((key) => subject.funcionalidades.includes(key));
}
