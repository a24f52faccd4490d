import { z } from 'zod';
import { FUNCTION_KEYS, TIPOS_USUARIO } from '../enums';
import { httpUrl, recordId, requiredDate, requiredText, versionField } from './campos';

// Reports (issue #31): the definitions the provider's staff keep (slug, titles, who may open it,
// menu position, an embedded external report or a built-in one) and the filters of the built-in
// reports. Messages are i18n keys.

export const RELATORIO_TIPOS = ['EMBUTIDO', 'INTERNO'] as const;
export type RelatorioTipo = (typeof RELATORIO_TIPOS)[number];

/** The built-in reports: users, announcement reach, library usage, imports and jobs. */
export const RELATORIOS_INTERNOS = ['USUARIOS', 'ALCANCE_COMUNICADOS', 'USO_BIBLIOTECA', 'IMPORTACOES'] as const;
export type RelatorioInterno = (typeof RELATORIOS_INTERNOS)[number];

export const SLUG_MAX_LENGTH = 60;
export const TITULO_RELATORIO_MAX_LENGTH = 120;
/** Definitions at most: the menu lists them all. */
export const MAX_RELATORIOS = 100;
/** The longest period a built-in report aggregates over, in days (bounded cost). */
export const MAX_PERIODO_DIAS = 731;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const relatorioSchema = z
  .object({
    id: recordId().nullish(),
    version: versionField,
    slug: requiredText(SLUG_MAX_LENGTH)
      .transform((value) => value.toLowerCase())
      .refine((value) => SLUG.test(value), 'relatorios.errors.slug'),
    tituloPtBr: requiredText(TITULO_RELATORIO_MAX_LENGTH),
    tituloEs: requiredText(TITULO_RELATORIO_MAX_LENGTH),
    tituloEn: requiredText(TITULO_RELATORIO_MAX_LENGTH),
    tipo: z.enum(RELATORIO_TIPOS, 'validation.required'),
    /** EMBUTIDO: the external report's address (its origin must be one of REPORT_FRAME_ORIGINS). */
    url: z
      .string()
      .nullish()
      .transform((value) => value?.trim() || null),
    tokenAssinado: z.boolean().nullish().transform(Boolean),
    /** INTERNO: which built-in report. */
    interno: z
      .enum(RELATORIOS_INTERNOS, 'validation.invalidOption')
      .nullish()
      .transform((value) => value ?? null),
    funcionalidades: z
      .array(z.enum(FUNCTION_KEYS, 'validation.invalidOption'))
      .max(FUNCTION_KEYS.length, 'validation.maxItems')
      .default([])
      .transform((keys) => [...new Set(keys)]),
    tiposUsuario: z
      .array(z.enum(TIPOS_USUARIO, 'validation.invalidOption'))
      .max(TIPOS_USUARIO.length, 'validation.maxItems')
      .default([])
      .transform((tipos) => [...new Set(tipos)]),
    posicao: z.coerce
      .number('validation.number')
      .int('validation.integer')
      .min(0, 'validation.min')
      .max(999, 'validation.max')
      .default(0),
  })
  .superRefine((input, ctx) => {
    if (input.tipo === 'EMBUTIDO') {
      const url = httpUrl().safeParse(input.url ?? '');
      if (!url.success) ctx.addIssue({ code: 'custom', path: ['url'], message: url.error.issues[0]!.message });
    }
    if (input.tipo === 'INTERNO' && !input.interno) {
      ctx.addIssue({ code: 'custom', path: ['interno'], message: 'validation.required' });
    }
  })
  // What the other kind would use is dropped, never kept half-set (the table's check says the same).
  .transform((input) =>
    input.tipo === 'EMBUTIDO' ? { ...input, interno: null } : { ...input, url: null, tokenAssinado: false },
  );

export type RelatorioInput = z.input<typeof relatorioSchema>;

/** The refusals of a period as a pair of dates: the end before the start, longer than the maximum. */
const PERIODO_INVERTIDO = 'relatorios.errors.periodo';
const PERIODO_LONGO = 'relatorios.errors.periodoLongo';
export const ERROS_DO_PERIODO: ReadonlySet<string> = new Set([PERIODO_INVERTIDO, PERIODO_LONGO]);

/** The filters of a built-in report: its slug (access is the definition's), a period, brand, group, dealer. */
export const relatorioFiltroSchema = z
  .object({
    slug: requiredText(SLUG_MAX_LENGTH),
    inicio: requiredDate,
    fim: requiredDate,
    marcaId: recordId().nullish(),
    grupoId: recordId().nullish(),
    dealerId: recordId().nullish(),
  })
  .superRefine(({ inicio, fim }, ctx) => {
    if (!inicio || !fim) return;
    if (fim < inicio) ctx.addIssue({ code: 'custom', path: ['fim'], message: PERIODO_INVERTIDO });
    const dias = (Date.parse(fim) - Date.parse(inicio)) / 86_400_000;
    if (dias > MAX_PERIODO_DIAS) ctx.addIssue({ code: 'custom', path: ['fim'], message: PERIODO_LONGO });
  });

export type RelatorioFiltro = z.output<typeof relatorioFiltroSchema>;
