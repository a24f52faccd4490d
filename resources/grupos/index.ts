import GroupsIcon from '@mui/icons-material/Groups';
import { lazy } from 'react';

/** Dealer groups (economic groups): /grupos, /grupos/novo, /grupos/{id}. */
export default {
  list: lazy(() => import('./GrupoList')),
  create: lazy(() => import('./GrupoCreate')),
  edit: lazy(() => import('./GrupoEdit')),
  icon: GroupsIcon,
  recordRepresentation: 'nome',
};
