import { policies, type Policy } from './policies';

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
  'COMUNICADO',
  'COMUNICADO_SERIE',
  'COMUNICADO_ETIQUETA',
  'NOTIFICACAO_GENERICA',
  'AUSENCIA_TEMPORARIA',
  'RELATORIO',
] as const;
export type TipoAuditoria = (typeof TIPOS_AUDITORIA)[number];

export function isTipoAuditoria(value: string | undefined | null): value is TipoAuditoria {
  return (TIPOS_AUDITORIA as readonly string[]).includes(value ?? '');
}

/**
 * The policy a caller passes, on top of policies.auditoria.open, to read the history of each kind
 * of record.
 */
export const AUDIT_POLICY_BY_TIPO: Record<TipoAuditoria, Policy> = {
  DEALER: policies.dealers.audit,
  GRUPO: policies.grupos.audit,
  USUARIO: policies.usuarios.audit,
  GRUPO_USUARIOS: policies.gruposUsuarios.audit,
  SLIDE: policies.slides.audit,
  ANUNCIO: policies.anuncios.audit,
  MARCA: policies.marcas.audit,
  CARGO: policies.cargos.audit,
  DEPARTAMENTO: policies.departamentos.audit,
  SETOR: policies.setores.audit,
  DIVISAO: policies.divisoes.audit,
  DESLIGAMENTO: policies.desligamentos.audit,
  REDE_SOCIAL: policies.redesSociais.audit,
  PRODUTO: policies.produtos.audit,
  COMUNICADO: policies.comunicados.edit,
  COMUNICADO_SERIE: policies.comunicados.edit,
  COMUNICADO_ETIQUETA: policies.comunicados.edit,
  NOTIFICACAO_GENERICA: policies.notificacoesGenericas.edit,
  AUSENCIA_TEMPORARIA: policies.ausencias.list,
  RELATORIO: policies.relatorios.audit,
};

/** Page sizes of the audit table; the API refuses larger pages. */
export const AUDITORIA_PAGE_SIZES = [10, 25, 50] as const;
export const AUDITORIA_MAX_ROWS_PER_PAGE = 100;

/** The audit page of a record: /auditoria/{id}/{tipo}. */
export function auditoriaPath(tipo: TipoAuditoria, id: string | number): string {
  return `/auditoria/${encodeURIComponent(String(id))}/${tipo}`;
}

/** Kinds of record an audited value may name by id; the API answers their current names. */
export const TIPOS_REFERENCIA = [
  'DEALER',
  'GRUPO',
  'USUARIO',
  'GRUPO_USUARIOS',
  'MARCA',
  'CARGO',
  'DEPARTAMENTO',
  'SETOR',
  'DIVISAO',
  'DESLIGAMENTO',
  'REDE_SOCIAL',
  'PRODUTO',
  'TIPO_ACESSO',
  'FUNCIONALIDADE',
  'COMUNICADO',
  'COMUNICADO_SERIE',
  'COMUNICADO_ETIQUETA',
  'NOTIFICACAO_GENERICA',
] as const;
export type TipoReferencia = (typeof TIPOS_REFERENCIA)[number];

export function isTipoReferencia(value: string): value is TipoReferencia {
  return (TIPOS_REFERENCIA as readonly string[]).includes(value);
}

/**
 * Audited fields holding the id of another record (one id, or a list of ids), at any depth of a
 * value (e.g. `dadosComplementares[].produtoId`), and the kind of that record.
 */
export const CAMPOS_REFERENCIA: Readonly<Record<string, TipoReferencia>> = {
  dealerId: 'DEALER',
  dealerIds: 'DEALER',
  grupoId: 'GRUPO',
  grupoIds: 'GRUPO',
  usuarioId: 'USUARIO',
  usuarioManualIds: 'USUARIO',
  usuarioRemovidoIds: 'USUARIO',
  leitorIds: 'USUARIO',
  editorIds: 'USUARIO',
  marcaId: 'MARCA',
  marcaIds: 'MARCA',
  cargoId: 'CARGO',
  cargoIds: 'CARGO',
  departamentoId: 'DEPARTAMENTO',
  setorId: 'SETOR',
  setorIds: 'SETOR',
  divisaoId: 'DIVISAO',
  divisaoIds: 'DIVISAO',
  desligamentoId: 'DESLIGAMENTO',
  produtoId: 'PRODUTO',
  tipoAcessoIds: 'TIPO_ACESSO',
  funcionalidadeIds: 'FUNCIONALIDADE',
};

/**
 * Fields a kind of record names otherwise: an announcement's and a generic notification's
 * `grupoIds` are user groups (not dealer groups), and their approver, series, substitute by id.
 */
export const CAMPOS_REFERENCIA_DO_TIPO: Readonly<Partial<Record<TipoAuditoria, Record<string, TipoReferencia>>>> = {
  COMUNICADO: {
    grupoIds: 'GRUPO_USUARIOS',
    aprovadorId: 'USUARIO',
    serieId: 'COMUNICADO_SERIE',
    idParent: 'COMUNICADO',
  },
  NOTIFICACAO_GENERICA: { grupoIds: 'GRUPO_USUARIOS', modeloId: 'NOTIFICACAO_GENERICA' },
  SLIDE: { grupoIds: 'GRUPO_USUARIOS' },
  ANUNCIO: { grupoIds: 'GRUPO_USUARIOS' },
  AUSENCIA_TEMPORARIA: { substitutoId: 'USUARIO' },
};

/** The kind of record an audited field (of a record of kind `tipo`) names by id, if it does. */
export function referenciaDoCampo(campo: string, tipo?: TipoAuditoria): TipoReferencia | undefined {
  const doTipo = tipo ? CAMPOS_REFERENCIA_DO_TIPO[tipo] : undefined;
  if (doTipo && Object.hasOwn(doTipo, campo)) return doTipo[campo];
  return Object.hasOwn(CAMPOS_REFERENCIA, campo) ? CAMPOS_REFERENCIA[campo] : undefined;
}
