import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { useNavegacaoTeclado } from './interacao';
import type { ItemBiblioteca } from './tipos';
import { IconeItem, IconeVisibilidade, NomeItem } from './visual';

/** How a view of items hands its interactions to the page. */
export interface VistaItensProps {
  itens: ItemBiblioteca[];
  selecao: ReadonlySet<string>;
  /** A click (the page tells it from a double click). */
  onClique: (item: ItemBiblioteca) => void;
  onDuploClique: (item: ItemBiblioteca) => void;
  /** Enter. */
  onAbrir: (item: ItemBiblioteca) => void;
  /** Space, a checkbox. */
  onAlternar: (item: ItemBiblioteca) => void;
}

/** One section of the grid (folders or files): a multi-select listbox of cards. */
function Secao({
  titulo,
  itens,
  selecao,
  onClique,
  onDuploClique,
  onAbrir,
  onAlternar,
}: VistaItensProps & { titulo: string }) {
  const id = useId();
  const nav = useNavegacaoTeclado(itens.length, {
    grade: true,
    onAbrir: (i) => onAbrir(itens[i]),
    onAlternar: (i) => onAlternar(itens[i]),
  });
  if (itens.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, minWidth: 0 }}
    >
      <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {titulo}
      </Typography>
      <Box
        role="listbox"
        aria-multiselectable="true"
        aria-labelledby={id}
        aria-orientation="horizontal"
        onKeyDown={nav.onKeyDown}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))',
          gap: 1,
          minWidth: 0,
        }}
      >
        {itens.map((item, i) => {
          const selecionado = selecao.has(item.id);
          return (
            <Box
              key={item.id}
              role="option"
              aria-selected={selecionado}
              {...nav.itemProps(i)}
              onClick={() => onClique(item)}
              onDoubleClick={() => onDuploClique(item)}
              sx={{
                cursor: 'pointer',
                userSelect: 'none',
                border: 1,
                borderColor: selecionado ? 'primary.main' : 'divider',
                bgcolor: selecionado ? 'action.selected' : 'background.paper',
                borderRadius: 1,
                p: 1,
                display: 'grid',
                justifyItems: 'center',
                gap: 0.5,
                minWidth: 0,
                '&:hover': { bgcolor: selecionado ? 'action.selected' : 'action.hover' },
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
              }}
            >
              <IconeItem item={item} grande />
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, maxWidth: '100%', minWidth: 0 }}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere', textAlign: 'center', minWidth: 0 }}>
                  <NomeItem nome={item.nome} />
                </Typography>
                <IconeVisibilidade item={item} comFoco={nav.comAnel(i)} />
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** Grid mode: the folders, then the files, as cards with thumbnails or icons. */
export function Grade(props: VistaItensProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <Secao {...props} titulo={translate('biblioteca.secoes.pastas')} itens={props.itens.filter((i) => i.isPasta)} />
      <Secao
        {...props}
        titulo={translate('biblioteca.secoes.arquivos')}
        itens={props.itens.filter((i) => !i.isPasta)}
      />
    </Box>
  );
}
