import { lazy } from 'react';

/** Dealers: /dealers, /dealers/novo (wizard), /dealers/{id}. */
export default {
  list: lazy(() => import('./DealerList')),
  create: lazy(() => import('./DealerCreate')),
  edit: lazy(() => import('./DealerEdit')),
  recordRepresentation: 'nomeExibicao',
};
