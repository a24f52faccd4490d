import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Popper, { type PopperProps } from '@mui/material/Popper';
import Portal from '@mui/material/Portal';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { tituloDaPagina } from '../useFocoAoSair';
import { isEditable } from './busy';

export interface TourStep {
  /** CSS selector of the element the step points at (e.g. `[data-tour="menu-button"]`). */
  target: string;
  title: string;
  content: ReactNode;
}

export interface TourProps {
  steps: readonly TourStep[];
  open: boolean;
  /** Closed before the end (close button or Esc). */
  onClose: () => void;
  /** The finish button of the last step. The caller closes the tour (sets `open` to false). */
  onFinish: () => void;
}

const SPOTLIGHT_PADDING = 4;

/** A virtual anchor in the middle of the viewport, for a step whose element is not on the page. */
const centreAnchor: PopperProps['anchorEl'] = {
  getBoundingClientRect: () => new DOMRect(window.innerWidth / 2, window.innerHeight / 3, 0, 0),
};

/** Whether `target` lies in a dialog other than the tour's own popover. */
const emOutroDialogo = (target: EventTarget | null, tour: HTMLElement | null) =>
  target instanceof Element && target.closest('[role="dialog"]') !== null && !tour?.contains(target);

/**
 * A guided tour: dims the page around each step's element and shows a popover with the step
 * counter and previous / next / finish buttons. Esc closes; ArrowRight and ArrowLeft move forward
 * and back (the other way round in right-to-left pages); the step stays within the first and last.
 * It lies above the page, its bars and menus, and under dialogs (z-index one below MUI's modal): a
 * dialog the user opens while it shows comes on top, with its keys (MUI's Escape stops there).
 */
export function Tour({ steps, open, onClose, onFinish }: TourProps) {
  const translate = useTranslate();
  const theme = useTheme();
  const titleId = useId();
  const contentId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [wasOpen, setWasOpen] = useState(open);
  const [target, setTarget] = useState<Element | null>(null);
  const [rect, setRect] = useState<DOMRect | null>(null);
  const [returnFocus, setReturnFocus] = useState<Element | null>(() => (open ? document.activeElement : null));

  // Every opening starts at the first step, and remembers where the focus was.
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) {
      setIndex(0);
      setReturnFocus(document.activeElement);
    }
  }

  const last = steps.length - 1;
  const current = Math.min(Math.max(index, 0), Math.max(last, 0));
  const step = steps[current] as TourStep | undefined;
  const selector = step?.target;

  useLayoutEffect(() => {
    if (!open || !selector) return;
    const element = document.querySelector(selector);
    setTarget(element);
    element?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    const measure = () => setRect(element ? element.getBoundingClientRect() : null);
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [open, selector]);

  // The popover takes the focus (so Esc and the arrows reach it and screen readers read the step),
  // and gives it back when the tour closes.
  const focusDialog = useCallback((node: HTMLDivElement | null) => {
    dialogRef.current = node;
    node?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    if (!open) return;
    return () => {
      // Opened by itself (the first visit's tour), it took the focus from the page's body: it gives
      // it to the page's title, not back to the body and the keyboard user to the page's top.
      const voltar =
        returnFocus instanceof HTMLElement && returnFocus !== document.body && returnFocus.isConnected
          ? returnFocus
          : tituloDaPagina();
      voltar?.focus({ preventScroll: true });
    };
  }, [open, returnFocus]);
  useEffect(() => {
    if (open) dialogRef.current?.focus({ preventScroll: true });
  }, [open, current]);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onClose();
        return;
      }
      if ((event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') || isEditable(event.target)) return;
      // A dialog opened over the tour keeps its own arrow keys (a radio group's, a list's).
      if (emOutroDialogo(event.target, dialogRef.current)) return;
      const rtl = document.dir === 'rtl' || document.documentElement.dir === 'rtl' || theme.direction === 'rtl';
      const forward = (event.key === 'ArrowRight') !== rtl;
      event.preventDefault();
      setIndex((value) => Math.min(Math.max(value + (forward ? 1 : -1), 0), Math.max(last, 0)));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, last, onClose, theme.direction]);

  if (!open || !step) return null;

  const spotlight = rect
    ? {
        top: rect.top - SPOTLIGHT_PADDING,
        left: rect.left - SPOTLIGHT_PADDING,
        width: rect.width + 2 * SPOTLIGHT_PADDING,
        height: rect.height + 2 * SPOTLIGHT_PADDING,
        boxShadow: '0 0 0 9999px rgba(0, 0, 0, 0.5)',
      }
    : { inset: 0, bgcolor: 'rgba(0, 0, 0, 0.5)' };

  return (
    <>
      <Portal>
        <Box
          data-testid="tour-spotlight"
          aria-hidden
          sx={{
            position: 'fixed',
            borderRadius: 1,
            pointerEvents: 'none',
            zIndex: theme.zIndex.modal - 1,
            transition: 'all 150ms ease-out',
            ...spotlight,
          }}
        />
      </Portal>
      <Popper
        open
        anchorEl={target ?? centreAnchor}
        placement="bottom"
        sx={{ zIndex: theme.zIndex.modal - 1 }}
        modifiers={[
          { name: 'offset', options: { offset: [0, 12] } },
          { name: 'preventOverflow', options: { padding: 8 } },
        ]}
      >
        <Paper
          ref={focusDialog}
          role="dialog"
          aria-modal="false"
          aria-roledescription={translate('shell.tour.label')}
          aria-labelledby={titleId}
          aria-describedby={contentId}
          tabIndex={-1}
          elevation={8}
          sx={{ p: 2, width: 'min(360px, calc(100vw - 16px))', outline: 'none' }}
        >
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Typography id={titleId} variant="subtitle1" component="h2" fontWeight="bold" sx={{ flex: 1 }}>
              {step.title}
            </Typography>
            <IconButton size="small" aria-label={translate('shell.tour.close')} onClick={onClose} sx={{ mt: -0.5 }}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
          <Box id={contentId} sx={{ my: 1 }}>
            {typeof step.content === 'string' ? <Typography variant="body2">{step.content}</Typography> : step.content}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
            <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
              {translate('shell.tour.stepOf', { current: current + 1, total: steps.length })}
            </Typography>
            <Button size="small" disabled={current === 0} onClick={() => setIndex(current - 1)}>
              {translate('shell.tour.previous')}
            </Button>
            {current < last ? (
              <Button size="small" variant="contained" onClick={() => setIndex(current + 1)}>
                {translate('shell.tour.next')}
              </Button>
            ) : (
              <Button size="small" variant="contained" onClick={onFinish}>
                {translate('shell.tour.finish')}
              </Button>
            )}
          </Box>
        </Paper>
      </Popper>
    </>
  );
}
