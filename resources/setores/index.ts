import { lazy } from 'react';

/** Sectors (setores), each in a division: /setores, /setores/novo, /setores/{id}. */
export default {
  list: lazy(() => import('./SetorList')),
  create: lazy(() => import('./SetorCreate')),
  edit: lazy(() => import('./SetorEdit')),
  recordRepresentation: 'nome',
};
