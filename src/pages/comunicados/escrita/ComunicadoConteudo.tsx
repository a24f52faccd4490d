import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { RichText } from '../../../components/RichText';
import { formatBytes } from '../../../components/format';
import type { Comunicado } from './comunicado';

/**
 * The announcement as its recipients will read it: title, message, the department's signature,
 * the attachments, and whether they are asked to confirm "read and understood".
 */
export function ComunicadoConteudo({
  comunicado,
}: {
  comunicado: Pick<Comunicado, 'titulo' | 'mensagem' | 'departamento' | 'arquivos' | 'exigeConfirmacao' | 'serie'>;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { departamento } = comunicado;
  return (
    <Box
      component="article"
      aria-labelledby="comunicado-titulo"
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, minWidth: 0 }}
    >
      <Typography variant="h6" component="h2" id="comunicado-titulo" sx={{ overflowWrap: 'anywhere' }}>
        {comunicado.titulo}
      </Typography>
      {departamento && (
        <Typography variant="body2" color="text.secondary">
          {`${departamento.sigla} · ${departamento.nome}`}
        </Typography>
      )}
      <RichText html={comunicado.mensagem} comunicado />
      {departamento?.assinatura && (
        <Box>
          <Divider sx={{ mb: 1 }} />
          <Typography
            variant="body2"
            sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
            aria-label={translate('comunicados.escrita.fields.assinatura')}
          >
            {departamento.assinatura}
          </Typography>
        </Box>
      )}
      {comunicado.arquivos.length > 0 && (
        <Box component="section" aria-labelledby="comunicado-anexos">
          <Typography variant="subtitle2" component="h3" id="comunicado-anexos">
            {translate('comunicados.escrita.fields.arquivos')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {comunicado.arquivos.map((a) => (
              <Box component="li" key={a.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', minWidth: 0 }}>
                <AttachFileIcon fontSize="small" color="action" />
                <Typography sx={{ overflowWrap: 'anywhere' }}>{a.nome}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                  {formatBytes(Number(a.tamanho), locale)}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
      {comunicado.exigeConfirmacao && (
        <Typography variant="body2" color="text.secondary">
          {translate('comunicados.escrita.exigeConfirmacaoAviso')}
        </Typography>
      )}
    </Box>
  );
}
