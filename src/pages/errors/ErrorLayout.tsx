import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The frame of the error pages: an icon, a heading, text and actions, centred. */
export function ErrorLayout({
  icon,
  title,
  children,
  actions,
  fullPage,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** Outside the layout (no app bar): fill the viewport. */
  fullPage?: boolean;
}) {
  return (
    <Box
      component="section"
      sx={{
        minHeight: fullPage ? '100vh' : '60vh',
        display: 'grid',
        placeContent: 'center',
        justifyItems: 'center',
        textAlign: 'center',
        gap: 2,
        p: 3,
        maxWidth: 720,
        mx: 'auto',
      }}
    >
      {icon}
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {children}
      {actions ? (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'center' }}>{actions}</Box>
      ) : null}
    </Box>
  );
}
