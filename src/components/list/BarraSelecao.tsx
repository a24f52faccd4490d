import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode, type RefObject } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { BusyButton } from '../form/BusyButton';
import { formatCount } from '../format';
import { useFocoAoSair } from '../useFocoAoSair';

export interface AcaoSelecao {
  id: string;
  /** i18n key. */
  label: string;
  icon: ReactNode;
  visivel: boolean;
  /**
   * Shown but not applicable to this selection (e.g. lacking permission on one of the items); an
   * i18n key says why: the button then keeps the keyboard's focus, its tooltip and description say it.
   */
  desabilitado?: boolean | string | null;
  run: () => void;
}

/**
 * One action of the bar. It may go while the bar stays (an action that no longer applies once
 * the rows changed, e.g. "mark read" once they are read): the focus then goes where the bar's
 * would, not to the page's body.
 */
function BotaoAcao({
  acao,
  ocupado,
  focoAoSair,
}: {
  acao: AcaoSelecao;
  ocupado: boolean;
  focoAoSair: RefObject<HTMLElement | null>;
}) {
  const translate = useTranslate();
  const ref = useFocoAoSair<HTMLButtonElement>(() => focoAoSair.current);
  const idMotivo = useId();
  if (typeof acao.desabilitado === 'string') {
    const motivo = translate(acao.desabilitado);
    return (
      <Tooltip title={motivo} describeChild>
        {/* The disabled look takes the button's pointer events: the tooltip hovers on this box. */}
        <span>
          <BusyButton ref={ref} size="small" startIcon={acao.icon} busy aria-describedby={idMotivo}>
            {translate(acao.label)}
          </BusyButton>
          <span id={idMotivo} hidden>
            {motivo}
          </span>
        </span>
      </Tooltip>
    );
  }
  return (
    <BusyButton
      ref={ref}
      size="small"
      startIcon={acao.icon}
      busy={ocupado}
      disabled={Boolean(acao.desabilitado)}
      onClick={acao.run}
    >
      {translate(acao.label)}
    </BusyButton>
  );
}

/**
 * The bar shown while rows of a page's own list are selected: how many, the actions that apply to
 * them, and clear. It goes when the selection empties (cleared, or its action done): if the
 * keyboard's focus was in it, the focus goes to `focoAoSair` (the list, the page's title), not to
 * the page's body. A running action's button keeps the focus (BusyButton).
 */
export function BarraSelecao({
  quantidade,
  acoes,
  ocupado,
  onLimpar,
  onSelecionarTodas,
  focoAoSair,
}: {
  quantidade: number;
  acoes: AcaoSelecao[];
  ocupado: boolean;
  onLimpar: () => void;
  onSelecionarTodas?: () => void;
  focoAoSair: RefObject<HTMLElement | null>;
}) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const barra = useFocoAoSair<HTMLDivElement>(() => focoAoSair.current);
  return (
    <Paper
      ref={barra}
      role="toolbar"
      aria-label={translate('lista.selecao.barra')}
      variant="outlined"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.5,
        bgcolor: 'action.selected',
      }}
    >
      <IconButton size="small" aria-label={translate('lista.selecao.limpar')} onClick={onLimpar}>
        <CloseIcon fontSize="small" />
      </IconButton>
      <Typography variant="body2" role="status" sx={{ mr: 1 }}>
        {formatCount(translate, 'lista.selecao.selecionados', quantidade, locale)}
      </Typography>
      {onSelecionarTodas && (
        <Button size="small" onClick={onSelecionarTodas}>
          {translate('lista.selecao.selecionarPagina')}
        </Button>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {acoes
          .filter((a) => a.visivel)
          .map((a) => (
            <BotaoAcao key={a.id} acao={a} ocupado={ocupado} focoAoSair={focoAoSair} />
          ))}
      </Box>
    </Paper>
  );
}
