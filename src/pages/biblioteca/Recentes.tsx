import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { BIBLIOTECA_RECENTES } from '../../../domain/biblioteca';
import { formatDate } from '../../components/format';
import { UltimosModificadosDialog } from './dialogos/UltimosModificadosDialog';
import { pastaPath } from './tipos';
import { useRecentes } from './useBiblioteca';
import { IconeItem, NomeItem } from './visual';

/**
 * The root's recent files (at most 3, the latest modified first): each leads to the folder it is
 * in; "see all" opens the paged list of the latest modified.
 */
export function Recentes() {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const id = useId();
  const recentes = useRecentes(true);
  const [todos, setTodos] = useState(false);
  const itens = (recentes.data ?? []).slice(0, BIBLIOTECA_RECENTES);
  if (itens.length === 0) return null;
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={id} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('biblioteca.recentes.titulo')}
        </Typography>
        <Button size="small" onClick={() => setTodos(true)}>
          {translate('biblioteca.recentes.verTodos')}
        </Button>
      </Box>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))',
          gap: 1,
          minWidth: 0,
        }}
      >
        {itens.map((item) => (
          <Box component="li" key={item.id} sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={pastaPath(item.pastaPai?.id)}
              underline="none"
              color="inherit"
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                p: 1,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                minWidth: 0,
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <IconeItem item={item} />
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  <NomeItem nome={item.nome} />
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {translate('biblioteca.recentes.em', {
                    // A file lies in a folder; without one, the caller reads none above it (their own file in a folder they left).
                    pasta: item.pastaPai?.nome ?? translate('biblioteca.recentes.pastaOculta'),
                    data: formatDate(item.ultimaModificacao, locale),
                  })}
                </Typography>
              </Box>
            </Link>
          </Box>
        ))}
      </Box>
      {todos && <UltimosModificadosDialog onClose={() => setTodos(false)} />}
    </Box>
  );
}
