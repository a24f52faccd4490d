import Box from '@mui/material/Box';
import { TAMANHO_RECOMENDADO } from '../../../domain/vitrine';
import { linkProps, type VitrineImagemView } from './SlideBanner';

export interface AnuncioView {
  titulo: string;
  link?: string | null;
  linkTarget?: string | null;
  arquivo?: VitrineImagemView | null;
}

const { largura: W, altura: H } = TAMANHO_RECOMENDADO.ANUNCIO;

/**
 * One advert as the home page shows it: the image in a 244x360 box (size reserved, lazily loaded),
 * its title as the image's text, a link around it when it has one. The advert form's preview
 * renders it with `inerte`.
 */
export function AnuncioBanner({
  anuncio,
  imagemSrc,
  inerte = false,
}: {
  anuncio: AnuncioView;
  imagemSrc?: string;
  inerte?: boolean;
}) {
  const src = imagemSrc ?? anuncio.arquivo?.link;
  const imagem = (
    <Box
      component="img"
      src={src}
      alt={anuncio.titulo}
      width={W}
      height={H}
      loading="lazy"
      decoding="async"
      sx={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
    />
  );
  return (
    <Box
      sx={{
        width: '100%',
        maxWidth: W,
        aspectRatio: `${W} / ${H}`,
        overflow: 'hidden',
        borderRadius: 1,
        bgcolor: 'grey.200',
      }}
    >
      {src &&
        (anuncio.link && !inerte ? (
          <Box {...linkProps(anuncio.link, anuncio.linkTarget)} sx={{ display: 'block', height: '100%' }}>
            {imagem}
          </Box>
        ) : (
          imagem
        ))}
    </Box>
  );
}
