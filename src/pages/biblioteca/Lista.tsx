import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { TrechoBusca } from '../../components/TrechoBusca';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../components/format';
import { visuallyHidden } from '../../components/visuallyHidden';
import type { VistaItensProps } from './Grade';
import { cliqueEmControle, useNavegacaoTeclado } from './interacao';
import { pastaPath, type ItemBiblioteca } from './tipos';
import { IconeItem, IconeVisibilidade, NomeItem, useCaminho, useIsListaCompacta } from './visual';

/** Where a search matched and the text around it, the matched words marked. */
function OndeEncontrou({ item }: { item: ItemBiblioteca }) {
  const translate = useTranslate();
  if (!item.encontradoEm?.length && !item.trecho?.length) return null;
  return (
    <Box sx={{ display: 'grid', gap: 0.25, mt: 0.25 }}>
      {item.encontradoEm && item.encontradoEm.length > 0 && (
        <Typography variant="caption" color="text.secondary">
          {translate('biblioteca.busca.encontradoEm', {
            onde: item.encontradoEm.map((o) => translate(`biblioteca.busca.origens.${o}`)).join(', '),
          })}
        </Typography>
      )}
      <TrechoBusca partes={item.trecho} />
    </Box>
  );
}

/** The item's path: plain text in a folder's listing, links to each folder among search results. */
function Caminho({ item, links }: { item: ItemBiblioteca; links: boolean }) {
  const translate = useTranslate();
  const caminho = useCaminho();
  if (!links) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {caminho(item)}
      </Typography>
    );
  }
  const pastas = [{ id: null as string | null, nome: translate('biblioteca.raiz') }, ...item.breadcrumb];
  return (
    <Breadcrumbs
      aria-label={translate('biblioteca.colunas.caminhoDe', { nome: item.nome })}
      sx={{ typography: 'body2', '& ol': { flexWrap: 'wrap' } }}
    >
      {pastas.map((p) => (
        <Link key={p.id ?? 'raiz'} component={RouterLink} to={pastaPath(p.id)} underline="hover" color="inherit">
          {p.nome}
        </Link>
      ))}
    </Breadcrumbs>
  );
}

/**
 * List mode: a table with a checkbox, the name and the path (one combined column at 768 px or
 * less). Search results add where they matched and the snippet, and their paths link to the folders.
 */
export function Lista({
  itens,
  selecao,
  onClique,
  onDuploClique,
  onAbrir,
  onAlternar,
  onAlternarTodos,
  rotulo,
  busca = false,
}: VistaItensProps & { onAlternarTodos: () => void; rotulo: string; busca?: boolean }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const compacta = useIsListaCompacta();
  const nav = useNavegacaoTeclado(itens.length, {
    grade: false,
    onAbrir: (i) => onAbrir(itens[i]),
    onAlternar: (i) => onAlternar(itens[i]),
  });
  const todos = itens.length > 0 && itens.every((i) => selecao.has(i.id));
  const algum = itens.some((i) => selecao.has(i.id));
  const data = (item: ItemBiblioteca) => (
    <time dateTime={item.ultimaModificacao}>
      {formatDate(item.ultimaModificacao, locale, { dateStyle: 'short', timeStyle: 'short' })}
    </time>
  );
  const nome = (item: ItemBiblioteca, i: number) => (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      <IconeItem item={item} />
      <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        <NomeItem nome={item.nome} />
      </Typography>
      <IconeVisibilidade item={item} comFoco={nav.comAnel(i)} />
    </Box>
  );
  return (
    <Table size="small" aria-label={rotulo} sx={{ tableLayout: 'fixed', width: '100%' }}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox">
            <Checkbox
              size="small"
              checked={todos}
              indeterminate={!todos && algum}
              onChange={onAlternarTodos}
              slotProps={{ input: { 'aria-label': translate('lista.selecao.selecionarPagina') } }}
            />
          </TableCell>
          {compacta ? (
            <TableCell>{translate('biblioteca.colunas.nome')}</TableCell>
          ) : (
            <>
              <TableCell sx={{ width: '45%' }}>{translate('biblioteca.colunas.nome')}</TableCell>
              <TableCell>{translate('biblioteca.colunas.caminho')}</TableCell>
              <TableCell sx={{ width: 150 }}>{translate('biblioteca.colunas.modificado')}</TableCell>
            </>
          )}
        </TableRow>
      </TableHead>
      <TableBody onKeyDown={nav.onKeyDown}>
        {itens.map((item, i) => {
          const selecionado = selecao.has(item.id);
          return (
            <TableRow
              key={item.id}
              hover
              selected={selecionado}
              {...nav.itemProps(i)}
              onClick={(event) => {
                if (!cliqueEmControle(event)) onClique(item);
              }}
              onDoubleClick={(event) => {
                if (!cliqueEmControle(event)) onDuploClique(item);
              }}
              sx={{
                cursor: 'pointer',
                userSelect: 'none',
                '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
              }}
            >
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={selecionado}
                  onChange={() => onAlternar(item)}
                  // The row is the tab stop (Space selects it): a tab stop per checkbox made the
                  // page's controls after the list a hundred presses away.
                  tabIndex={-1}
                  slotProps={{ input: { 'aria-label': translate('biblioteca.selecionar', { nome: item.nome }) } }}
                />
              </TableCell>
              {compacta ? (
                <TableCell sx={{ minWidth: 0 }}>
                  {nome(item, i)}
                  <Box sx={{ pl: 5 }}>
                    <Caminho item={item} links={busca} />
                    {busca && <OndeEncontrou item={item} />}
                    <Typography variant="caption" color="text.secondary">
                      <Box component="span" sx={visuallyHidden}>
                        {translate('biblioteca.colunas.modificado')}:{' '}
                      </Box>
                      {data(item)}
                    </Typography>
                  </Box>
                </TableCell>
              ) : (
                <>
                  <TableCell>
                    {nome(item, i)}
                    {busca && (
                      <Box sx={{ pl: 5 }}>
                        <OndeEncontrou item={item} />
                      </Box>
                    )}
                  </TableCell>
                  <TableCell>
                    <Caminho item={item} links={busca} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{data(item)}</TableCell>
                </>
              )}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
