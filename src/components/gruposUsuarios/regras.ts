import { BLOCOS, type Bloco } from '../../../domain/schemas/grupoUsuarios';
import type { TipoUsuario } from '../../../domain/enums';

// The user-group form's values and the rules of spec section 4 as pure functions: what unchecking
// a block clears, what dropping the dealer-group type clears, importing other groups' blocks.

export interface Ref {
  id: string;
  nome: string;
}
export interface DealerRef {
  id: string;
  nomeExibicao: string;
}
export interface UsuarioRef {
  id: string;
  nome: string;
  email: string;
}

/** The form's values: the input's id lists, and the records behind the searched ones (their labels). */
export interface GrupoUsuariosValues {
  id?: string;
  version?: number;
  nome: string;
  nomeOriginal?: string;
  publico: boolean;
  active: boolean;
  possuiPerfil: boolean;
  possuiCargos: boolean;
  possuiSetores: boolean;
  possuiGrupos: boolean;
  possuiUsuariosManuais: boolean;
  todosDealers: boolean;
  marcaIds: string[];
  tiposUsuario: TipoUsuario[];
  tipoAcessoIds: string[];
  dealerIds: string[];
  dealers: DealerRef[];
  cargoIds: string[];
  setorIds: string[];
  grupoIds: string[];
  usuarioManualIds: string[];
  usuariosManuais: UsuarioRef[];
  usuarioRemovidoIds: string[];
  usuariosRemovidos: UsuarioRef[];
  leitorIds: string[];
  leitores: UsuarioRef[];
  editorIds: string[];
  editores: UsuarioRef[];
}

export const BLOCOS_LISTA = Object.keys(BLOCOS) as Bloco[];

/** A new group: public only for who may create public groups (the server refuses it otherwise). */
export const novoGrupoUsuarios = (podePublico: boolean): GrupoUsuariosValues => ({
  nome: '',
  publico: podePublico,
  active: true,
  possuiPerfil: false,
  possuiCargos: false,
  possuiSetores: false,
  possuiGrupos: false,
  possuiUsuariosManuais: false,
  todosDealers: false,
  marcaIds: [],
  tiposUsuario: [],
  tipoAcessoIds: [],
  dealerIds: [],
  dealers: [],
  cargoIds: [],
  setorIds: [],
  grupoIds: [],
  usuarioManualIds: [],
  usuariosManuais: [],
  usuarioRemovidoIds: [],
  usuariosRemovidos: [],
  leitorIds: [],
  leitores: [],
  editorIds: [],
  editores: [],
});

/** A saved group (`grupoUsuarios(id)`, `importarGrupoUsuarios`) as the API answers it. */
export interface GrupoUsuariosRecord {
  id: string;
  version?: number;
  nome: string;
  nomeOriginal?: string;
  publico: boolean;
  active: boolean;
  possuiPerfil: boolean;
  possuiCargos: boolean;
  possuiSetores: boolean;
  possuiGrupos: boolean;
  possuiUsuariosManuais: boolean;
  todosDealers: boolean;
  marcas: Ref[];
  tiposUsuarios: TipoUsuario[];
  tiposAcesso: { id: string; nome: string }[];
  dealers: DealerRef[];
  cargos: Ref[];
  setores: Ref[];
  grupos: Ref[];
  usuariosManuais: UsuarioRef[];
  usuariosRemovidos: UsuarioRef[];
  leitores: UsuarioRef[];
  editores: UsuarioRef[];
}

const idsOf = (list: { id: string | number }[] = []) => list.map((item) => String(item.id));
const usuarios = (list: UsuarioRef[] = []) => list.map(({ id, nome, email }) => ({ id: String(id), nome, email }));
const dealers = (list: DealerRef[] = []) => list.map(({ id, nomeExibicao }) => ({ id: String(id), nomeExibicao }));

/** A saved group in the form's shape. */
export function formValuesOf(record: GrupoUsuariosRecord): GrupoUsuariosValues {
  return {
    id: String(record.id),
    version: record.version,
    nome: record.nome,
    nomeOriginal: record.nomeOriginal ?? record.nome,
    publico: record.publico,
    active: record.active,
    possuiPerfil: record.possuiPerfil,
    possuiCargos: record.possuiCargos,
    possuiSetores: record.possuiSetores,
    possuiGrupos: record.possuiGrupos,
    possuiUsuariosManuais: record.possuiUsuariosManuais,
    todosDealers: record.todosDealers,
    marcaIds: idsOf(record.marcas),
    tiposUsuario: [...(record.tiposUsuarios ?? [])],
    tipoAcessoIds: idsOf(record.tiposAcesso),
    dealerIds: idsOf(record.dealers),
    dealers: dealers(record.dealers),
    cargoIds: idsOf(record.cargos),
    setorIds: idsOf(record.setores),
    grupoIds: idsOf(record.grupos),
    usuarioManualIds: idsOf(record.usuariosManuais),
    usuariosManuais: usuarios(record.usuariosManuais),
    usuarioRemovidoIds: idsOf(record.usuariosRemovidos),
    usuariosRemovidos: usuarios(record.usuariosRemovidos),
    leitorIds: idsOf(record.leitores),
    leitores: usuarios(record.leitores),
    editorIds: idsOf(record.editores),
    editores: usuarios(record.editores),
  };
}

/** What unchecking a block clears (spec section 4): its values; for the profile, all of its own. */
export function aoDesmarcarBloco(bloco: Bloco): Partial<GrupoUsuariosValues> {
  switch (bloco) {
    case 'possuiPerfil':
      return { marcaIds: [], tiposUsuario: [], tipoAcessoIds: [], todosDealers: false, dealerIds: [], dealers: [] };
    case 'possuiCargos':
      return { cargoIds: [] };
    case 'possuiSetores':
      return { setorIds: [] };
    case 'possuiGrupos':
      return { grupoIds: [] };
    case 'possuiUsuariosManuais':
      return { usuarioManualIds: [], usuariosManuais: [] };
  }
}

/** Dropping the dealer-group user type clears all-dealers, the dealers and the access types. */
export function aoMudarTipos(
  antes: readonly TipoUsuario[],
  depois: readonly TipoUsuario[],
): Partial<GrupoUsuariosValues> {
  const semRepetir = [...new Set(depois)];
  if (antes.includes('DEALER_GRUPO') && !semRepetir.includes('DEALER_GRUPO')) {
    return { tiposUsuario: semRepetir, todosDealers: false, dealerIds: [], dealers: [], tipoAcessoIds: [] };
  }
  return { tiposUsuario: semRepetir };
}

/** A choice list without repeats, in the order first chosen (choosing a chosen option is ignored). */
export function semRepetidos<T extends { id: string }>(list: readonly T[]): T[] {
  const seen = new Set<string>();
  return list.filter((item) => {
    const id = String(item.id);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];
const unionBy = <T extends { id: string }>(a: readonly T[], b: readonly T[]) => semRepetidos([...a, ...b]);

/**
 * Imports other groups' definitions into the form (importarGrupoUsuarios): each block is on when
 * it is on in the form or in any imported group, and keeps the union of their values; excluded
 * users are united too. Name, visibility and access lists stay the form's.
 */
export function mesclarGrupos(
  values: GrupoUsuariosValues,
  grupos: readonly GrupoUsuariosRecord[],
): GrupoUsuariosValues {
  return grupos.map(formValuesOf).reduce<GrupoUsuariosValues>(
    (acc, g) => ({
      ...acc,
      possuiPerfil: acc.possuiPerfil || g.possuiPerfil,
      possuiCargos: acc.possuiCargos || g.possuiCargos,
      possuiSetores: acc.possuiSetores || g.possuiSetores,
      possuiGrupos: acc.possuiGrupos || g.possuiGrupos,
      possuiUsuariosManuais: acc.possuiUsuariosManuais || g.possuiUsuariosManuais,
      todosDealers: acc.todosDealers || g.todosDealers,
      marcaIds: union(acc.marcaIds, g.marcaIds),
      tiposUsuario: [...new Set([...acc.tiposUsuario, ...g.tiposUsuario])],
      tipoAcessoIds: union(acc.tipoAcessoIds, g.tipoAcessoIds),
      dealerIds: union(acc.dealerIds, g.dealerIds),
      dealers: unionBy(acc.dealers, g.dealers),
      cargoIds: union(acc.cargoIds, g.cargoIds),
      setorIds: union(acc.setorIds, g.setorIds),
      grupoIds: union(acc.grupoIds, g.grupoIds),
      usuarioManualIds: union(acc.usuarioManualIds, g.usuarioManualIds),
      usuariosManuais: unionBy(acc.usuariosManuais, g.usuariosManuais),
      usuarioRemovidoIds: union(acc.usuarioRemovidoIds, g.usuarioRemovidoIds),
      usuariosRemovidos: unionBy(acc.usuariosRemovidos, g.usuariosRemovidos),
    }),
    values,
  );
}

/** The form's recipient blocks as the preview sends them (DefinicaoGrupoUsuariosInput). */
export function definicaoDe(values: GrupoUsuariosValues) {
  return {
    possuiPerfil: values.possuiPerfil,
    possuiCargos: values.possuiCargos,
    possuiSetores: values.possuiSetores,
    possuiGrupos: values.possuiGrupos,
    possuiUsuariosManuais: values.possuiUsuariosManuais,
    todosDealers: values.todosDealers,
    marcaIds: values.marcaIds,
    tiposUsuario: values.tiposUsuario,
    tipoAcessoIds: values.tipoAcessoIds,
    dealerIds: values.dealerIds,
    cargoIds: values.cargoIds,
    setorIds: values.setorIds,
    grupoIds: values.grupoIds,
    usuarioManualIds: values.usuarioManualIds,
    usuarioRemovidoIds: values.usuarioRemovidoIds,
  };
}

/** Whether any block is on (saving and the preview need one). */
export const algumBloco = (values: Partial<GrupoUsuariosValues>) =>
  BLOCOS_LISTA.some((bloco) => Boolean(values[bloco]));

/** Excludes a user from the recipients, or includes them again (the preview's checkboxes). */
export function alternarRemovido(
  values: Pick<GrupoUsuariosValues, 'usuarioRemovidoIds' | 'usuariosRemovidos'>,
  usuario: UsuarioRef,
  incluir: boolean,
): Pick<GrupoUsuariosValues, 'usuarioRemovidoIds' | 'usuariosRemovidos'> {
  const id = String(usuario.id);
  if (incluir) {
    return {
      usuarioRemovidoIds: values.usuarioRemovidoIds.filter((other) => other !== id),
      usuariosRemovidos: values.usuariosRemovidos.filter((other) => other.id !== id),
    };
  }
  return {
    usuarioRemovidoIds: union(values.usuarioRemovidoIds, [id]),
    usuariosRemovidos: unionBy(values.usuariosRemovidos, [{ id, nome: usuario.nome, email: usuario.email }]),
  };
}

/** The label (gruposUsuarios.fields.*) of each field of a block that has more than one. */
const ROTULO_DO_CAMPO: Partial<Record<string, string>> = {
  marcaIds: 'marcas',
  tiposUsuario: 'tiposUsuario',
  tipoAcessoIds: 'tiposAcesso',
  dealerIds: 'dealers',
};

export interface ErroDeBloco {
  /** The form's field (`cargoIds`, `blocos`...). */
  campo: string;
  /** Its block, if the field belongs to one. */
  bloco?: Bloco;
  /** The field's own label key, when its block has several fields (the profile). */
  rotulo?: string;
  mensagem: string;
}

/**
 * The field errors of a refused recipient preview (BAD_USER_INPUT on `definicao.<field>`, as the
 * data provider's HttpError body carries them), named by the form's fields and their blocks; none
 * for any other error.
 */
export function errosDaDefinicao(error: unknown): ErroDeBloco[] {
  const errors = (error as { body?: { errors?: Record<string, unknown> } } | null)?.body?.errors;
  if (!errors || typeof errors !== 'object') return [];
  return Object.entries(errors).flatMap(([chave, mensagem]) => {
    if (typeof mensagem !== 'string') return [];
    const campo = chave.replace(/^definicao\./, '');
    const bloco = BLOCOS_LISTA.find((b) => (BLOCOS[b] as readonly string[]).includes(campo));
    const rotulo = ROTULO_DO_CAMPO[campo];
    return [{ campo, mensagem, ...(bloco ? { bloco } : {}), ...(rotulo ? { rotulo } : {}) }];
  });
}
