import { z } from 'zod';
import { httpUrl, optionalText, recordId, requiredId, requiredText, URL_MAX_LENGTH, versionField } from './campos';

// Reference data maintained by the provider's staff: brands, positions, departments, divisions,
// sectors, dismissal reasons and each brand's social networks. One schema per save input, used by
// the forms (through a resolver) and by the resolvers (parseInput). Messages are i18n keys.

export const NOME_MAX_LENGTH = 120;
export const DESCRICAO_MAX_LENGTH = 500;
export const SIGLA_MAX_LENGTH = 10;
export { URL_MAX_LENGTH };

/** A record id as GraphQL sends it; absent or null on create. */
const optionalId = recordId().nullish();

export const marcaSchema = z.object({
  id: optionalId,
  version: versionField,
  nome: requiredText(NOME_MAX_LENGTH),
  descricao: optionalText(DESCRICAO_MAX_LENGTH),
  facebookId: optionalText(NOME_MAX_LENGTH),
});

export const cargoSchema = z.object({ id: optionalId, version: versionField, nome: requiredText(NOME_MAX_LENGTH) });

export const departamentoSchema = z.object({
  id: optionalId,
  version: versionField,
  nome: requiredText(NOME_MAX_LENGTH),
  sigla: requiredText(SIGLA_MAX_LENGTH),
  assinatura: optionalText(DESCRICAO_MAX_LENGTH),
});

export const divisaoSchema = z.object({ id: optionalId, version: versionField, nome: requiredText(NOME_MAX_LENGTH) });

export const setorSchema = z.object({
  id: optionalId,
  version: versionField,
  nome: requiredText(NOME_MAX_LENGTH),
  divisaoId: requiredId,
});

export const desligamentoSchema = z.object({
  id: optionalId,
  version: versionField,
  motivo: requiredText(NOME_MAX_LENGTH),
});

/** An icon as `pack|name`, e.g. `fab|facebook`: two non-empty parts around one pipe. */
export const ICONE_PATTERN = /^[^|\s]+\|[^|\s]+$/;

export const redeSocialSchema = z.object({
  id: optionalId,
  version: versionField,
  marcaId: requiredId,
  nome: requiredText(NOME_MAX_LENGTH),
  url: httpUrl(URL_MAX_LENGTH),
  icone: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(NOME_MAX_LENGTH, 'validation.maxLength')
    .regex(ICONE_PATTERN, 'referencia.iconeFormato'),
});

/** The id argument of activate, inactivate and remove operations. */
export const idArgSchema = z.object({ id: recordId() });

/** Optional filters of the lists. */
export const redesSociaisArgsSchema = z.object({ marca: optionalId });
export const cargosArgsSchema = z.object({ usuarioId: optionalId, cargosPrincipais: z.boolean().nullish() });

export type MarcaInput = z.input<typeof marcaSchema>;
export type CargoInput = z.input<typeof cargoSchema>;
export type DepartamentoInput = z.input<typeof departamentoSchema>;
export type DivisaoInput = z.input<typeof divisaoSchema>;
export type SetorInput = z.input<typeof setorSchema>;
export type DesligamentoInput = z.input<typeof desligamentoSchema>;
export type RedeSocialInput = z.input<typeof redeSocialSchema>;
