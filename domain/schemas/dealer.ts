import { z } from 'zod';
import { isValidCnpj, normalizeCnpj, onlyDigits } from '../documentos';
import { CODE_MAX_LENGTH, RAZAO_SOCIAL_MIN_LETTERS } from '../limits';
import {
  duplicateIndexes,
  httpUrl,
  ids,
  optionalText,
  phoneList,
  requiredId,
  requiredIds,
  requiredText,
  versionField,
} from './campos';
import { filterInputSchema, optionalBoolean, optionalIds } from './lista';
import { idSchema } from './usuario';

// The dealer of spec section 3 with the validation of spec section 5, for the wizard and salvarDealer.

const letterCount = (value: string) => (value.match(/\p{L}/gu) ?? []).length;

/** Most entries of a dealer's lists of codes, phones, extra CNPJs and products. */
const MAX_ENTRIES = 50;

const cnpj = z
  .string('validation.required')
  .trim()
  .min(1, 'validation.required')
  .max(30, 'validation.maxLength')
  .refine(isValidCnpj, 'dealers.validation.cnpj')
  .transform(normalizeCnpj);

export const enderecoSchema = z.object({
  logradouro: optionalText(200),
  complemento: optionalText(120),
  bairro: optionalText(120),
  cidade: optionalText(120),
  estado: z
    .string()
    .trim()
    .max(100, 'validation.maxLength')
    .toUpperCase()
    .nullish()
    .transform((value) => value || null)
    .refine((value) => value === null || /^[A-Z]{2}$/.test(value), 'validation.invalidValue'),
  cep: z
    .string()
    .max(20, 'validation.maxLength')
    .nullish()
    .transform((value) => (value ? onlyDigits(value) : null))
    .refine((value) => value === null || value.length === 8, 'validation.invalidFormat'),
});

export const dadoComplementarSchema = z.object({
  produtoId: requiredId,
  uri: httpUrl(),
});

export const dealerSchema = z
  .object({
    id: idSchema.nullish(),
    version: versionField,
    nomeExibicao: requiredText(120),
    razaoSocial: requiredText(200).refine(
      (value) => letterCount(value) >= RAZAO_SOCIAL_MIN_LETTERS,
      'dealers.validation.razaoSocial',
    ),
    cnpj,
    cnpjsAdicionais: z.array(cnpj).max(MAX_ENTRIES, 'validation.maxItems').default([]),
    codigos: z
      .array(
        z.string().trim().min(1, 'dealers.validation.codigoVazio').max(CODE_MAX_LENGTH, 'validation.maxLength'),
        'dealers.validation.codigoObrigatorio',
      )
      .min(1, 'dealers.validation.codigoObrigatorio')
      .max(MAX_ENTRIES, 'validation.maxItems'),
    divisaoId: requiredId,
    setorId: requiredId,
    telefones: phoneList('telefone'),
    celulares: phoneList('celular'),
    endereco: enderecoSchema.default({
      logradouro: null,
      complemento: null,
      bairro: null,
      cidade: null,
      estado: null,
      cep: null,
    }),
    marcaIds: requiredIds,
    grupoIds: ids,
    dadosComplementares: z.array(dadoComplementarSchema).max(MAX_ENTRIES, 'validation.maxItems').default([]),
    active: z.boolean().default(true),
  })
  // `when`: also report these while other fields are still wrong, so every error shows at once.
  .superRefine(
    (dealer, ctx) => {
      const list = <T>(value: T[] | undefined) => (Array.isArray(value) ? value : []);
      for (const index of duplicateIndexes(list(dealer.codigos), (c) => String(c).toLowerCase())) {
        ctx.addIssue({ code: 'custom', path: ['codigos', index], message: 'dealers.validation.codigoDuplicado' });
      }
      list(dealer.cnpjsAdicionais).forEach((value, index) => {
        if (value === dealer.cnpj) {
          ctx.addIssue({
            code: 'custom',
            path: ['cnpjsAdicionais', index],
            message: 'dealers.validation.cnpjIgualPrincipal',
          });
        }
      });
      for (const index of duplicateIndexes(list(dealer.cnpjsAdicionais))) {
        ctx.addIssue({ code: 'custom', path: ['cnpjsAdicionais', index], message: 'dealers.validation.cnpjDuplicado' });
      }
      for (const index of duplicateIndexes(
        list(dealer.dadosComplementares),
        (d, position) => d?.produtoId ?? `#${position}`,
      )) {
        ctx.addIssue({
          code: 'custom',
          path: ['dadosComplementares', index, 'produtoId'],
          message: 'dealers.validation.produtoDuplicado',
        });
      }
    },
    { when: () => true },
  );
export type DealerInput = z.infer<typeof dealerSchema>;
/** What the form holds before parsing (ids may be strings, phones masked). */
export type DealerFormValues = z.input<typeof dealerSchema>;

export const DEALER_SORT_FIELDS = ['nomeExibicao', 'razaoSocial', 'cnpj', 'active', 'createdAt'] as const;

export const dealerFilterSchema = filterInputSchema(DEALER_SORT_FIELDS).extend({
  active: optionalBoolean,
  marcaIds: optionalIds,
  grupoIds: optionalIds,
  divisaoIds: optionalIds,
});
export type DealerFilter = z.infer<typeof dealerFilterSchema>;
