import { lazy } from 'react';

/** Divisions (divisoes), each holding sectors: /divisoes, /divisoes/novo, /divisoes/{id}. */
export default {
  list: lazy(() => import('./DivisaoList')),
  create: lazy(() => import('./DivisaoCreate')),
  edit: lazy(() => import('./DivisaoEdit')),
  recordRepresentation: 'nome',
};
