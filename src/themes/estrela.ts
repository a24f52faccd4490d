import { createPortalTheme, INK } from './createPortalTheme';

/** Estrela: star gold on night navy; the bar is navy, as gold would glare across the whole width. */
export const estrela = createPortalTheme({
  id: 'estrela',
  clientName: 'Estrela',
  primary: { main: '#f2b705', contrastText: INK },
  secondary: { main: '#1a237e' },
  background: '#f7f7f4',
  font: 'geometric',
  borderRadius: 10,
  appBar: 'secondary',
});
