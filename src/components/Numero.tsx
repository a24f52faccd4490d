import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A headline figure of a dashboard or report: its label, its value, an optional detail; a named group. */
export function Numero({ rotulo, valor, detalhe }: { rotulo: string; valor: string; detalhe?: string }) {
  return (
    <Paper variant="outlined" component="div" role="group" aria-label={rotulo} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {rotulo}
      </Typography>
      <Typography variant="h5" component="p">
        {valor}
      </Typography>
      {detalhe && (
        <Typography variant="body2" color="text.secondary">
          {detalhe}
        </Typography>
      )}
    </Paper>
  );
}
