import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { RichText } from '../../../components/RichText';
import { AnexosComunicado, EtiquetasComunicado } from '../AnexosComunicado';
import type { Comunicado } from './comunicado';

/**
 * The announcement as its recipients will read it: title, its labels, message, the department's
 * signature, the attachments (downloadable: the approver opens what they approve), and whether they
 * are asked to confirm "read and understood".
 */
export function ComunicadoConteudo({
  comunicado,
}: {
  comunicado: Pick<
    Comunicado,
    'id' | 'titulo' | 'mensagem' | 'departamento' | 'arquivos' | 'exigeConfirmacao' | 'serie' | 'etiquetas'
  >;
}) {
  const translate = useTranslate();
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
      <EtiquetasComunicado etiquetas={comunicado.etiquetas} />
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
      <AnexosComunicado idComunicado={comunicado.id} arquivos={comunicado.arquivos} nivel="h3" />
      {comunicado.exigeConfirmacao && (
        <Typography variant="body2" color="text.secondary">
          {translate('comunicados.escrita.exigeConfirmacaoAviso')}
        </Typography>
      )}
    </Box>
  );
}
