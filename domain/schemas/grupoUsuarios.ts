import { z } from 'zod';
import { TIPOS_USUARIO } from '../enums';
import { MAX_IDS, ids, requiredText, versionField } from './campos';
import { filterInputSchema, optionalBoolean } from './lista';
import { idSchema } from './usuario';

// A recipient user group (issue #14) as its form and salvarGrupoUsuarios take it, and the draft
// definition the recipient preview resolves before the group is saved (server/audience).

export const GRUPO_USUARIOS_NOME_MAX = 120;

/** The recipient blocks, each with its checkbox (`possuiX`) and the values it keeps. */
export const BLOCOS = {
  possuiPerfil: ['marcaIds', 'tiposUsuario', 'tipoAcessoIds', 'dealerIds'],
  possuiCargos: ['cargoIds'],
  possuiSetores: ['setorIds'],
  possuiGrupos: ['grupoIds'],
  possuiUsuariosManuais: ['usuarioManualIds'],
} as const;
export type Bloco = keyof typeof BLOCOS;

const definicaoFields = {
  possuiPerfil: z.boolean().default(false),
  possuiCargos: z.boolean().default(false),
  possuiSetores: z.boolean().default(false),
  possuiGrupos: z.boolean().default(false),
  possuiUsuariosManuais: z.boolean().default(false),
  todosDealers: z.boolean().default(false),
  marcaIds: ids,
  tiposUsuario: z.array(z.enum(TIPOS_USUARIO, 'validation.invalidOption')).max(3).default([]),
  tipoAcessoIds: ids,
  dealerIds: ids,
  cargoIds: ids,
  setorIds: ids,
  grupoIds: ids,
  usuarioManualIds: ids,
  usuarioRemovidoIds: ids,
};

type Definicao = z.infer<z.ZodObject<typeof definicaoFields>>;

/**
 * What the form's checkboxes imply (spec section 4): a block that is off keeps no values, and
 * without the dealer-group user type there are no dealers, all-dealers or access types.
 */
function normalise<D extends Definicao>(d: D): D {
  const off = (bloco: Bloco) => !d[bloco];
  const semDealerGrupo = off('possuiPerfil') || !d.tiposUsuario.includes('DEALER_GRUPO');
  return {
    ...d,
    marcaIds: off('possuiPerfil') ? [] : d.marcaIds,
    tiposUsuario: off('possuiPerfil') ? [] : d.tiposUsuario,
    todosDealers: semDealerGrupo ? false : d.todosDealers,
    dealerIds: semDealerGrupo || d.todosDealers ? [] : d.dealerIds,
    tipoAcessoIds: semDealerGrupo ? [] : d.tipoAcessoIds,
    cargoIds: off('possuiCargos') ? [] : d.cargoIds,
    setorIds: off('possuiSetores') ? [] : d.setorIds,
    grupoIds: off('possuiGrupos') ? [] : d.grupoIds,
    usuarioManualIds: off('possuiUsuariosManuais') ? [] : d.usuarioManualIds,
  };
}

/** The rules of spec section 5 for a group's blocks: field errors as catalog keys. */
function blockIssues(d: Definicao, ctx: z.RefinementCtx) {
  const required = (field: string) =>
    ctx.addIssue({ code: 'custom', path: [field], message: 'gruposUsuarios.validation.obrigatorioNoBloco' });
  if (!Object.keys(BLOCOS).some((bloco) => d[bloco as Bloco])) {
    ctx.addIssue({ code: 'custom', path: ['blocos'], message: 'gruposUsuarios.validation.nenhumBloco' });
  }
  if (d.possuiPerfil) {
    if (d.marcaIds.length === 0) required('marcaIds');
    if (d.tiposUsuario.length === 0) required('tiposUsuario');
    if (d.tiposUsuario.includes('DEALER_GRUPO') && !d.todosDealers && d.dealerIds.length === 0) required('dealerIds');
  }
  if (d.possuiCargos && d.cargoIds.length === 0) required('cargoIds');
  if (d.possuiSetores && d.setorIds.length === 0) required('setorIds');
  if (d.possuiGrupos && d.grupoIds.length === 0) required('grupoIds');
  if (d.possuiUsuariosManuais && d.usuarioManualIds.length === 0) required('usuarioManualIds');
}

/** A definition of recipients (a group's blocks), normalised and checked. */
export const definicaoSchema = z.object(definicaoFields).superRefine(blockIssues).transform(normalise);
export type DefinicaoGrupoUsuarios = z.output<typeof definicaoSchema>;

/** A user group as salvarGrupoUsuarios saves it. */
export const grupoUsuariosSchema = z
  .object({
    id: idSchema.nullish(),
    version: versionField,
    nome: requiredText(GRUPO_USUARIOS_NOME_MAX),
    // Missing: private, never the wider choice (the form sends its value; the spec's default, public,
    // is the form's for who may create public groups: novoGrupoUsuarios).
    publico: z.boolean().default(false),
    // Missing: a new group is active, a saved one keeps its state (never the wider choice).
    active: z.boolean().optional(),
    leitorIds: ids,
    editorIds: ids,
    ...definicaoFields,
  })
  .superRefine(blockIssues)
  .transform(normalise);
export type GrupoUsuariosInput = z.output<typeof grupoUsuariosSchema>;

export const GRUPO_USUARIOS_SORT_FIELDS = ['nome', 'createdAt', 'active'] as const;

/** The list: search by name, public or private, active; the caller's favourites come first. */
export const grupoUsuariosFilterSchema = filterInputSchema(GRUPO_USUARIOS_SORT_FIELDS).extend({
  publico: optionalBoolean,
  active: optionalBoolean,
  favorito: optionalBoolean,
});
export type GrupoUsuariosFilter = z.infer<typeof grupoUsuariosFilterSchema>;

/** usuariosByGruposUsuariosPaged: the recipients of saved groups, or of a draft definition. */
export const destinatariosFilterSchema = filterInputSchema(['nome'] as const)
  .extend({
    grupos: z.array(idSchema).max(MAX_IDS, 'validation.maxItems').nullish(),
    definicao: definicaoSchema.nullish(),
    /** The preview lists excluded users too (marked `removido`), so the form can include them again. */
    incluirRemovidos: z.boolean().nullish(),
  })
  .refine((f) => (f.grupos?.length ?? 0) > 0 || f.definicao, {
    path: ['grupos'],
    message: 'validation.required',
  });
export type DestinatariosFilter = z.output<typeof destinatariosFilterSchema>;
