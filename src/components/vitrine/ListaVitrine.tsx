import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import {
  BooleanInput,
  DataTable,
  useDataProvider,
  useListContext,
  useLocaleState,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import type { TipoVitrine } from '../../../domain/vitrine';
import type { PortalDataProvider } from '../../../providers/dataProvider';
import { formatDate } from '../format';
import { ResourceList } from '../list';

// The lists of /slides and /anuncios (issue #30): image, title, display period, groups, the
// display state computed by the API (on display, scheduled, ended, inactive), activate and
// inactivate, the audit link, and for slides the carousel order: rows dragged by their handle
// (pointer) or moved with the up/down buttons (keyboard, touch).

type Situacao = 'emExibicao' | 'agendado' | 'encerrado' | 'inativo';

export function situacaoDe(record: RaRecord, agora = Date.now()): Situacao {
  if (!record.active) return 'inativo';
  if (record.emExibicao) return 'emExibicao';
  return Date.parse(record.inicioDate) > agora ? 'agendado' : 'encerrado';
}

const COR: Record<Situacao, 'success' | 'info' | 'default'> = {
  emExibicao: 'success',
  agendado: 'info',
  encerrado: 'default',
  inativo: 'default',
};

export function SituacaoChip() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const situacao = situacaoDe(record);
  return (
    <Chip
      size="small"
      color={COR[situacao]}
      variant={situacao === 'emExibicao' ? 'filled' : 'outlined'}
      label={translate(`vitrine.situacoes.${situacao}`)}
    />
  );
}

export function usePeriodo() {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return (record: RaRecord) =>
    translate('vitrine.periodo', {
      inicio: formatDate(record.inicioDate, locale, { dateStyle: 'short', timeStyle: 'short' }),
      fim: formatDate(record.fimDate, locale, { dateStyle: 'short', timeStyle: 'short' }),
    });
}

function Miniatura({ tipo }: { tipo: TipoVitrine }) {
  const record = useRecordContext();
  if (!record?.arquivo) return null;
  const [w, h] = tipo === 'SLIDE' ? [96, 34] : [40, 59];
  return (
    <Box
      component="img"
      src={record.arquivo.linkMobile ?? record.arquivo.link}
      alt=""
      width={w}
      height={h}
      loading="lazy"
      sx={{ objectFit: 'cover', borderRadius: 0.5, display: 'block' }}
    />
  );
}

const nomes = (record: RaRecord) => (record.grupos ?? []).map((g: { nome: string }) => g.nome).join(', ');

/** Moves a slide to a place in the carousel (moverSlide), with its toast, then reloads the list. */
function useMoverSlide() {
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [movendo, setMovendo] = useState(false);
  const mover = async (slide: { id: RaRecord['id']; titulo: string }, destino: number) => {
    setMovendo(true);
    try {
      await dataProvider.mutate('slides', 'mover', { id: slide.id, posicao: destino });
      notify('vitrine.ordem.movido', { type: 'success', messageArgs: { titulo: slide.titulo, posicao: destino + 1 } });
      refresh();
    } catch {
      notify('vitrine.ordem.erro', { type: 'error' });
    } finally {
      setMovendo(false);
    }
  };
  return { mover, movendo };
}

/** What a dragged slide carries: its id, title and place (a type of our own, so other drags are ignored). */
const ARRASTO = 'application/x-portal-slide';
interface Arrastado {
  id: RaRecord['id'];
  titulo: string;
  posicao: number;
}

/**
 * The drag handle and the up and down buttons moving a slide in the carousel, enabled only while
 * the list shows the carousel order (sorted by order, no search or filter), where a row's place is
 * its position. The cell carries the row's place for the drop (see `useSoltarSlide`).
 */
function OrdemButtons() {
  const record = useRecordContext();
  const { data, page, perPage, total, sort, filterValues } = useListContext();
  const translate = useTranslate();
  const { mover, movendo } = useMoverSlide();
  if (!record || !data) return null;
  const naOrdem = sort.field === 'ordem' && sort.order === 'ASC' && Object.keys(filterValues ?? {}).length === 0;
  const posicao = (page - 1) * perPage + data.findIndex((r) => r.id === record.id);
  const slide = { id: record.id, titulo: record.titulo as string };
  const botao = (destino: number, icone: ReactNode, label: string) => (
    <IconButton
      size="small"
      aria-label={translate(label, { titulo: record.titulo })}
      title={naOrdem ? translate(label, { titulo: record.titulo }) : translate('vitrine.ordem.soOrdem')}
      disabled={!naOrdem || movendo || destino < 0 || destino >= (total ?? 0)}
      onClick={(event) => {
        event.stopPropagation();
        void mover(slide, destino);
      }}
    >
      {icone}
    </IconButton>
  );
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center' }} data-posicao={naOrdem ? posicao : undefined}>
      {naOrdem && (
        // Pointer only (a mouse's drag): keyboard and touch users have the buttons beside it.
        <Box
          component="span"
          draggable
          aria-hidden
          title={translate('vitrine.ordem.arrastar', { titulo: record.titulo })}
          onClick={(event) => event.stopPropagation()}
          onDragStart={(event: DragEvent) => {
            const arrastado: Arrastado = { ...slide, posicao };
            event.dataTransfer.setData(ARRASTO, JSON.stringify(arrastado));
            event.dataTransfer.effectAllowed = 'move';
          }}
          sx={{ display: 'inline-flex', cursor: 'grab', color: 'text.secondary', px: 0.5 }}
        >
          <DragIndicatorIcon fontSize="small" />
        </Box>
      )}
      {botao(posicao - 1, <ArrowUpwardIcon fontSize="small" />, 'vitrine.ordem.subir')}
      {botao(posicao + 1, <ArrowDownwardIcon fontSize="small" />, 'vitrine.ordem.descer')}
    </Box>
  );
}

/** The place of the row under a drag or a drop: its order cell says it (none while the order cannot change). */
function lugarSob(target: EventTarget): { linha: HTMLElement; posicao: number } | undefined {
  const linha = (target as Element).closest?.<HTMLElement>('tr, li');
  const celula = linha?.querySelector<HTMLElement>('[data-posicao]');
  if (!linha || !celula) return undefined;
  return { linha, posicao: Number(celula.dataset.posicao) };
}

/**
 * The drop side of dragging a slide's row: over another row the row shows where the slide will go
 * (`data-alvo`), and the drop moves it there.
 */
function useSoltarSlide() {
  const { mover } = useMoverSlide();
  const marcada = useRef<HTMLElement>(undefined);
  const desmarcar = () => {
    marcada.current?.removeAttribute('data-alvo');
    marcada.current = undefined;
  };
  return {
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes(ARRASTO)) return;
      const lugar = lugarSob(event.target);
      if (!lugar) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (marcada.current !== lugar.linha) {
        desmarcar();
        marcada.current = lugar.linha;
        lugar.linha.setAttribute('data-alvo', 'true');
      }
    },
    onDragLeave: (event: DragEvent) => {
      if (!(event.currentTarget as Element).contains(event.relatedTarget as Node | null)) desmarcar();
    },
    onDrop: (event: DragEvent) => {
      desmarcar();
      const lugar = lugarSob(event.target);
      const dados = event.dataTransfer.getData(ARRASTO);
      if (!lugar || !dados) return;
      event.preventDefault();
      const arrastado = JSON.parse(dados) as Arrastado;
      if (arrastado.posicao !== lugar.posicao) void mover(arrastado, lugar.posicao);
    },
    onDragEnd: desmarcar,
  };
}

export function VitrineList({ tipo }: { tipo: TipoVitrine }) {
  const translate = useTranslate();
  const periodo = usePeriodo();
  const soltar = useSoltarSlide();
  const slide = tipo === 'SLIDE';
  const largo = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'), { noSsr: true });
  return (
    <Box
      {...(slide ? soltar : {})}
      sx={{ '& [data-alvo]': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
    >
      <ResourceList
        primaryText={(r) => r.titulo}
        secondaryText={(r) => `${translate(`vitrine.situacoes.${situacaoDe(r)}`)} · ${periodo(r)}`}
        sort={slide ? { field: 'ordem', order: 'ASC' } : { field: 'createdDateTime', order: 'DESC' }}
        filters={[<BooleanInput key="emExibicao" source="emExibicao" label="vitrine.filtroEmExibicao" />]}
        activeToggle={{
          nameOf: (r) => r.titulo,
          errorMessages: { activate: `vitrine.erroAtivar.${tipo}`, inactivate: `vitrine.erroInativar.${tipo}` },
        }}
        compactActions={slide ? <OrdemButtons /> : undefined}
      >
        {slide && <DataTable.Col source="ordem" label="vitrine.colunas.ordem" render={() => <OrdemButtons />} />}
        {/* From 768 to 899 px the table leaves out the image and the groups (the record's page shows
        them): with them it was wider than its box, the active switch and the actions past its edge. */}
        {largo && <DataTable.Col label="vitrine.colunas.imagem" disableSort render={() => <Miniatura tipo={tipo} />} />}
        {/* A long word (a code, an address) breaks rather than widening the table. */}
        <DataTable.Col source="titulo" label="vitrine.colunas.titulo" sx={{ overflowWrap: 'anywhere' }} />
        <DataTable.Col source="inicioDate" label="vitrine.colunas.periodo" render={periodo} />
        {largo && <DataTable.Col source="grupos" label="vitrine.colunas.grupos" disableSort render={nomes} />}
        <DataTable.Col label="vitrine.colunas.situacao" disableSort render={() => <SituacaoChip />} />
      </ResourceList>
      {slide && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('vitrine.ordem.ajuda')}
        </Typography>
      )}
    </Box>
  );
}
