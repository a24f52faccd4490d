import { lazy } from 'react';

/** Users: /usuarios, /usuarios/novo (two-step wizard), /usuarios/{id}. */
export default {
  list: lazy(() => import('./UsuarioList')),
  create: lazy(() => import('./UsuarioCreate')),
  edit: lazy(() => import('./UsuarioEdit')),
  recordRepresentation: 'nome',
};
