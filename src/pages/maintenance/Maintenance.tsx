import Refresh from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Idioma } from '../../../domain/enums';
import { browser } from '../../browser';
import { useCatalogTranslate } from '../../useCatalog';

/**
 * Shown instead of the app when the start-up load fails ("Atualização em Curso"). It renders
 * before react-admin (no i18n provider, no theme), so it reads its language's catalog directly.
 */
export function Maintenance({ idioma }: { idioma: Idioma }) {
  const translate = useCatalogTranslate(idioma);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeContent: 'center',
        justifyItems: 'center',
        textAlign: 'center',
        p: 3,
        gap: 2,
        fontFamily: 'Roboto, Helvetica, Arial, sans-serif',
      }}
    >
      <Box role="alert" sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h4" component="h1">
          {translate('maintenance.title')}
        </Typography>
        <Typography>{translate('maintenance.text')}</Typography>
      </Box>
      <Button variant="contained" startIcon={<Refresh />} onClick={() => browser.reload()}>
        {translate('errorPages.retry')}
      </Button>
    </Box>
  );
}
