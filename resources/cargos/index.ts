import { lazy } from 'react';

/** Positions (cargos): /cargos, /cargos/novo, /cargos/{id}. */
export default {
  list: lazy(() => import('./CargoList')),
  create: lazy(() => import('./CargoCreate')),
  edit: lazy(() => import('./CargoEdit')),
  recordRepresentation: 'nome',
};
