// Slides (the home carousel) and adverts (spec sections 3, 5 and 9; issue #30): what client and
// server agree on besides the input schemas (domain/schemas/vitrine.ts).

import { MB } from './limits';

export type TipoVitrine = 'SLIDE' | 'ANUNCIO';

/** Recommended image size in px (spec section 9): another ratio gets a warning, not a refusal. */
export const TAMANHO_RECOMENDADO: Record<TipoVitrine, { largura: number; altura: number }> = {
  SLIDE: { largura: 1140, altura: 400 },
  ANUNCIO: { largura: 244, altura: 360 },
};

/** How far an image's width/height ratio may stray from the recommended one before the warning (5%). */
export const TOLERANCIA_PROPORCAO = 0.05;

/** Whether an image of `largura` x `altura` px has the recommended ratio of `tipo`. */
export function proporcaoRecomendada(tipo: TipoVitrine, largura: number, altura: number): boolean {
  const alvo = TAMANHO_RECOMENDADO[tipo];
  if (!(largura > 0 && altura > 0)) return false;
  const razao = largura / altura / (alvo.largura / alvo.altura);
  return Math.abs(razao - 1) <= TOLERANCIA_PROPORCAO;
}

/** Largest slide or advert image accepted (POST /api/vitrine/imagens), in bytes. */
export const VITRINE_IMAGEM_MAX_BYTES = 10 * MB;
/** Image types accepted, as file-type names them from the bytes. */
export const VITRINE_TIPOS_IMAGEM = ['jpg', 'png', 'webp', 'gif'] as const;
/** Width of the variant for small screens (made by a job), in px. */
export const VITRINE_MOBILE_PX = 768;

/** The upload route (multipart, field `file`); `?tipo=SLIDE|ANUNCIO` says whose key it needs. */
export const VITRINE_UPLOAD_PATH = '/api/vitrine/imagens';

export const LINK_TARGETS = ['_self', '_blank'] as const;
export type LinkTarget = (typeof LINK_TARGETS)[number];

/** Title and subtitle sizes in px (spec section 9). */
export const TAMANHO_TEXTO_MIN = 8;
export const TAMANHO_TEXTO_MAX = 120;

export const SLIDE_PADROES = {
  corTitulo: '#FFFFFF',
  tamanhoTitulo: 40,
  corSubtitulo: '#FFFFFF',
  tamanhoSubtitulo: 20,
  linkTarget: '_self' as LinkTarget,
};
