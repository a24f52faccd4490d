import ScheduleSendIcon from '@mui/icons-material/ScheduleSend';
import SendIcon from '@mui/icons-material/Send';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate, formatNumber } from '../../../components/format';
import { ConfirmAction } from '../../../components/ConfirmAction';
import { tituloDaPagina, useFocoAoSair } from '../../../components/useFocoAoSair';
import { useOperations } from '../../../components/useOperations';
import { comConflito, versaoDe, type Comunicado } from './comunicado';

/**
 * The send of a saved draft from its preview, where its author checks it: "Send now" (or
 * "Schedule", for the date saved with it) for whoever may send, "Send for approval" to the approver
 * saved with it for the others (none saved: back to editing to choose one). Confirmed with how many
 * it reaches, when, or who approves; the server checks the send's rules again, and a refusal is
 * said in the dialog.
 */
export function EnviarDaPrevia({
  comunicado: c,
  destinatarios,
  onChanged,
  onConflict,
}: {
  comunicado: Comunicado;
  /** How many users the preview says it reaches. */
  destinatarios: number;
  onChanged: (comunicado: Comunicado) => void;
  onConflict: () => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { mutate } = useOperations('comunicados');
  const [confirmando, setConfirmando] = useState(false);
  // Done, the button goes (the dialog gave it the focus back): the page's title takes the focus.
  const foco = useFocoAoSair<HTMLButtonElement>(() => tituloDaPagina());
  const podeEnviar = c.acoes.includes('enviar');
  const aprovador = !podeEnviar && c.acoes.includes('enviarParaAprovacao') ? c.usuarioAprovador : null;
  if (!podeEnviar && !aprovador) return null;

  const acao = aprovador ? 'enviarParaAprovacao' : c.dataHoraAgendamento ? 'agendar' : 'enviar';
  const data = formatDate(c.dataHoraAgendamento, locale, { dateStyle: 'short', timeStyle: 'short' });
  const rotulo = translate(`comunicados.escrita.acoes.${acao}`);
  const enviar = () =>
    comConflito(onConflict, async () => {
      const feito = await mutate<Comunicado>(aprovador ? 'enviarParaAprovacao' : 'enviar', {
        ...versaoDe(c),
        dataHoraAgendamento: c.dataHoraAgendamento,
        ...(aprovador ? { aprovadorId: aprovador.id } : {}),
      });
      onChanged(feito);
    });
  return (
    <>
      <Button
        ref={foco}
        variant="contained"
        startIcon={acao === 'agendar' ? <ScheduleSendIcon /> : <SendIcon />}
        onClick={() => setConfirmando(true)}
      >
        {rotulo}
      </Button>
      <ConfirmAction
        open={confirmando}
        onClose={() => setConfirmando(false)}
        title={`comunicados.escrita.confirmar.${acao}`}
        content={`comunicados.escrita.confirmar.conteudo.${acao === 'enviar' ? 'salvarEEnviar' : acao}`}
        messageArgs={{
          titulo: c.titulo,
          smart_count: destinatarios,
          n: formatNumber(destinatarios, locale),
          data,
          nome: aprovador?.nome ?? '',
        }}
        confirmLabel={rotulo}
        successMessage={`comunicados.escrita.sucesso.${acao}`}
        action={enviar}
      />
    </>
  );
}
