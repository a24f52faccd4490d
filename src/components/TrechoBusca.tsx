import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';

/** A search's snippet (the API's TrechoBusca parts): the text around a match, the matched words marked. */
export function TrechoBusca({
  partes,
}: {
  partes: readonly { texto: string; destaque: boolean }[] | null | undefined;
}) {
  if (!partes?.length) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="trecho" sx={{ overflowWrap: 'anywhere' }}>
      {partes.map((parte, i) =>
        parte.destaque ? (
          <Box component="mark" key={i} sx={{ bgcolor: 'warning.light', color: 'text.primary', px: 0.25 }}>
            {parte.texto}
          </Box>
        ) : (
          <Fragment key={i}>{parte.texto}</Fragment>
        ),
      )}
    </Typography>
  );
}
