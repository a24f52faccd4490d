import { lazy } from 'react';

/**
 * Report definitions (issue #31), the provider's staff's: /relatorios (also the super-admin page's
 * Reports tab), /relatorios/novo, /relatorios/{id}. Readers open them at /relatorio/{slug}.
 */
export default {
  list: lazy(() => import('./RelatorioList')),
  create: lazy(() => import('./RelatorioCreate')),
  edit: lazy(() => import('./RelatorioEdit')),
  recordRepresentation: 'slug',
};
