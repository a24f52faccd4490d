import { z } from 'zod';
import { LINK_TARGETS, TAMANHO_TEXTO_MAX, TAMANHO_TEXTO_MIN } from '../vitrine';
import { instanteNosAnos, optionalText, portalLink, recordId, requiredText, versionField } from './campos';
import { filterInputSchema, optionalBoolean } from './lista';

// Slides and adverts (spec sections 3 and 5; issue #30): the forms and the API parse with these.

export const VITRINE_TITULO_MAX = 150;
export const VITRINE_SUBTITULO_MAX = 300;
export const VITRINE_BOTAO_MAX = 60;
/** Most user groups one slide or advert is shown to. */
export const VITRINE_GRUPOS_MAX = 100;

/** A colour as #RRGGBB (the colour input's value). */
const cor = z
  .string('validation.required')
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'vitrine.validation.cor');

const tamanho = z.coerce
  .number('validation.required')
  .int('validation.integer')
  .min(TAMANHO_TEXTO_MIN, 'validation.min')
  .max(TAMANHO_TEXTO_MAX, 'validation.max');

/** An instant (ISO 8601, with its offset) as the form sends the period's ends. */
const instante = z
  .string('validation.required')
  .min(1, 'validation.required')
  .refine((value) => !Number.isNaN(Date.parse(value)), 'validation.invalidValue')
  .refine((value) => Number.isNaN(Date.parse(value)) || instanteNosAnos(Date.parse(value)), 'validation.dateRange')
  .transform((value) => new Date(value).toISOString());

const comum = {
  id: recordId().nullish(),
  version: versionField,
  titulo: requiredText(VITRINE_TITULO_MAX),
  link: portalLink(),
  linkTarget: z.enum(LINK_TARGETS, 'validation.invalidOption').default('_self'),
  inicioDate: instante,
  fimDate: instante,
  arquivoId: recordId('validation.required'),
  grupoIds: z
    .array(recordId(), 'validation.required')
    .min(1, 'vitrine.validation.semGrupos')
    .max(VITRINE_GRUPOS_MAX, 'validation.maxItems'),
  active: z.boolean().default(true),
};

/** Start before end (spec section 5), reported on the end. */
const periodo = (value: { inicioDate: string; fimDate: string }, ctx: z.RefinementCtx) => {
  if (Date.parse(value.fimDate) <= Date.parse(value.inicioDate)) {
    ctx.addIssue({ code: 'custom', path: ['fimDate'], message: 'vitrine.validation.fimAntesInicio' });
  }
};

export const slideSchema = z
  .object({
    ...comum,
    corTitulo: cor,
    tamanhoTitulo: tamanho,
    subtitulo: optionalText(VITRINE_SUBTITULO_MAX),
    corSubtitulo: cor,
    tamanhoSubtitulo: tamanho,
    tituloBotao: optionalText(VITRINE_BOTAO_MAX),
  })
  .superRefine((value, ctx) => {
    periodo(value, ctx);
    // A button leads somewhere.
    if (value.tituloBotao && !value.link) {
      ctx.addIssue({ code: 'custom', path: ['link'], message: 'vitrine.validation.botaoSemLink' });
    }
  });
export type SlideInput = z.input<typeof slideSchema>;
export type SlideValues = z.output<typeof slideSchema>;

export const anuncioSchema = z.object(comum).superRefine(periodo);
export type AnuncioInput = z.input<typeof anuncioSchema>;
export type AnuncioValues = z.output<typeof anuncioSchema>;

const filtro = {
  active: optionalBoolean,
  /** On display now (active and within the period) or not. */
  emExibicao: optionalBoolean,
};

export const slideFilterSchema = filterInputSchema([
  'ordem',
  'titulo',
  'inicioDate',
  'fimDate',
  'createdDateTime',
] as const).extend(filtro);
export type SlideFilter = z.output<typeof slideFilterSchema>;

export const anuncioFilterSchema = filterInputSchema([
  'titulo',
  'inicioDate',
  'fimDate',
  'createdDateTime',
] as const).extend(filtro);
export type AnuncioFilter = z.output<typeof anuncioFilterSchema>;

export const vitrineIdInput = z.object({ id: recordId() });

/** A slide moved to `posicao` (0 first) among the slides the caller sees, by drag or up/down. */
export const moverSlideSchema = z.object({
  id: recordId(),
  posicao: z.number().int('validation.integer').min(0, 'validation.min').max(100_000, 'validation.max'),
});
