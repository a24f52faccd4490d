import Box, { type BoxProps } from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useRolaDeLado } from './useRolaDeLado';

/**
 * The sign that there is more beside: a shadow on the side the content continues, which the box's
 * own background covers as its end scrolls into view (backgrounds attached `local` to the content
 * over `scroll` shadows fixed to the box).
 */
const SOMBRAS = (theme: Theme) => {
  const fundo = theme.palette.background.paper;
  const sombra = alpha(theme.palette.text.primary, 0.2);
  return {
    background: `linear-gradient(to right, ${fundo} 30%, transparent) left / 2.5rem 100% no-repeat local,
      linear-gradient(to left, ${fundo} 30%, transparent) right / 2.5rem 100% no-repeat local,
      radial-gradient(farthest-side at 0 50%, ${sombra}, transparent) left / 0.875rem 100% no-repeat scroll,
      radial-gradient(farthest-side at 100% 50%, ${sombra}, transparent) right / 0.875rem 100% no-repeat scroll`,
  };
};

/**
 * A box that scrolls sideways what is wider than the page (a table on a phone) instead of
 * widening the page or hiding columns. While it scrolls, it takes the keyboard's focus and the name
 * `rotulo`, so arrow keys scroll it (WCAG 2.1.1; axe's scrollable-region-focusable), and shows a
 * shadow on the side where more is.
 */
export function CaixaRolavel({
  rotulo,
  children,
  sx,
  ...props
}: { rotulo: string; children: ReactNode } & Omit<BoxProps, 'children' | 'ref'>) {
  const [ref, rola] = useRolaDeLado();
  return (
    <Box
      {...props}
      ref={ref}
      sx={[{ overflowX: 'auto', minWidth: 0 }, rola && SOMBRAS, ...(Array.isArray(sx) ? sx : [sx])]}
      {...(rola ? { tabIndex: 0, role: 'region', 'aria-label': rotulo } : {})}
    >
      {children}
    </Box>
  );
}
