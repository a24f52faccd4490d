import Facebook from '@mui/icons-material/Facebook';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import Instagram from '@mui/icons-material/Instagram';
import LinkedIn from '@mui/icons-material/LinkedIn';
import Pinterest from '@mui/icons-material/Pinterest';
import Public from '@mui/icons-material/Public';
import Telegram from '@mui/icons-material/Telegram';
import WhatsApp from '@mui/icons-material/WhatsApp';
import X from '@mui/icons-material/X';
import YouTube from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { BIBLIOTECA_RECENTES, isRaiz } from '../../../domain/biblioteca';
import { formatDate } from '../../components/format';
import { IconeArquivo } from '../../components/IconeArquivo';
import { linkProps } from '../../components/vitrine';
import { visuallyHidden } from '../../components/visuallyHidden';
import { useMenuUsuarioLogado } from '../../layout/useMenuUsuarioLogado';
import { BlocoHome } from './BlocoHome';
import { BannerPadrao, Carrossel, PROPORCAO_SLIDE, srcSetDe, type ImagemVitrine, type SlideHome } from './Carrossel';
import { useHomeQuery, type ArquivoRecente, type ComunicadoRecente, type RedeSocial } from './useHome';

const linhas = (n: number, height: number) => (
  <Box sx={{ display: 'grid', gap: 1 }}>
    {Array.from({ length: n }, (_, i) => (
      <Skeleton key={i} variant="rounded" height={height} />
    ))}
  </Box>
);

/** The grid of the recent announcements: 3 columns, 1 on phones. */
const GRADE = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
};

/** The reader's newest deliveries, each card leading to the announcement, unread ones marked. */
export function ComunicadosRecentes() {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const query = useHomeQuery<ComunicadoRecente[]>('comunicados');
  return (
    <BlocoHome
      nome="comunicados"
      query={query}
      isEmpty={(envios) => envios.length === 0}
      loading={
        <Box sx={GRADE}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={104} />
          ))}
        </Box>
      }
      acao={
        <Button component={RouterLink} to="/comunicados" size="small">
          {translate('home.verTodos')}
          <Box component="span" sx={visuallyHidden}>
            {` ${translate('home.blocos.comunicados.titulo')}`}
          </Box>
        </Button>
      }
    >
      {(envios) => (
        <Box component="ul" sx={{ ...GRADE, listStyle: 'none', m: 0, p: 0 }}>
          {envios.map((envio) => (
            <Box component="li" key={envio.id} sx={{ minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={`/comunicados/visualizar/${envio.comunicado.id}`}
                underline="none"
                color="inherit"
                data-lido={envio.lido}
                sx={{
                  display: 'grid',
                  gap: 0.5,
                  height: '100%',
                  minHeight: 104,
                  boxSizing: 'border-box',
                  p: 1.5,
                  border: 1,
                  borderColor: envio.lido ? 'divider' : 'primary.main',
                  borderLeftWidth: envio.lido ? 1 : 4,
                  borderRadius: 1,
                  alignContent: 'start',
                  '&:hover': { bgcolor: 'action.hover' },
                }}
              >
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  {!envio.lido && (
                    <Chip size="small" color="primary" label={translate('home.blocos.comunicados.naoLido')} />
                  )}
                  {envio.comunicado.departamento && (
                    <Typography variant="caption" color="text.secondary">
                      {envio.comunicado.departamento.sigla}
                    </Typography>
                  )}
                </Box>
                <Typography
                  variant="body1"
                  component="span"
                  sx={{ fontWeight: envio.lido ? 400 : 700, overflowWrap: 'anywhere' }}
                >
                  {envio.comunicado.titulo}
                </Typography>
                {envio.comunicado.envioDateTime && (
                  <Typography variant="caption" color="text.secondary">
                    {formatDate(envio.comunicado.envioDateTime, locale)}
                  </Typography>
                )}
              </Link>
            </Box>
          ))}
        </Box>
      )}
    </BlocoHome>
  );
}

/** The library's latest modified files the user may read (3 at most), each leading to its folder. */
export function ArquivosRecentes() {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const query = useHomeQuery<ArquivoRecente[]>('arquivos', { quantidade: BIBLIOTECA_RECENTES });
  return (
    <BlocoHome
      nome="arquivos"
      query={query}
      isEmpty={(itens) => itens.length === 0}
      loading={linhas(BIBLIOTECA_RECENTES, 56)}
      acao={
        <Button component={RouterLink} to="/biblioteca" size="small">
          {translate('home.blocos.arquivos.abrirBiblioteca')}
        </Button>
      }
    >
      {(itens) => (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
          {itens.slice(0, BIBLIOTECA_RECENTES).map((item) => {
            return (
              <Box component="li" key={item.id} sx={{ minWidth: 0 }}>
                <Link
                  component={RouterLink}
                  to={isRaiz(item.pastaPai?.id) ? '/biblioteca' : `/biblioteca/${item.pastaPai!.id}`}
                  underline="none"
                  color="inherit"
                  sx={{
                    display: 'flex',
                    gap: 1,
                    alignItems: 'center',
                    minHeight: 56,
                    boxSizing: 'border-box',
                    p: 1,
                    borderRadius: 1,
                    '&:hover': { bgcolor: 'action.hover' },
                  }}
                >
                  <Box aria-hidden sx={{ display: 'flex' }}>
                    {item.isPasta ? <FolderOutlined color="action" /> : <IconeArquivo tipoMime={item.tipoMime} />}
                  </Box>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                      {item.nome}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {translate('home.blocos.arquivos.em', {
                        // A file lies in a folder: without one, the reader reads none above it.
                        pasta:
                          item.pastaPai?.nome ??
                          translate(item.isPasta ? 'biblioteca.raiz' : 'biblioteca.recentes.pastaOculta'),
                        data: item.ultimaModificacao ? formatDate(item.ultimaModificacao, locale) : '',
                      })}
                    </Typography>
                  </Box>
                </Link>
              </Box>
            );
          })}
        </Box>
      )}
    </BlocoHome>
  );
}

const ICONES: Record<string, ComponentType<{ fontSize?: 'small' | 'medium' | 'large' }>> = {
  facebook: Facebook,
  'facebook-f': Facebook,
  instagram: Instagram,
  linkedin: LinkedIn,
  'linkedin-in': LinkedIn,
  youtube: YouTube,
  twitter: X,
  'x-twitter': X,
  whatsapp: WhatsApp,
  pinterest: Pinterest,
  telegram: Telegram,
};

/** The icon of `pack|name` (e.g. `fab|facebook`); a globe for an icon the portal does not draw. */
export function iconeRede(icone: string) {
  const nome = icone.split('|').pop()?.trim().toLowerCase() ?? '';
  return ICONES[nome] ?? Public;
}

const httpUrl = (url: string) => /^https?:\/\//i.test(url);

/** The social networks of the user's first brand (none when the user has no brand). */
export function RedesSociais({ marca }: { marca: { id: string; nome: string } | undefined }) {
  const translate = useTranslate();
  const query = useHomeQuery<RedeSocial[]>('redesSociais', { marca: marca?.id }, marca !== undefined);
  // Without a brand there is nothing to ask for: the block is empty at once.
  const estado = marca ? query : { ...query, isPending: false, isError: false, data: [] as RedeSocial[] };
  return (
    <BlocoHome
      nome="redesSociais"
      query={estado}
      isEmpty={(redes) => redes.filter((r) => httpUrl(r.url)).length === 0}
      loading={<Skeleton variant="rounded" height={48} />}
    >
      {(redes) => (
        <>
          {marca && (
            <Typography variant="body2" color="text.secondary">
              {translate('home.blocos.redesSociais.daMarca', { marca: marca.nome })}
            </Typography>
          )}
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {redes
              .filter((r) => httpUrl(r.url))
              .map((rede) => {
                const Icone = iconeRede(rede.icone);
                const rotulo = translate('home.blocos.redesSociais.abrir', { nome: rede.nome });
                return (
                  <li key={rede.id}>
                    <Tooltip title={rede.nome}>
                      <IconButton
                        component="a"
                        href={rede.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={rotulo}
                        color="primary"
                        size="large"
                      >
                        <Icone />
                      </IconButton>
                    </Tooltip>
                  </li>
                );
              })}
          </Box>
        </>
      )}
    </BlocoHome>
  );
}

/** An advert on display for the user (anuncioAleatorio). */
export interface AnuncioHome {
  id: string;
  titulo: string;
  link: string | null;
  linkTarget: string;
  arquivo: ImagemVitrine;
}

/** The recommended advert size (spec section 9: 244x360), reserved before the image loads. */
const ANUNCIO_PX = { largura: 244, altura: 360 };

/**
 * The user's slides as the carousel, or the default banner with the help site when none is on
 * display. Its box keeps the slide ratio while loading (no layout shift).
 */
export function SlidesBloco({ intervaloMs }: { intervaloMs?: number }) {
  const query = useHomeQuery<SlideHome[]>('slides');
  const menu = useMenuUsuarioLogado();
  return (
    <BlocoHome
      nome="slides"
      semTitulo
      query={query}
      isEmpty={(slides) => slides.length === 0}
      loading={<Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: PROPORCAO_SLIDE }} />}
      vazio={<BannerPadrao linkAjuda={menu.data?.linkHelpTec} />}
      sx={{ border: 0, bgcolor: 'transparent' }}
    >
      {(slides) => <Carrossel slides={slides} intervaloMs={intervaloMs} />}
    </BlocoHome>
  );
}

/** One advert on display for the user, at random; its image lazy, its size reserved. */
export function AnuncioBloco() {
  const translate = useTranslate();
  // A new advert on each visit of the page, not on each focus of the window.
  const query = useHomeQuery<AnuncioHome | null>('anuncio', {}, true, { refetchOnWindowFocus: false });
  return (
    <BlocoHome
      nome="anuncio"
      query={query}
      isEmpty={(anuncio) => anuncio === null}
      loading={
        <Skeleton
          variant="rounded"
          sx={{ width: '100%', maxWidth: ANUNCIO_PX.largura, height: 'auto', aspectRatio: '244 / 360' }}
        />
      }
    >
      {(anuncio) => {
        const a = anuncio!;
        const imagem = (
          <img
            src={a.arquivo.link}
            srcSet={srcSetDe(a.arquivo)}
            sizes={`${ANUNCIO_PX.largura}px`}
            width={ANUNCIO_PX.largura}
            height={ANUNCIO_PX.altura}
            alt={a.titulo}
            loading="lazy"
            decoding="async"
            style={{
              width: '100%',
              maxWidth: ANUNCIO_PX.largura,
              height: 'auto',
              aspectRatio: '244 / 360',
              objectFit: 'cover',
              display: 'block',
              borderRadius: 4,
            }}
          />
        );
        return a.link ? (
          <Link
            {...linkProps(a.link, a.linkTarget)}
            aria-label={translate('home.blocos.anuncio.abrir', { titulo: a.titulo })}
            sx={{ display: 'block', width: 'fit-content' }}
          >
            {imagem}
          </Link>
        ) : (
          imagem
        );
      }}
    </BlocoHome>
  );
}
