import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { UseQueryResult } from '@tanstack/react-query';
import { Component, useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { log } from '../../../providers/logger';
import { LoadError } from '../../components/LoadError';

/** A render error inside one block: that block says so, the rest of the page stays. */
class BlocoBoundary extends Component<{
  nome: string;
  fallback: (reset: () => void) => ReactNode;
  children: ReactNode;
}> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    log.error(`home block ${this.props.nome} failed to render`, error);
  }

  reset = () => this.setState({ failed: false });

  render() {
    return this.state.failed ? this.props.fallback(this.reset) : this.props.children;
  }
}

/** Draws inside the boundary (a throw while drawing the data is caught by it, not by the page). */
function Desenho({ desenhar }: { desenhar: () => ReactNode }) {
  return desenhar();
}

export interface BlocoHomeProps<T> {
  /** The block's name (home.blocos.<nome>.titulo / .vazio in the catalogs, data-bloco in the page). */
  nome: string;
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'isError' | 'isFetching' | 'refetch'>;
  /** Whether the data is empty (the block then shows its empty text, or `vazio`). */
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
  /** What shows while loading, sized as the content will be (no layout shift). */
  loading?: ReactNode;
  /** The empty state, when more than the block's empty text. */
  vazio?: ReactNode;
  /** A link beside the title ("see all"). */
  acao?: ReactNode;
  /** No title and no landmark of its own (the carousel: its region is named instead). */
  semTitulo?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * One block of the home page: its title, and its loading, error (with retry), empty and loaded
 * states. Its query and its rendering fail alone: an error boundary keeps a broken block from
 * blanking the page.
 */
export function BlocoHome<T>({
  nome,
  query,
  isEmpty,
  children,
  loading,
  vazio,
  acao,
  semTitulo,
  sx,
}: BlocoHomeProps<T>) {
  const translate = useTranslate();
  const id = useId();
  const erro = (retry: () => unknown, retrying = false) => (
    <LoadError message={`home.blocos.${nome}.erro`} retrying={retrying} onRetry={retry} />
  );
  let content: ReactNode;
  if (query.isPending) {
    content = (
      <Box role="status" aria-label={translate('home.carregando')} aria-busy>
        {loading ?? <Skeleton variant="rounded" height={96} />}
      </Box>
    );
  } else if (query.isError || query.data === undefined) {
    content = erro(() => query.refetch(), query.isFetching);
  } else if (isEmpty(query.data)) {
    content = vazio ?? (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {translate(`home.blocos.${nome}.vazio`)}
      </Typography>
    );
  } else {
    const data = query.data;
    content = (
      <BlocoBoundary
        nome={nome}
        fallback={(reset) =>
          erro(() => {
            reset();
            return query.refetch();
          })
        }
      >
        <Desenho desenhar={() => children(data)} />
      </BlocoBoundary>
    );
  }
  return (
    <Paper
      // Without a title the content names itself (the carousel is a named region).
      component={semTitulo ? 'div' : 'section'}
      variant="outlined"
      data-bloco={nome}
      aria-labelledby={semTitulo ? undefined : id}
      sx={{ p: semTitulo ? 0 : 2, minWidth: 0, display: 'grid', gap: 1.5, alignContent: 'start', ...sx }}
    >
      {!semTitulo && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={id} component="h2" variant="h6">
            {translate(`home.blocos.${nome}.titulo`)}
          </Typography>
          {acao}
        </Box>
      )}
      {content}
    </Paper>
  );
}
