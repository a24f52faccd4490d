import Box, { type BoxProps } from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useRolaDeLado } from './useRolaDeLado';

/**
 * A box that scrolls sideways what is wider than the page (a table on a phone) instead of
 * widening the page or hiding columns. While it scrolls, it takes the keyboard's focus and the name
 * `rotulo`, so arrow keys scroll it (WCAG 2.1.1; axe's scrollable-region-focusable).
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
      sx={[{ overflowX: 'auto', minWidth: 0 }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...(rola ? { tabIndex: 0, role: 'region', 'aria-label': rotulo } : {})}
    >
      {children}
    </Box>
  );
}
