import { lazy } from 'react';

/** Brands (marcas): /marcas, /marcas/novo, /marcas/{id}; activated and inactivated, never removed. */
export default {
  list: lazy(() => import('./MarcaList')),
  create: lazy(() => import('./MarcaCreate')),
  edit: lazy(() => import('./MarcaEdit')),
  recordRepresentation: 'nome',
};
