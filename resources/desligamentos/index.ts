import { lazy } from 'react';

/** Dismissal reasons (desligamentos): /desligamentos, /desligamentos/novo, /desligamentos/{id}. */
export default {
  list: lazy(() => import('./DesligamentoList')),
  create: lazy(() => import('./DesligamentoCreate')),
  edit: lazy(() => import('./DesligamentoEdit')),
  recordRepresentation: 'motivo',
};
