import { lazy } from 'react';

/** Recipient user groups: /gruposUsuarios, /gruposUsuarios/novo, /gruposUsuarios/{id}. */
export default {
  list: lazy(() => import('./GrupoUsuariosList')),
  create: lazy(() => import('./GrupoUsuariosCreate')),
  edit: lazy(() => import('./GrupoUsuariosEdit')),
  recordRepresentation: 'nome',
};
