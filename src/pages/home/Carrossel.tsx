import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import { preload } from 'react-dom';
import { useTranslate } from 'react-admin';
import { visuallyHidden } from '../../components/visuallyHidden';
import { linkProps, SlideTextos } from '../../components/vitrine';

/** An uploaded slide or advert image (VitrineImagem): its size in px and addresses. */
export interface ImagemVitrine {
  id: string;
  nome: string;
  largura: number;
  altura: number;
  link: string;
  /** The small-screen WebP variant (768 px wide at most), once the job made it. */
  linkMobile: string | null;
}

/** A slide on display for the user (slidesAtivos), in carousel order. */
export interface SlideHome {
  id: string;
  titulo: string;
  corTitulo: string;
  tamanhoTitulo: number;
  subtitulo: string | null;
  corSubtitulo: string;
  tamanhoSubtitulo: number;
  tituloBotao: string | null;
  link: string | null;
  linkTarget: string;
  arquivo: ImagemVitrine;
}

/** The carousel's box: the recommended slide ratio (1140x400), reserved before any image loads. */
export const PROPORCAO_SLIDE = '1140 / 400';
/** Time each slide shows while the carousel plays. */
export const INTERVALO_SLIDES_MS = 6000;
const MOBILE_PX = 768;

/** srcset of an image: its small-screen variant when there is one, then the original. */
export function srcSetDe(imagem: ImagemVitrine): string | undefined {
  return imagem.linkMobile ? `${imagem.linkMobile} ${MOBILE_PX}w, ${imagem.link} ${imagem.largura}w` : undefined;
}

function BotaoSlide({
  link,
  target,
  tabIndex,
  children,
}: {
  link: string;
  target: string;
  tabIndex: number;
  children: ReactNode;
}) {
  return (
    <Button {...linkProps(link, target)} variant="contained" size="small" tabIndex={tabIndex}>
      {children}
    </Button>
  );
}

function Slide({ slide, primeiro, ativo }: { slide: SlideHome; primeiro: boolean; ativo: boolean }) {
  const { arquivo } = slide;
  return (
    <Box sx={{ position: 'absolute', inset: 0, visibility: ativo ? 'visible' : 'hidden' }} aria-hidden={!ativo}>
      <img
        src={arquivo.link}
        srcSet={srcSetDe(arquivo)}
        sizes="(max-width: 1440px) 100vw, 1440px"
        width={arquivo.largura}
        height={arquivo.altura}
        alt=""
        loading={primeiro ? 'eager' : 'lazy'}
        fetchPriority={primeiro ? 'high' : 'low'}
        decoding="async"
        style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
      />
      <SlideTextos
        slide={slide}
        acao={
          slide.link &&
          slide.tituloBotao && (
            <BotaoSlide link={slide.link} target={slide.linkTarget} tabIndex={ativo ? 0 : -1}>
              {slide.tituloBotao}
            </BotaoSlide>
          )
        }
      />
    </Box>
  );
}

/**
 * The home carousel: one slide at a time in the slide's ratio (sized before the images load).
 * It advances by itself every `intervaloMs` unless the user paused it, the pointer is over it or
 * the focus is inside it, or the system asks for reduced motion (then it waits for play). Arrows
 * (left, right) move between slides; previous, next, pause/play and one button per slide.
 */
export function Carrossel({
  slides,
  intervaloMs = INTERVALO_SLIDES_MS,
}: {
  slides: SlideHome[];
  intervaloMs?: number;
}) {
  const translate = useTranslate();
  const reduzido = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const [indice, setIndice] = useState(0);
  const [pausadoPeloUsuario, setPausadoPeloUsuario] = useState<boolean | null>(null);
  const [sobre, setSobre] = useState(false);
  const [foco, setFoco] = useState(false);
  const total = slides.length;
  const atual = Math.min(indice, total - 1);
  // Until the user chooses, reduced motion means paused.
  const pausado = pausadoPeloUsuario ?? reduzido;
  const tocando = total > 1 && !pausado && !sobre && !foco;

  // The first image is fetched at once, with the page (a preload in the document head).
  const primeira = slides[0]?.arquivo;
  if (primeira)
    preload(primeira.link, {
      as: 'image',
      fetchPriority: 'high',
      imageSrcSet: srcSetDe(primeira),
      imageSizes: '(max-width: 1440px) 100vw, 1440px',
    });

  useEffect(() => {
    if (!tocando) return;
    const timer = setInterval(() => setIndice((i) => (i + 1) % total), intervaloMs);
    return () => clearInterval(timer);
  }, [tocando, total, intervaloMs]);

  const ir = (i: number) => setIndice(((i % total) + total) % total);
  const onKeyDown = (event: KeyboardEvent) => {
    if (total < 2) return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      ir(atual + ((event.key === 'ArrowRight') !== rtl ? 1 : -1));
    }
  };

  return (
    <Box
      role="region"
      aria-roledescription={translate('home.carrossel.papel')}
      aria-label={translate('home.blocos.slides.titulo')}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setSobre(true)}
      onMouseLeave={() => setSobre(false)}
      onFocus={() => setFoco(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFoco(false);
      }}
      data-tocando={tocando}
      sx={{
        position: 'relative',
        borderRadius: 1,
        overflow: 'hidden',
        '&:focus-visible': { outline: 3, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box
        aria-live={tocando ? 'off' : 'polite'}
        sx={{ position: 'relative', width: '100%', aspectRatio: PROPORCAO_SLIDE, bgcolor: 'grey.800' }}
      >
        {slides.map((slide, i) => (
          <Box
            key={slide.id}
            role="group"
            aria-roledescription={translate('home.carrossel.slide')}
            aria-label={translate('home.carrossel.posicao', { n: i + 1, total })}
            hidden={i !== atual}
            sx={{ display: i === atual ? 'block' : 'none' }}
          >
            <Slide slide={slide} primeiro={i === 0} ativo={i === atual} />
          </Box>
        ))}
      </Box>
      {total > 1 && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 0.5,
            flexWrap: 'wrap',
            py: 0.5,
            bgcolor: 'background.paper',
          }}
        >
          <IconButton
            onClick={() => setPausadoPeloUsuario(!pausado)}
            aria-label={translate(pausado ? 'home.carrossel.reproduzir' : 'home.carrossel.pausar')}
            size="small"
          >
            {pausado ? <PlayArrow /> : <Pause />}
          </IconButton>
          <IconButton onClick={() => ir(atual - 1)} aria-label={translate('home.carrossel.anterior')} size="small">
            <ChevronLeft />
          </IconButton>
          {slides.map((slide, i) => (
            <IconButton
              key={slide.id}
              onClick={() => ir(i)}
              aria-label={translate('home.carrossel.irPara', { n: i + 1, titulo: slide.titulo })}
              aria-current={i === atual ? 'true' : undefined}
              size="small"
              sx={{ p: '10px' }}
            >
              <Box
                component="span"
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  bgcolor: i === atual ? 'primary.main' : 'action.disabled',
                }}
              />
            </IconButton>
          ))}
          <IconButton onClick={() => ir(atual + 1)} aria-label={translate('home.carrossel.proximo')} size="small">
            <ChevronRight />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}

/** With no slide on display: the portal's banner, with the help site when there is one. */
export function BannerPadrao({ linkAjuda }: { linkAjuda: string | null | undefined }) {
  const translate = useTranslate();
  const ajuda = linkAjuda && /^https?:\/\//i.test(linkAjuda) ? linkAjuda : null;
  return (
    <Box
      data-banner-padrao
      sx={{
        width: '100%',
        aspectRatio: { xs: 'auto', sm: PROPORCAO_SLIDE },
        minHeight: { xs: 160, sm: 0 },
        borderRadius: 1,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        gap: 1,
        px: { xs: 2, sm: 6 },
        py: 2,
        boxSizing: 'border-box',
        color: 'primary.contrastText',
        bgcolor: 'primary.dark',
      }}
    >
      <Typography component="p" variant="h4" sx={{ fontWeight: 700, fontSize: { xs: '1.5rem', sm: '2.125rem' } }}>
        {translate('home.bannerPadrao.titulo')}
      </Typography>
      <Typography component="p">{translate('home.bannerPadrao.texto')}</Typography>
      {ajuda && (
        <Box>
          <Button
            href={ajuda}
            target="_blank"
            rel="noopener noreferrer"
            variant="contained"
            color="secondary"
            size="small"
          >
            {translate('home.bannerPadrao.ajuda')}
            <Box component="span" sx={visuallyHidden}>{` ${translate('shell.opensInNewTab')}`}</Box>
          </Button>
        </Box>
      )}
    </Box>
  );
}
