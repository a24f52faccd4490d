import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { CaixaRolavel } from '../../components/CaixaRolavel';

export interface ColunaRelatorio<L> {
  id: string;
  /** The header, translated. */
  rotulo: string;
  valor: (linha: L) => ReactNode;
  /** A figure: right-aligned. */
  numero?: boolean;
  /** A name that may be long: it wraps (at least 9rem wide) instead of widening the table much. */
  nome?: boolean;
}

const NOME = { overflowWrap: 'anywhere', minWidth: '9rem' } as const;
const NUMERO = { whiteSpace: 'nowrap' } as const;

/**
 * A built-in report's table: named by `titulo` (the section's title: the chart beside it has it as
 * its text alternative), one row per `linhas`, every column at every width, scrolling inside its
 * own box when it outgrows the page (a phone): then the box takes the focus, so the keyboard scrolls it.
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
  const sx = (c: ColunaRelatorio<L>) => (c.nome ? NOME : c.numero ? NUMERO : undefined);
  return (
    <CaixaRolavel rotulo={titulo}>
      <Table size="small" aria-label={titulo}>
        <TableHead>
          <TableRow>
            {colunas.map((c) => (
              <TableCell key={c.id} align={c.numero ? 'right' : undefined}>
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
    </CaixaRolavel>
  );
}
