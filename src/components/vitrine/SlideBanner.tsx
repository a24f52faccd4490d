import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { TAMANHO_RECOMENDADO } from '../../../domain/vitrine';

/** The image of a slide or advert as the API answers it (VitrineImagem). */
export interface VitrineImagemView {
  link: string;
  /** The WebP variant for small screens, once the job made it. */
  linkMobile?: string | null;
  largura?: number;
  altura?: number;
}

export interface SlideView {
  titulo: string;
  corTitulo: string;
  tamanhoTitulo: number;
  subtitulo?: string | null;
  corSubtitulo: string;
  tamanhoSubtitulo: number;
  tituloBotao?: string | null;
  link?: string | null;
  linkTarget?: string | null;
  arquivo?: VitrineImagemView | null;
}

const { largura: W, altura: H } = TAMANHO_RECOMENDADO.SLIDE;
/** Under this width the small-screen variant is used (the app's compact breakpoint). */
const MOBILE_MEDIA = '(max-width: 767px)';

/**
 * Props of a link to `link` (a slide's or an advert's): a portal path ('/comunicados') stays in the
 * app through the router unless it opens in a new tab; any other address is an anchor.
 */
export function linkProps(link: string, target?: string | null) {
  const novaAba = target === '_blank';
  if (link.startsWith('/') && !novaAba) return { component: RouterLink, to: link } as const;
  return { component: 'a', href: link, ...(novaAba ? { target: '_blank', rel: 'noopener noreferrer' } : {}) } as const;
}

/** A size in px at the slide's design width (1140), scaled with the slide's box but never below 60%. */
const escala = (px: number) => `max(${Math.round(px * 0.6)}px, min(${px}px, ${((px / W) * 100).toFixed(3)}cqw))`;

/**
 * The title, subtitle and button of a slide over its image, in their colours and sizes, with a shade
 * behind them that keeps them legible over any image: the home carousel and the form's preview show
 * the same thing. `acao` is the button (live in the carousel, inert in the preview).
 */
export function SlideTextos({ slide, acao }: { slide: SlideView; acao?: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: 1,
        px: { xs: 2, sm: 6 },
        // The sizes scale with this box (container query units), whatever the page around it.
        containerType: 'inline-size',
        background: 'linear-gradient(90deg, rgba(0,0,0,0.55) 0%, rgba(0,0,0,0.15) 70%, rgba(0,0,0,0) 100%)',
      }}
    >
      <Typography
        component="p"
        sx={{ color: slide.corTitulo, fontSize: escala(slide.tamanhoTitulo), fontWeight: 700, lineHeight: 1.15 }}
      >
        {slide.titulo}
      </Typography>
      {slide.subtitulo && (
        <Typography
          component="p"
          sx={{ color: slide.corSubtitulo, fontSize: escala(slide.tamanhoSubtitulo), lineHeight: 1.3 }}
        >
          {slide.subtitulo}
        </Typography>
      )}
      {acao && <Box>{acao}</Box>}
    </Box>
  );
}

/**
 * One slide as the home carousel shows it (spec sections 2 and 3): the image filling a 1140x400
 * box (its size reserved, so nothing moves when it loads), the title and subtitle over it in their
 * colours and sizes (px, scaled down on narrow screens), and the button leading to the link. The
 * slide form's live preview renders it with `inerte` (the button does not navigate). `prioridade`
 * for the carousel's first slide: loaded eagerly and first; the others lazily.
 */
export function SlideBanner({
  slide,
  imagemSrc,
  inerte = false,
  prioridade = false,
}: {
  slide: SlideView;
  /** An image to show instead of the slide's (the form's local file before it is saved). */
  imagemSrc?: string;
  inerte?: boolean;
  prioridade?: boolean;
}) {
  const src = imagemSrc ?? slide.arquivo?.link;
  const mobile = imagemSrc ? undefined : slide.arquivo?.linkMobile;
  const botao = slide.tituloBotao && slide.link ? slide.tituloBotao : null;
  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: `${W} / ${H}`,
        overflow: 'hidden',
        borderRadius: 1,
        bgcolor: 'grey.800',
      }}
    >
      {src && (
        <picture>
          {mobile && <source media={MOBILE_MEDIA} srcSet={mobile} />}
          <Box
            component="img"
            src={src}
            alt=""
            width={W}
            height={H}
            loading={prioridade ? 'eager' : 'lazy'}
            decoding="async"
            {...(prioridade ? { fetchPriority: 'high' } : {})}
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
          />
        </picture>
      )}
      <SlideTextos
        slide={slide}
        acao={
          botao &&
          (inerte ? (
            <Button variant="contained" component="span" tabIndex={-1}>
              {botao}
            </Button>
          ) : (
            <Button variant="contained" {...linkProps(slide.link!, slide.linkTarget)}>
              {botao}
            </Button>
          ))
        }
      />
    </Box>
  );
}
