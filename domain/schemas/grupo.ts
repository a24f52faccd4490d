import { z } from 'zod';
import { optionalBoolean, optionalIds, filterInputSchema } from './lista';
import { requiredIds, requiredText, versionField } from './campos';
import { idSchema } from './usuario';

/** A dealer group (economic group) as the group form saves it (salvarGrupo). */
export const grupoSchema = z.object({
  id: idSchema.nullish(),
  version: versionField,
  nome: requiredText(120),
  marcaIds: requiredIds,
  active: z.boolean().default(true),
});
export type GrupoInput = z.infer<typeof grupoSchema>;

export const GRUPO_SORT_FIELDS = ['nome', 'active', 'createdAt', 'totalDealers'] as const;

export const grupoFilterSchema = filterInputSchema(GRUPO_SORT_FIELDS).extend({
  active: optionalBoolean,
  marcaIds: optionalIds,
});
export type GrupoFilter = z.infer<typeof grupoFilterSchema>;
