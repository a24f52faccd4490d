import { useDeferredValue } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { QueryName } from '../../../providers/dataProvider';
import { useOperations } from '../../components/useOperations';

/** A recent delivery of the reader (comunicadoEnviosRecentes, as the home asks for it). */
export interface ComunicadoRecente {
  id: string;
  lido: boolean;
  comunicado: {
    id: string;
    titulo: string;
    envioDateTime: string | null;
    departamento: { id: string; sigla: string; nome: string } | null;
  };
}

/** A recent library item (ultimosModificados). */
export interface ArquivoRecente {
  id: string;
  nome: string;
  isPasta: boolean;
  ultimaModificacao: string | null;
  pastaPai: { id: string; nome: string } | null;
  tipoMime: string | null;
}

export interface RedeSocial {
  id: string;
  nome: string;
  url: string;
  /** `pack|name`, e.g. `fab|facebook`. */
  icone: string;
}

export const homeKey = (name: string, data: Record<string, unknown> = {}) => ['home', name, data] as const;

/**
 * One block's data. Every block asks in the same tick (they mount together once the signed-in
 * user is known), so the data provider sends them as one GraphQL document (`batch`); each block
 * still has its own loading, error and retry (a retry asks for that block alone).
 */
export function useHomeQuery<T>(
  name: QueryName<'home'>,
  data: Record<string, unknown> = {},
  enabled = true,
  options: { refetchOnWindowFocus?: boolean } = {},
) {
  const { query } = useOperations('home');
  const result = useQuery({
    queryKey: homeKey(name, data),
    queryFn: () => query<T>(name, data, { batch: true }),
    enabled,
    ...options,
  });
  // The blocks' answers arrive together (one document): rendered as a transition, in slices.
  return useDeferredValue(result);
}
