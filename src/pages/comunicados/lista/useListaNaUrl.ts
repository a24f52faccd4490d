import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FILTRO_VAZIO, type FiltroComunicados } from './tipos';

/** Rows per page of the tabs' lists (the first is the default). */
export const PAGE_SIZES = [25, 50, 100] as const;

export interface EstadoLista {
  /** 0-based (the address says `pagina=` from 1). */
  page: number;
  rowsPerPage: number;
  filtro: FiltroComunicados;
  naoLidos: boolean;
  favoritos: boolean;
  /** The Sent tab: the announcements its author archived too. */
  arquivados: boolean;
}

/** The address's parameter of each filter field. */
const PARAMETRO: Record<keyof FiltroComunicados, string> = {
  busca: 'busca',
  etiqueta: 'etiqueta',
  departamentoId: 'departamento',
  desde: 'desde',
  ate: 'ate',
};
const CAMPOS = Object.keys(PARAMETRO) as (keyof FiltroComunicados)[];

/**
 * A tab's page, page size, search and quick filters in the address (`?aba=ENTRADA&pagina=2&busca=...`),
 * beside the tab: opening an announcement and coming back (the browser's Back, or the reader's
 * back link, which returns to the address it came from) finds the list as it was left. Changes
 * replace the address (no history entry per keystroke or page).
 */
export function useListaNaUrl(): [EstadoLista, (mudanca: Partial<EstadoLista>) => void] {
  const [params, setParams] = useSearchParams();
  const estado = ler(params);
  // Two changes in one event (the page size, then its first page) build on each other, not on the
  // address of the last render; after the next render the address has caught up.
  const pendente = useRef<EstadoLista | null>(null);
  useEffect(() => {
    pendente.current = null;
  });
  const mudar = (mudanca: Partial<EstadoLista>) => {
    const novo = { ...(pendente.current ?? estado), ...mudanca };
    pendente.current = novo;
    setParams(escrever(novo, params.get('aba')), { replace: true });
  };
  return [estado, mudar];
}

function ler(params: URLSearchParams): EstadoLista {
  const numero = (nome: string) => Number.parseInt(params.get(nome) ?? '', 10);
  const pagina = numero('pagina');
  const por = numero('por');
  const filtro = { ...FILTRO_VAZIO };
  for (const campo of CAMPOS) filtro[campo] = params.get(PARAMETRO[campo]) ?? '';
  return {
    page: pagina > 0 ? pagina - 1 : 0,
    rowsPerPage: (PAGE_SIZES as readonly number[]).includes(por) ? por : PAGE_SIZES[0],
    filtro,
    naoLidos: params.get('naoLidos') === '1',
    favoritos: params.get('favoritos') === '1',
    arquivados: params.get('arquivados') === '1',
  };
}

function escrever(estado: EstadoLista, aba: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (aba) params.set('aba', aba);
  for (const campo of CAMPOS) if (estado.filtro[campo]) params.set(PARAMETRO[campo], estado.filtro[campo]);
  if (estado.naoLidos) params.set('naoLidos', '1');
  if (estado.favoritos) params.set('favoritos', '1');
  if (estado.arquivados) params.set('arquivados', '1');
  if (estado.page > 0) params.set('pagina', String(estado.page + 1));
  if (estado.rowsPerPage !== PAGE_SIZES[0]) params.set('por', String(estado.rowsPerPage));
  return params;
}
