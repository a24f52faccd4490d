import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  BIBLIOTECA_ITENS_POR_PAGINA_PADRAO,
  BIBLIOTECA_RECENTES,
  PASTA_RAIZ_ID,
  isRaiz,
} from '../../../domain/biblioteca';
import { useOperations } from '../../components/useOperations';
import { BIBLIOTECA_KEY, type ItemBiblioteca, type Pagina, type PastaEscrita } from './tipos';

/** The reads of the library's screens (domain/operations.ts's `biblioteca` group). */

/** A folder's detail: its name, path and the caller's permission (none at the root). */
export function usePasta(idPasta: string | undefined) {
  const { query } = useOperations('biblioteca');
  return useQuery({
    queryKey: [...BIBLIOTECA_KEY, 'pasta', idPasta],
    queryFn: ({ signal }) => query<ItemBiblioteca>('pasta', { idPasta }, { signal }),
    enabled: !isRaiz(idPasta),
    retry: false,
  });
}

/** A folder's items, a page at a time (folders first); always read from the network. */
export function useItens(idPasta: string | undefined, page: number) {
  const { query } = useOperations('biblioteca');
  const filterInput = { page, rowsPerPage: BIBLIOTECA_ITENS_POR_PAGINA_PADRAO };
  return useQuery({
    queryKey: [...BIBLIOTECA_KEY, 'itens', idPasta ?? String(PASTA_RAIZ_ID), filterInput],
    queryFn: ({ signal }) =>
      query<Pagina<ItemBiblioteca>>('itens', { idPasta: idPasta ?? null, filterInput }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

/** The recent-files block of the root (3 at most). */
export function useRecentes(enabled: boolean) {
  const { query } = useOperations('biblioteca');
  return useQuery({
    queryKey: [...BIBLIOTECA_KEY, 'recentes'],
    queryFn: ({ signal }) =>
      query<ItemBiblioteca[]>('ultimosModificados', { quantidade: BIBLIOTECA_RECENTES }, { signal }),
    enabled,
    retry: false,
  });
}

/** The "see all" of the latest modified files, paged. */
export function useUltimosModificados(page: number, rowsPerPage: number) {
  const { query } = useOperations('biblioteca');
  const filterInput = { page, rowsPerPage };
  return useQuery({
    queryKey: [...BIBLIOTECA_KEY, 'ultimosModificados', filterInput],
    queryFn: ({ signal }) => query<Pagina<ItemBiblioteca>>('ultimosModificadosExtendido', { filterInput }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The search within a folder's tree (the whole library at the root), paged. */
export function useBusca(busca: string, idPasta: string | undefined, page: number, rowsPerPage: number) {
  const { query } = useOperations('biblioteca');
  const filterInput = { busca, page, rowsPerPage, ...(isRaiz(idPasta) ? {} : { idPasta }) };
  return useQuery({
    queryKey: [...BIBLIOTECA_KEY, 'busca', filterInput],
    queryFn: ({ signal }) => query<Pagina<ItemBiblioteca>>('busca', { filterInput }, { signal }),
    enabled: busca.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The folders the caller may write into (move and upload destinations, new-folder parents). */
export function usePastasEscrita(enabled: boolean) {
  const { query } = useOperations('biblioteca');
  return useQuery({
    queryKey: [...BIBLIOTECA_KEY, 'pastasComPermissaoEscrita'],
    queryFn: ({ signal }) => query<PastaEscrita[]>('pastasComPermissaoEscrita', {}, { signal }),
    enabled,
    retry: false,
  });
}
