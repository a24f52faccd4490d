import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useRolaDeLado } from '../../components/useRolaDeLado';

export interface ColunaRelatorio<L> {
  id: string;
  /** The header, translated. */
  rotulo: string;
  valor: (linha: L) => ReactNode;
  /** A figure: right-aligned. */
  numero?: boolean;
  /** Hidden under 600 px (the first column and the key figures stay). */
  desdeSm?: boolean;
  /** A name that may be long: it breaks anywhere instead of widening the table. */
  nome?: boolean;
}

const DESDE_SM = { display: { xs: 'none', sm: 'table-cell' } } as const;

/**
 * A built-in report's table: named by `titulo` (the section's title: the chart beside it has it as
 * its text alternative), one row per `linhas`, scrolling inside itself if it outgrows the page
 * (a wide table at a tablet's width): then the box takes the focus, so the keyboard scrolls it.
 */
export function TabelaRelatorio<L>({
  titulo,
  colunas,
  linhas,
  chave,
}: {
  titulo: string;
  colunas: readonly ColunaRelatorio<L>[];
  linhas: readonly L[];
  chave: (linha: L) => string;
}) {
  const sx = (c: ColunaRelatorio<L>) => ({
    ...(c.desdeSm ? DESDE_SM : {}),
    ...(c.nome ? { overflowWrap: 'anywhere' } : {}),
  });
  const [ref, rola] = useRolaDeLado();
  return (
    <Box
      ref={ref}
      sx={{ overflowX: 'auto', minWidth: 0 }}
      {...(rola ? { tabIndex: 0, role: 'region', 'aria-label': titulo } : {})}
    >
      <Table size="small" aria-label={titulo}>
        <TableHead>
          <TableRow>
            {colunas.map((c) => (
              <TableCell key={c.id} align={c.numero ? 'right' : undefined} sx={c.desdeSm ? DESDE_SM : undefined}>
                {c.rotulo}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {linhas.map((linha) => (
            <TableRow key={chave(linha)}>
              {colunas.map((c) => (
                <TableCell key={c.id} align={c.numero ? 'right' : undefined} sx={sx(c)}>
                  {c.valor(linha)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
