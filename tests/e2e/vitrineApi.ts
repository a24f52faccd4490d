// Slides and adverts made through the API, for journeys whose subject is something else (the home,
// the content-security walk over every edit page).
import type { ApiUser } from './api';
import { grupoId, montadoraApi } from './comunicadosApi';

/** A 1x1 PNG: an image by its bytes, as the upload route checks. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const DAY = 24 * 3600 * 1000;
/** An instant `days` days from now, as the inputs take it. */
export const diasDaqui = (days: number) => new Date(Date.now() + days * DAY).toISOString();

type Tipo = 'SLIDE' | 'ANUNCIO';

/** An image file to upload: the 1x1 PNG unless another is given. */
interface Imagem {
  name: string;
  content: Buffer;
  type: string;
}

async function imagem(user: ApiUser, tipo: Tipo, arquivo?: Imagem): Promise<string> {
  const { name, content, type } = arquivo ?? { name: 'banner.png', content: PNG, type: 'image/png' };
  const { id } = await user.upload<{ id: string }>(`/api/vitrine/imagens?tipo=${tipo}`, name, content, type, {
    field: 'file',
  });
  return id;
}

interface Vitrine {
  titulo: string;
  grupoIds: string[];
  inicioDate?: string;
  fimDate?: string;
  active?: boolean;
  imagem?: Imagem;
}

const periodo = (v: Vitrine) => ({
  inicioDate: v.inicioDate ?? diasDaqui(-1),
  fimDate: v.fimDate ?? diasDaqui(1),
  active: v.active ?? true,
});

/** A slide by `user` (white title and subtitle over the 1x1 image); answers its id. */
export async function novoSlide(user: ApiUser, slide: Vitrine): Promise<string> {
  const { salvarSlide } = await user.call<{ salvarSlide: { id: string } }>(
    'mutation($s: SlideInput!) { salvarSlide(slide: $s) { id } }',
    {
      s: {
        titulo: slide.titulo,
        corTitulo: '#FFFFFF',
        tamanhoTitulo: 40,
        subtitulo: 'Na rede Aurora',
        corSubtitulo: '#FFFFFF',
        tamanhoSubtitulo: 20,
        linkTarget: '_self',
        ...periodo(slide),
        arquivoId: await imagem(user, 'SLIDE', slide.imagem),
        grupoIds: slide.grupoIds,
      },
    },
  );
  return salvarSlide.id;
}

/** An advert by `user`; answers its id. */
export async function novoAnuncio(user: ApiUser, anuncio: Vitrine): Promise<string> {
  const { salvarAnuncio } = await user.call<{ salvarAnuncio: { id: string } }>(
    'mutation($a: AnuncioInput!) { salvarAnuncio(anuncio: $a) { id } }',
    {
      a: {
        titulo: anuncio.titulo,
        linkTarget: '_self',
        ...periodo(anuncio),
        arquivoId: await imagem(user, 'ANUNCIO', anuncio.imagem),
        grupoIds: anuncio.grupoIds,
      },
    },
  );
  return salvarAnuncio.id;
}

/**
 * An inactive slide and advert (on no one's home) by the demo manufacturer for the demo dealers'
 * group, for the walks over every screen: their edit pages then have a record to show.
 */
export async function vitrineInativa(nome: string): Promise<{ slide: string; anuncio: string }> {
  const grupoIds = [await grupoId(montadoraApi, 'Rede Aurora Motors')];
  return {
    slide: await novoSlide(montadoraApi, { titulo: `Slide ${nome}`, grupoIds, active: false }),
    anuncio: await novoAnuncio(montadoraApi, { titulo: `Anúncio ${nome}`, grupoIds, active: false }),
  };
}
