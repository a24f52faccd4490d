import { useNotify, useRedirect, type RaRecord } from 'react-admin';
import { useLocation } from 'react-router-dom';

/**
 * After a save on the page: the success toast and, on a /gruposUsuarios path, back to the list
 * (spec section 2); a failure's toast (its field errors go under the fields).
 */
export function useGrupoUsuariosMutationOptions() {
  const notify = useNotify();
  const redirect = useRedirect();
  const location = useLocation();
  return {
    onSuccess: (data: RaRecord) => {
      notify('gruposUsuarios.saved', { type: 'success', messageArgs: { nome: data.nome } });
      if (location.pathname.includes('/gruposUsuarios')) redirect('/gruposUsuarios');
    },
    onError: (error: unknown) => {
      notify(error instanceof Error && error.message ? error.message : 'gruposUsuarios.saveError', { type: 'error' });
    },
  };
}
