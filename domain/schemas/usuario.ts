import { z } from 'zod';
import { isValidCpf, onlyDigits } from '../documentos';
import { IDIOMA_PADRAO, IDIOMAS, ONBOARDING_IDS, TIPOS_USUARIO, type TipoUsuario } from '../enums';
import {
  duplicateIndexes,
  ids,
  MAX_IDS,
  optionalDate,
  optionalText,
  phoneList,
  recordId,
  requiredDate,
  requiredId,
  requiredText,
  versionField,
} from './campos';
import { filterInputSchema, optionalBoolean, optionalIds } from './lista';
import { USUARIO_INPUT_FIELDS } from '../resources';

/** A database id as GraphQL sends it (ID is a string), at most MAX_ID. */
export const idSchema = recordId();

export const mudarLinguaSchema = z.object({
  id: idSchema,
  idioma: z.enum(IDIOMAS, 'validation.invalidOption'),
});

export const onboardingSchema = z.object({ id: z.enum(ONBOARDING_IDS, 'validation.invalidOption') });

// The user of spec section 3 with the rules of spec sections 4 and 5, for the wizard and for
// salvarUsuario(usuario, cargos, infos): the server joins its three arguments into one
// `UsuarioFormValues` ({ ...usuario, cargos, produtos: infos }) and parses it with the same schema
// the form uses. Some rules depend on the portal's properties and on the products' catalogue, so the
// schema is built from them (`usuarioSchema(rules)`).

/** The settings and catalogue the user rules read (usuariosPortalProperties, produtos). */
export interface UsuarioRules {
  tiposUsuarioDocumentoObrigatorio: readonly TipoUsuario[];
  tiposUsuarioInformarCargo: readonly TipoUsuario[];
  tiposUsuarioInformarGestao: readonly TipoUsuario[];
  informarDepartamentoCargo: boolean;
  /** Every access type with its default features (funcionalidadesPadrao). */
  tiposAcesso: readonly { id: number; nome: string; funcionalidadesPadrao: readonly number[] }[];
}

const EMAIL_MAX_LENGTH = 254;

/** An e-mail as stored: trimmed and lower-case (the form lowercases it on blur as well). */
export const emailField = z
  .string('validation.required')
  .trim()
  .toLowerCase()
  .min(1, 'validation.required')
  .max(EMAIL_MAX_LENGTH, 'validation.maxLength')
  .pipe(z.email('validation.email'));

/** A CPF typed with or without its mask: stored as its 11 digits. */
export const cpfField = z
  .string()
  .trim()
  .max(20, 'validation.maxLength')
  .nullish()
  .transform((value) => (value ? onlyDigits(value) : null))
  .refine((value) => value === null || isValidCpf(value), 'usuarios.validation.cpf');

export const cargoUsuarioSchema = z.object({
  cargoId: requiredId,
  dealerId: requiredId,
  departamentoId: z.preprocess((v) => (v === '' ? null : v), recordId().nullish()).transform((v) => v ?? null),
  dataInicio: requiredDate,
});
export type CargoUsuario = z.infer<typeof cargoUsuarioSchema>;

/** The permissions of one product: its access types and features (spec: produtos keyed by product id). */
export const produtoUsuarioSchema = z.object({
  produtoId: requiredId,
  tiposAcessoIds: ids,
  funcionalidadeIds: ids,
});
export type ProdutoUsuario = z.infer<typeof produtoUsuarioSchema>;

const MAX_CARGOS = 200;
const MAX_PRODUTOS = 100;

const baseUsuarioSchema = z.object({
  id: idSchema.nullish(),
  version: versionField,
  nome: requiredText(150),
  email: emailField,
  cpf: cpfField,
  tipo: z.enum(TIPOS_USUARIO, 'validation.required'),
  idioma: z.enum(IDIOMAS, 'validation.invalidOption').default(IDIOMA_PADRAO),
  marcaIds: ids,
  grupoIds: ids,
  dealerIds: ids,
  telefones: phoneList('telefone'),
  celulares: phoneList('celular'),
  dataAdmissao: optionalDate,
  emailSuperior: z.preprocess((v) => (v === '' ? null : v), emailField.nullish()).transform((v) => v ?? null),
  desligamentoId: z.preprocess((v) => (v === '' ? null : v), recordId().nullish()).transform((v) => v ?? null),
  dataDesligamento: optionalDate,
  cargos: z.array(cargoUsuarioSchema).max(MAX_CARGOS, 'validation.maxItems').default([]),
  produtos: z.array(produtoUsuarioSchema).max(MAX_PRODUTOS, 'validation.maxItems').default([]),
});
export type UsuarioInput = z.infer<typeof baseUsuarioSchema>;
/** What the wizard holds before parsing (ids may be strings, phones and CPF masked). */
export type UsuarioFormValues = z.input<typeof baseUsuarioSchema>;

/** The user's own fields (not their positions and permissions), as the data provider sends them. */
const CAMPOS_USUARIO = USUARIO_INPUT_FIELDS.filter(
  (field): field is Exclude<(typeof USUARIO_INPUT_FIELDS)[number], 'version'> => field !== 'version',
);
/** Fields of each wizard step, for validating a step before moving on. */
export const USUARIO_STEP_FIELDS: readonly (readonly (keyof UsuarioFormValues)[])[] = [
  [...CAMPOS_USUARIO, 'cargos'],
  ['produtos'],
];

/** Whether every chosen dealer has a position (the management data are asked from then on). */
export const everyDealerHasCargo = (u: Pick<UsuarioInput, 'dealerIds' | 'cargos'>) =>
  u.dealerIds.every((dealerId) => u.cargos.some((c) => c.dealerId === dealerId));

/**
 * What is wrong with adding `novo` to the positions already chosen (the client's add button and the
 * server's podeAdicionarCargo): a catalog key, or null. A position cannot repeat at a dealer, and a
 * new one cannot start before the positions the user already has at that dealer.
 */
export function cargoAdditionError(
  novo: Partial<CargoUsuario>,
  existentes: readonly CargoUsuario[],
  informarDepartamento: boolean,
): string | null {
  if (!novo.cargoId || !novo.dealerId || !novo.dataInicio || (informarDepartamento && !novo.departamentoId)) {
    return 'usuarios.validation.cargoIncompleto';
  }
  const atDealer = existentes.filter((c) => c.dealerId === novo.dealerId);
  if (atDealer.some((c) => c.cargoId === novo.cargoId)) return 'usuarios.validation.cargoDuplicado';
  if (atDealer.some((c) => c.dataInicio > novo.dataInicio!)) return 'usuarios.validation.cargoInicioAnterior';
  return null;
}

/**
 * The access types chosen that no longer hold any of their default features (names, sorted): an
 * access type without its defaults grants nothing it stands for. Spec section 5 words this rule as
 * "must not end with all its default features selected"; read literally, choosing an access type
 * (which adds its defaults, spec section 4) would always be an error, so the portal refuses the
 * opposite end: every default feature removed. docs/usuarios.md records this reading.
 */
export function tiposAcessoSemPadrao(produtos: readonly ProdutoUsuario[], rules: Pick<UsuarioRules, 'tiposAcesso'>) {
  const byId = new Map(rules.tiposAcesso.map((t) => [t.id, t]));
  const names: string[] = [];
  for (const produto of produtos) {
    const chosen = new Set(produto.funcionalidadeIds);
    for (const tipoId of produto.tiposAcessoIds) {
      const tipo = byId.get(tipoId);
      if (tipo && tipo.funcionalidadesPadrao.length && !tipo.funcionalidadesPadrao.some((f) => chosen.has(f))) {
        names.push(tipo.nome);
      }
    }
  }
  return names.sort((a, b) => a.localeCompare(b));
}

/** The user schema of spec section 5 under the portal's settings and catalogue. */
export function usuarioSchema(rules: UsuarioRules) {
  return baseUsuarioSchema.superRefine(
    (u, ctx) => {
      const issue = (path: (string | number)[], message: string, params?: Record<string, string>) =>
        ctx.addIssue({ code: 'custom', path, message, params });
      const list = <T>(value: T[] | undefined) => (Array.isArray(value) ? value : []);
      const dealerIds = list(u.dealerIds);
      const cargos = list(u.cargos).filter((c): c is CargoUsuario => Boolean(c));

      if (u.tipo && rules.tiposUsuarioDocumentoObrigatorio.includes(u.tipo) && !u.cpf) {
        issue(['cpf'], 'validation.required');
      }
      if (u.tipo === 'DEALER_GRUPO' && dealerIds.length === 0)
        issue(['dealerIds'], 'usuarios.validation.dealerObrigatorio');

      if (u.tipo && rules.tiposUsuarioInformarCargo.includes(u.tipo)) {
        const semCargo = dealerIds.filter((id) => !cargos.some((c) => c.dealerId === id));
        if (semCargo.length) issue(['cargos'], 'usuarios.validation.cargoObrigatorio');
      }
      cargos.forEach((cargo, index) => {
        if (cargo.dealerId && !dealerIds.includes(cargo.dealerId)) {
          issue(['cargos', index, 'dealerId'], 'usuarios.validation.cargoDeOutroDealer');
        }
        if (rules.informarDepartamentoCargo && !cargo.departamentoId) {
          issue(['cargos', index, 'departamentoId'], 'validation.required');
        }
      });
      for (const index of duplicateIndexes(cargos, (c) => `${c.dealerId}:${c.cargoId}`)) {
        issue(['cargos', index, 'cargoId'], 'usuarios.validation.cargoDuplicado');
      }

      if (u.tipo && rules.tiposUsuarioInformarGestao.includes(u.tipo) && everyDealerHasCargo({ dealerIds, cargos })) {
        if (!u.dataAdmissao) issue(['dataAdmissao'], 'validation.required');
        if (!u.emailSuperior) issue(['emailSuperior'], 'validation.required');
      }
      if (u.dataDesligamento && !u.desligamentoId) issue(['desligamentoId'], 'validation.required');
      if (u.desligamentoId && !u.dataDesligamento) issue(['dataDesligamento'], 'validation.required');
      if (u.dataDesligamento && u.dataAdmissao && u.dataDesligamento < u.dataAdmissao) {
        issue(['dataDesligamento'], 'usuarios.validation.desligamentoAntesAdmissao');
      }

      const produtos = list(u.produtos).filter((p): p is ProdutoUsuario => Boolean(p));
      for (const index of duplicateIndexes(produtos, (p) => p.produtoId)) {
        issue(['produtos', index, 'produtoId'], 'usuarios.validation.produtoDuplicado');
      }
      const semPadrao = tiposAcessoSemPadrao(produtos, rules);
      if (semPadrao.length)
        issue(['produtos'], 'usuarios.validation.tiposAcessoSemPadrao', { tipos: semPadrao.join(', ') });
    },
    // Also report these while other fields are still wrong, so every error shows at once.
    { when: () => true },
  );
}

export const USUARIO_SORT_FIELDS = ['nome', 'email', 'tipo', 'active', 'createdAt', 'ultimoAcesso'] as const;

export const usuarioFilterSchema = filterInputSchema(USUARIO_SORT_FIELDS).extend({
  tipos: z.array(z.enum(TIPOS_USUARIO, 'validation.invalidOption')).max(TIPOS_USUARIO.length).optional().nullable(),
  marcaIds: optionalIds,
  grupoIds: optionalIds,
  dealerIds: optionalIds,
  cargoIds: optionalIds,
  active: optionalBoolean,
  inativadoPorInatividade: optionalBoolean,
});
export type UsuarioFilter = z.infer<typeof usuarioFilterSchema>;

/** podeAdicionarCargo(cargoAdicionadoInput, cargosInputs). */
export const podeAdicionarCargoSchema = z.object({
  cargoAdicionadoInput: cargoUsuarioSchema.partial(),
  cargosInputs: z.array(cargoUsuarioSchema).max(MAX_CARGOS, 'validation.maxItems').default([]),
});

/** produtosByDealersAndTipoUsuario(idsDealer, tipoUsuario). */
export const produtosByDealersSchema = z.object({
  idsDealer: z.array(recordId()).max(MAX_IDS, 'validation.maxItems').default([]),
  tipoUsuario: z.enum(TIPOS_USUARIO, 'validation.invalidOption'),
});

/** usuariosByTipoUsuario(tipo, dealerIds, busca): the users whose permissions may be cloned. */
export const usuariosByTipoSchema = z.object({
  tipo: z.enum(TIPOS_USUARIO, 'validation.invalidOption'),
  dealerIds: z.array(recordId()).max(MAX_IDS, 'validation.maxItems').nullish(),
  busca: optionalText(200),
});

export const usuarioByCpfSchema = z.object({ cpf: cpfField.refine((v) => v !== null, 'validation.required') });
export const usuarioByEmailSchema = z.object({ email: emailField });
