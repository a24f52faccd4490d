import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../format';
import { RichText } from '../RichText';
import { visuallyHidden } from '../visuallyHidden';
import { isPortalPath, type Notificacao } from './notificacoes';

import { relativeDate } from './relativeDate';

// Words for screen readers only, kept inside the title (its containing block): left at their place in
// the line, a long title put them past the screen's edge, and the page scrolled sideways.
const hidden = { ...visuallyHidden, left: 0, top: 0 } as const;

export interface NotificacaoItemProps {
  notificacao: Notificacao;
  /** The heading level of its title in the page or panel. */
  heading: 'h2' | 'h3';
  /** Its link was followed (a portal path in this tab, an address in a new one). */
  onFollow?: (notificacao: Notificacao) => void;
  /** Controls under it (/notificacoes: mark read). */
  action?: ReactNode;
  /** Says "read" or "unread" in words on screen (/notificacoes); otherwise only to screen readers. */
  showState?: boolean;
}

/** Its title: the link it carries, if any (a portal path through the router, an address in a new tab). */
function Title({ notificacao, onFollow }: Pick<NotificacaoItemProps, 'notificacao' | 'onFollow'>) {
  const translate = useTranslate();
  const { link, titulo } = notificacao;
  if (!link) return titulo;
  const follow = () => onFollow?.(notificacao);
  if (isPortalPath(link)) {
    return (
      <Link component={RouterLink} to={link} onClick={follow} color="inherit">
        {titulo}
      </Link>
    );
  }
  return (
    <Link href={link} target="_blank" rel="noopener noreferrer" onClick={follow} color="inherit">
      {titulo}
      <Box component="span" sx={hidden}>{` ${translate('shell.opensInNewTab')}`}</Box>
    </Link>
  );
}

/**
 * One notification: title (its link), sanitised text, product and how long ago. Unread ones carry
 * a dot and the words "not read" for screen readers.
 */
export function NotificacaoItem({ notificacao, heading, onFollow, action, showState = false }: NotificacaoItemProps) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const { texto, produto, data, lida } = notificacao;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', minWidth: 0 }}>
      <Box
        aria-hidden
        sx={{
          mt: 0.75,
          width: 8,
          height: 8,
          flexShrink: 0,
          borderRadius: '50%',
          bgcolor: lida ? 'transparent' : 'primary.main',
        }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          component={heading}
          variant="subtitle2"
          sx={{ position: 'relative', fontWeight: lida ? 500 : 700, overflowWrap: 'anywhere' }}
        >
          <Title notificacao={notificacao} onFollow={onFollow} />
          {!lida && !showState && <Box component="span" sx={hidden}>{` (${translate('notificacoes.naoLida')})`}</Box>}
        </Typography>
        <RichText html={texto} sx={{ typography: 'body2', color: 'text.secondary', my: 0.5 }} />
        <Typography variant="caption" color="text.secondary" component="p">
          {produto ? `${produto} · ` : ''}
          <time dateTime={data} title={formatDate(data, locale, { dateStyle: 'short', timeStyle: 'short' })}>
            {relativeDate(data, locale)}
          </time>
          {showState && ` · ${translate(lida ? 'notificacoes.lida' : 'notificacoes.naoLida')}`}
        </Typography>
        {action}
      </Box>
    </Box>
  );
}
