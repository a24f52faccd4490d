import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate } from '../../../components/format';
import type { Comunicado } from './comunicado';

/**
 * Where the announcement stands: rejected (and why), who holds the approval, when it goes out or
 * went out. On its form and on its send preview (where the approver decides: then it says sent).
 */
export function SituacaoComunicado({ comunicado: c }: { comunicado: Comunicado }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const quando = (iso: string | null) => formatDate(iso, locale, { dateStyle: 'short', timeStyle: 'short' });
  const nomes = (pessoas: { nome: string }[]) => pessoas.map((p) => p.nome).join(', ');
  switch (c.status.id) {
    case 'REJEITADO':
      return (
        <Alert severity="error">
          <AlertTitle>
            {translate('comunicados.escrita.situacao.rejeitado', {
              nome: c.decididoPor?.nome ?? c.usuarioAprovador?.nome ?? '',
            })}
          </AlertTitle>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{c.motivoRejeicao}</Typography>
        </Alert>
      );
    case 'EM_APROVACAO':
      return (
        <Alert severity="info">
          {translate('comunicados.escrita.situacao.emAprovacao', {
            nome: nomes(
              c.detentoresAprovacao.length ? c.detentoresAprovacao : c.usuarioAprovador ? [c.usuarioAprovador] : [],
            ),
          })}
        </Alert>
      );
    case 'AGENDADO':
      return (
        <Alert severity="info">
          {translate('comunicados.escrita.situacao.agendado', { data: quando(c.dataHoraAgendamento) })}
        </Alert>
      );
    case 'ENVIADO':
      return (
        <Alert severity="success">
          {translate('comunicados.escrita.situacao.enviado', {
            data: quando(c.envioDateTime),
            smart_count: c.destinatarios ?? 0,
          })}
        </Alert>
      );
    default:
      return null;
  }
}
