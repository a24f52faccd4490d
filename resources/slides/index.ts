import { lazy } from 'react';

/** Slides of the home carousel: /slides, /slides/novo, /slides/editar/{id} (issue #30). */
export default {
  list: lazy(() => import('./SlideList')),
  create: lazy(() => import('./SlideCreate')),
  edit: lazy(() => import('./SlideEdit')),
  recordRepresentation: 'titulo',
};
