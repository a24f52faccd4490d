import { lazy } from 'react';

/** Adverts of the home page: /anuncios, /anuncios/novo, /anuncios/editar/{id} (issue #30). */
export default {
  list: lazy(() => import('./AnuncioList')),
  create: lazy(() => import('./AnuncioCreate')),
  edit: lazy(() => import('./AnuncioEdit')),
  recordRepresentation: 'titulo',
};
