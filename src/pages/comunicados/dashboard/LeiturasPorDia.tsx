import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { LineChart, type LineSerie } from '../../../components/charts';
import { formatDate, formatNumber } from '../../../components/format';
import { visuallyHidden } from '../../../components/visuallyHidden';
import { Secao } from '../../../components/Secao';
import type { ComunicadoDashboard } from './tipos';

/** A day (ISO date) as the language writes it, without moving it across time zones. */
const dia = (data: string, locale: string) =>
  formatDate(`${data.slice(0, 10)}T12:00:00`, locale, { day: '2-digit', month: '2-digit' });

/** An hour (an ISO 8601 instant) as the language writes it, in the reader's time zone. */
const hora = (data: string, locale: string) =>
  formatDate(data, locale, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });

/** Reads (and confirmations) per day: a line chart, and the same numbers as a table for assistive technology. */
export function LeiturasPorDia({
  dias,
  exigeConfirmacao,
}: {
  dias: ComunicadoDashboard['leiturasPorDia'];
  exigeConfirmacao: boolean;
}) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  // By hour while the reads span two days or less (the server's buckets are then instants), by day after.
  const porHora = dias.some((d) => d.data.length > 10);
  const rotulo = porHora ? hora : dia;
  const titulo = translate(porHora ? 'comunicados.dashboard.leiturasPorHora' : 'comunicados.dashboard.leiturasPorDia');
  const series: LineSerie[] = [
    { id: 'lidos', nome: translate('comunicados.dashboard.lidos'), valores: dias.map((d) => d.lidos), cor: 'primary' },
    ...(exigeConfirmacao
      ? [
          {
            id: 'confirmados',
            nome: translate('comunicados.dashboard.confirmados'),
            valores: dias.map((d) => d.confirmados),
            cor: 'success' as const,
            tracejada: true,
          },
        ]
      : []),
  ];
  const pico = dias.reduce<(typeof dias)[number] | null>((m, d) => (!m || d.lidos > m.lidos ? d : m), null);
  return (
    <Secao titulo={titulo}>
      {dias.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('comunicados.dashboard.semLeituras')}
        </Typography>
      ) : (
        <>
          <LineChart
            titulo={titulo}
            descricao={translate(
              porHora ? 'comunicados.dashboard.leiturasDescricaoHoras' : 'comunicados.dashboard.leiturasDescricao',
              {
                dias: dias.length,
                de: rotulo(dias[0].data, locale),
                ate: rotulo(dias[dias.length - 1].data, locale),
                pico: pico ? rotulo(pico.data, locale) : '',
                n: pico ? formatNumber(pico.lidos, locale) : '0',
              },
            )}
            rotulos={dias.map((d) => rotulo(d.data, locale))}
            series={series}
            formatarY={(v) => formatNumber(v, locale, { notation: 'compact' })}
          />
          <Box sx={visuallyHidden}>
            <Table size="small" aria-label={titulo}>
              <TableHead>
                <TableRow>
                  <TableCell>
                    {translate(porHora ? 'comunicados.dashboard.hora' : 'comunicados.dashboard.dia')}
                  </TableCell>
                  {series.map((s) => (
                    <TableCell key={s.id}>{s.nome}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {dias.map((d, i) => (
                  <TableRow key={d.data}>
                    <TableCell>{rotulo(d.data, locale)}</TableCell>
                    {series.map((s) => (
                      <TableCell key={s.id}>{formatNumber(s.valores[i], locale)}</TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        </>
      )}
    </Secao>
  );
}
