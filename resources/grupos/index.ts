import { lazy } from 'react';

/** Dealer groups (economic groups): /grupos, /grupos/novo, /grupos/{id}. */
export default {
  list: lazy(() => import('./GrupoList')),
  create: lazy(() => import('./GrupoCreate')),
  edit: lazy(() => import('./GrupoEdit')),
  recordRepresentation: 'nome',
};
