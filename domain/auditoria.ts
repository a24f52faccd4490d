import type { AccessRule } from './access';
import { ROUTES } from './routes';

/**
 * Record kinds with an audit history (/auditoria/{id}/{tipo}), each with the access rule a caller
 * needs to read that kind's history on top of the route's rule. DEALER and GRUPO are further limited
 * to the caller's scope (brands, own dealers) by the server.
 */
export const TIPOS_AUDITORIA = [
  'DEALER',
  'GRUPO',
  'USUARIO',
  'GRUPO_USUARIOS',
  'SLIDE',
  'ANUNCIO',
  'MARCA',
  'CARGO',
  'DEPARTAMENTO',
  'SETOR',
  'DIVISAO',
  'DESLIGAMENTO',
  'REDE_SOCIAL',
  'PRODUTO',
] as const;
export type TipoAuditoria = (typeof TIPOS_AUDITORIA)[number];

export function isTipoAuditoria(value: string | undefined | null): value is TipoAuditoria {
  return (TIPOS_AUDITORIA as readonly string[]).includes(value ?? '');
}

const providerOnly: AccessRule = { tiposUsuario: ['TECSINAPSE'] };

export const AUDITORIA_ACCESS_BY_TIPO: Record<TipoAuditoria, AccessRule> = {
  DEALER: { funcionalidades: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] },
  GRUPO: { funcionalidades: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] },
  USUARIO: { funcionalidades: ['PORTAL_MANUTENCAO_USUARIOS'] },
  GRUPO_USUARIOS: { funcionalidades: ['PORTAL_MANUTENCAO_GRUPOS_USUARIOS'] },
  SLIDE: { funcionalidades: ['PORTAL_MANUTENCAO_SLIDES'] },
  ANUNCIO: { funcionalidades: ['PORTAL_MANUTENCAO_ANUNCIOS'] },
  // Reference data is maintained by the provider's staff only.
  MARCA: providerOnly,
  CARGO: providerOnly,
  DEPARTAMENTO: providerOnly,
  SETOR: providerOnly,
  DIVISAO: providerOnly,
  DESLIGAMENTO: providerOnly,
  REDE_SOCIAL: providerOnly,
  PRODUTO: providerOnly,
};

/** The audit route's own rule (domain/routes.ts), shared by the API operation and the audit button. */
export const AUDITORIA_ROUTE_ACCESS: AccessRule = ROUTES.find((route) => route.id === 'auditoria')!.access;

/** Page sizes of the audit table; the API refuses larger pages. */
export const AUDITORIA_PAGE_SIZES = [10, 25, 50] as const;
export const AUDITORIA_MAX_ROWS_PER_PAGE = 100;

/** The audit page of a record: /auditoria/{id}/{tipo}. */
export function auditoriaPath(tipo: TipoAuditoria, id: string | number): string {
  return `/auditoria/${encodeURIComponent(String(id))}/${tipo}`;
}
