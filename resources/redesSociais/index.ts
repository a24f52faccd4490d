import ShareIcon from '@mui/icons-material/Share';
import { lazy } from 'react';

/** The brands' social networks (redesSociais): /redesSociais, /redesSociais/novo, /redesSociais/{id}. */
export default {
  list: lazy(() => import('./RedeSocialList')),
  create: lazy(() => import('./RedeSocialCreate')),
  edit: lazy(() => import('./RedeSocialEdit')),
  icon: ShareIcon,
  recordRepresentation: 'nome',
};
