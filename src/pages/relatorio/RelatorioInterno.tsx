import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { LoadError } from '../../components/LoadError';
import { useOperations } from '../../components/useOperations';
import { FiltrosRelatorio, useFiltroRelatorio } from './FiltrosRelatorio';

/**
 * The API's own reason for a refused load (its message, in the user's language: a filter it
 * refuses, a period too long), else none: a failure that is not the API's answer (a gateway's page,
 * the network) says the report's own "could not load" instead.
 */
const motivo = (error: unknown) => {
  const { message, body } = (error ?? {}) as { message?: string; body?: { code?: string } };
  return body?.code ? message : undefined;
};

/**
 * What every built-in report shares (issue #31): its filters and export, its figures read with the
 * applied filters (`relatorios.<consulta>`, the previous figures kept while new ones load), the
 * loading bar, the load error with a retry, and the empty state (`relatorios.<consulta>.vazio`).
 * `children` draws the figures.
 */
export function RelatorioInterno<T>({
  slug,
  consulta,
  exportacao,
  vazio,
  children,
}: {
  slug: string;
  consulta: 'alcance' | 'usuarios' | 'biblioteca' | 'importacoes';
  /** GET /api/exportar/{exportacao}. */
  exportacao: string;
  vazio: (dados: T) => boolean;
  children: (dados: T) => ReactNode;
}) {
  const translate = useTranslate();
  const { query } = useOperations('relatorios');
  const estado = useFiltroRelatorio(slug);
  const { filtro } = estado;
  const figuras = useQuery({
    queryKey: ['relatorios', consulta, filtro],
    queryFn: ({ signal }) => query<T>(consulta, filtro, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const dados = figuras.data;
  return (
    <>
      <FiltrosRelatorio estado={estado} exportacao={exportacao} />
      {figuras.isFetching && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {figuras.isError && !figuras.isFetching && (
        <LoadError
          message={motivo(figuras.error) ?? `relatorios.${consulta}.loadError`}
          retrying={figuras.isFetching}
          onRetry={() => figuras.refetch()}
        />
      )}
      {dados !== undefined &&
        (vazio(dados) ? (
          <Typography color="text.secondary">{translate(`relatorios.${consulta}.vazio`)}</Typography>
        ) : (
          children(dados)
        ))}
    </>
  );
}
