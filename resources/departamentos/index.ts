import { lazy } from 'react';

/** Departments: /departamentos, /departamentos/novo, /departamentos/{id}. */
export default {
  list: lazy(() => import('./DepartamentoList')),
  create: lazy(() => import('./DepartamentoCreate')),
  edit: lazy(() => import('./DepartamentoEdit')),
  recordRepresentation: 'nome',
};
