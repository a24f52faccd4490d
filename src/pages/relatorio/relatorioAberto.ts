import { useQuery } from '@tanstack/react-query';
import { useOperations } from '../../components/useOperations';

export interface OpcaoFiltro {
  id: string;
  nome: string;
}

export interface RelatorioAberto {
  slug: string;
  titulo: string;
  tipo: 'EMBUTIDO' | 'INTERNO';
  url: string | null;
  interno: string | null;
  /** A built-in report's filter choices in the caller's scope (brands, dealer groups). */
  opcoes: { marcas: OpcaoFiltro[]; grupos: (OpcaoFiltro & { marcaIds: string[] })[] } | null;
}

/** The report /relatorio/{slug} opens (read once: the page and its filters share it). */
export function useRelatorioAberto(slug: string) {
  const { query } = useOperations('relatorios');
  return useQuery({
    queryKey: ['relatorios', 'aberto', slug],
    queryFn: ({ signal }) => query<RelatorioAberto>('aberto', { slug }, { signal }),
    retry: false,
  });
}
