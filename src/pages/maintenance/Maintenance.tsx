import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Idioma } from '../../../domain/enums';
import { translate } from '../../../i18n';

/** Shown instead of the app when the start-up load fails ("Atualização em Curso"). */
export function Maintenance({ idioma }: { idioma: Idioma }) {
  return (
    <Box
      component="main"
      role="alert"
      sx={{ minHeight: '100vh', display: 'grid', placeContent: 'center', textAlign: 'center', p: 3, gap: 2 }}
    >
      <Typography variant="h4" component="h1">
        {translate(idioma, 'maintenance.title')}
      </Typography>
      <Typography>{translate(idioma, 'maintenance.text')}</Typography>
    </Box>
  );
}
