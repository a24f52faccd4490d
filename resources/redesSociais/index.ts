import { lazy } from 'react';

/** The brands' social networks (redesSociais): /redesSociais, /redesSociais/novo, /redesSociais/{id}. */
export default {
  list: lazy(() => import('./RedeSocialList')),
  create: lazy(() => import('./RedeSocialCreate')),
  edit: lazy(() => import('./RedeSocialEdit')),
  recordRepresentation: 'nome',
};
