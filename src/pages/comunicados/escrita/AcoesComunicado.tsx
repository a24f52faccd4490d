import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { rejeitarSchema, type AcaoComunicado } from '../../../../domain/comunicados';
import { ConfirmAction } from '../../../components/ConfirmAction';
import { tituloDaPagina, useFocoAoSair } from '../../../components/useFocoAoSair';
import { useOperations } from '../../../components/useOperations';
import { comConflito, errataPath, previaPath, versaoDe, type Comunicado } from './comunicado';

/** The actions that need no form: those `acoes` (acoesPermitidas) names for the announcement as read. */
const SEM_FORMULARIO = [
  'aprovar',
  'rejeitar',
  'retirarDaAprovacao',
  'cancelarAgendamento',
  'errata',
  'dashboard',
  'visualizarEnvio',
  'excluir',
] as const satisfies readonly AcaoComunicado[];
type AcaoSemFormulario = (typeof SEM_FORMULARIO)[number];

const CONFIRMADAS: Partial<Record<AcaoSemFormulario, true>> = {
  aprovar: true,
  retirarDaAprovacao: true,
  cancelarAgendamento: true,
  excluir: true,
};

/**
 * The buttons of the actions on a saved announcement that are not the form's own (save, submit,
 * send): approve, reject with a reason, withdraw from approval, cancel the schedule, delete, write
 * an erratum, open the dashboard, see the send preview. Each is shown only when the API's `acoes` names it.
 */
export function AcoesComunicado({
  comunicado,
  onChanged,
  onConflict,
}: {
  comunicado: Comunicado;
  /** The announcement as the action answered it (null: deleted). */
  onChanged: (comunicado: Comunicado | null) => void;
  onConflict: () => void;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { mutate } = useOperations('comunicados');
  const [confirmando, setConfirmando] = useState<AcaoSemFormulario | null>(null);
  const [rejeitando, setRejeitando] = useState(false);
  const acoes = new Set(comunicado.acoes);
  const versao = versaoDe(comunicado);

  const executar = (acao: AcaoSemFormulario) =>
    comConflito(onConflict, async () => {
      if (acao === 'excluir') {
        await mutate('excluir', versao);
        onChanged(null);
        return;
      }
      onChanged(await mutate<Comunicado>(acao as 'aprovar' | 'retirarDaAprovacao' | 'cancelarAgendamento', versao));
    });

  const visiveis = SEM_FORMULARIO.filter((a) => acoes.has(a));
  if (visiveis.length === 0) return null;
  return (
    <>
      {visiveis.map((acao) => (
        <BotaoAcao
          key={acao}
          variant={acao === 'aprovar' ? 'contained' : 'outlined'}
          color={acao === 'rejeitar' || acao === 'excluir' ? 'error' : 'primary'}
          onClick={() => {
            if (acao === 'errata') navigate(errataPath(comunicado.id));
            else if (acao === 'dashboard') navigate(`/comunicados/dashboard/${comunicado.id}`);
            else if (acao === 'visualizarEnvio') navigate(previaPath(comunicado.id));
            else if (acao === 'rejeitar') setRejeitando(true);
            else if (CONFIRMADAS[acao]) setConfirmando(acao);
          }}
        >
          {translate(`comunicados.escrita.acoes.${acao}`)}
        </BotaoAcao>
      ))}
      {confirmando && (
        <ConfirmAction
          open
          onClose={() => setConfirmando(null)}
          title={translate(`comunicados.escrita.confirmar.${confirmando}`, { titulo: comunicado.titulo })}
          // Approving sends it (or schedules it): said before, as a send is.
          content={confirmando === 'aprovar' ? translate('comunicados.escrita.confirmar.conteudo.aprovar') : undefined}
          confirmLabel={translate(`comunicados.escrita.acoes.${confirmando}`)}
          successMessage={`comunicados.escrita.sucesso.${confirmando}`}
          action={() => executar(confirmando)}
        />
      )}
      {rejeitando && (
        <RejeitarDialog
          comunicado={comunicado}
          onClose={() => setRejeitando(false)}
          onRejected={(c) => {
            setRejeitando(false);
            onChanged(c);
          }}
          onConflict={() => {
            setRejeitando(false);
            onConflict();
          }}
        />
      )}
    </>
  );
}

/**
 * An action's button. Approving, sending or withdrawing takes the button away with the state it
 * belonged to (once the announcement is read again, after its dialog gave the focus back to it):
 * the focus then goes to the page's title, not the page's body.
 */
function BotaoAcao(props: ButtonProps) {
  const ref = useFocoAoSair<HTMLButtonElement>(tituloDaPagina);
  return <Button {...props} ref={ref} />;
}

/** Rejects with a reason (required: the author reads it). */
function RejeitarDialog({
  comunicado,
  onClose,
  onRejected,
  onConflict,
}: {
  comunicado: Comunicado;
  onClose: () => void;
  onRejected: (c: Comunicado) => void;
  onConflict: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { mutate } = useOperations('comunicados');
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function rejeitar() {
    const checked = rejeitarSchema.safeParse({ id: comunicado.id, version: comunicado.version, motivo });
    if (!checked.success) {
      const issue = checked.error.issues.find((i) => i.path[0] === 'motivo') ?? checked.error.issues[0]!;
      setErro(translate(issue.message, { max: 2000 }));
      return;
    }
    setBusy(true);
    try {
      // The ids as read (the schema coerces them to numbers for the server).
      const c = await comConflito(onConflict, () =>
        mutate<Comunicado>('rejeitar', { ...versaoDe(comunicado), motivo: checked.data.motivo }),
      );
      notify('comunicados.escrita.sucesso.rejeitar', { type: 'success' });
      onRejected(c);
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'errors.couldNotPerform', { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="rejeitar-titulo">
      <DialogTitle id="rejeitar-titulo">{translate('comunicados.escrita.rejeitar.titulo')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          multiline
          minRows={3}
          fullWidth
          margin="dense"
          label={translate('comunicados.escrita.fields.motivoRejeicao')}
          value={motivo}
          onChange={(e) => {
            setMotivo(e.target.value);
            setErro(null);
          }}
          error={Boolean(erro)}
          helperText={erro ?? translate('comunicados.escrita.rejeitar.ajuda')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={() => void rejeitar()}>
          {translate('comunicados.escrita.acoes.rejeitar')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
