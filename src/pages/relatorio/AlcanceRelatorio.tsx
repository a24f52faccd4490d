import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { BarChart } from '../../components/charts';
import { DealerAutocomplete, type DealerRef } from '../../components/DealerAutocomplete';
import { formatNumber, percentual } from '../../components/format';
import { ExportFileButtons } from '../../components/list/ExportButtons';
import { LoadError } from '../../components/LoadError';
import { Numero } from '../../components/Numero';
import { Secao } from '../../components/Secao';
import { useOperations } from '../../components/useOperations';

type Nivel = 'MARCA' | 'GRUPO' | 'DEALER';
interface Linha {
  id: string;
  nivel: Nivel;
  nome: string;
  comunicados: number;
  destinatarios: number;
  lidos: number;
  pedemConfirmacao: number;
  confirmados: number;
  taxaLeitura: number;
  taxaConfirmacao: number;
}
type Figuras = Omit<Linha, 'id' | 'nivel' | 'nome'>;
interface Alcance extends Figuras {
  marcas: Linha[];
  grupos: Linha[];
  dealers: Linha[];
}
interface Filtro {
  inicio: string;
  fim: string;
  marcaId: string;
  grupoId: string;
  dealer: DealerRef | null;
}

/** The chart shows this many rows, least read first (the table has them all). */
const BARRAS_MAX = 15;
const DESDE_SM = { display: { xs: 'none', sm: 'table-cell' } } as const;
const DIA_MS = 86_400_000;
const isoDia = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last 30 days, today included. */
function periodoInicial(): Filtro {
  const hoje = Date.now();
  return { inicio: isoDia(hoje - 29 * DIA_MS), fim: isoDia(hoje), marcaId: '', grupoId: '', dealer: null };
}

/** One level of the roll-up: the least-read bars and the table of the same figures. */
function Nivel({ nivel, linhas }: { nivel: Nivel; linhas: Linha[] }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const secao = translate(`relatorios.alcance.secoes.${nivel}`);
  if (linhas.length === 0) return null;
  const col = (key: string) => translate(`relatorios.alcance.${key}`);
  return (
    <Secao titulo={secao}>
      <BarChart
        titulo={translate('relatorios.alcance.grafico', { secao })}
        descricao={translate('relatorios.alcance.graficoDescricao')}
        dados={linhas.slice(0, BARRAS_MAX).map((l) => ({ id: l.id, nome: l.nome, valor: l.taxaLeitura }))}
        formatar={(v) => percentual(v, locale)}
      />
      <Box sx={{ overflowX: 'auto', minWidth: 0 }}>
        <Table size="small" aria-label={secao}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`relatorios.alcance.niveis.${nivel}`)}</TableCell>
              <TableCell align="right" sx={DESDE_SM}>
                {col('comunicados')}
              </TableCell>
              <TableCell align="right" sx={DESDE_SM}>
                {col('destinatarios')}
              </TableCell>
              <TableCell align="right">{col('lidos')}</TableCell>
              <TableCell align="right">{col('taxaLeitura')}</TableCell>
              <TableCell align="right" sx={DESDE_SM}>
                {col('taxaConfirmacao')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {linhas.map((l) => (
              <TableRow key={l.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{l.nome}</TableCell>
                <TableCell align="right" sx={DESDE_SM}>
                  {formatNumber(l.comunicados, locale)}
                </TableCell>
                <TableCell align="right" sx={DESDE_SM}>
                  {formatNumber(l.destinatarios, locale)}
                </TableCell>
                <TableCell align="right">{formatNumber(l.lidos, locale)}</TableCell>
                <TableCell align="right">{percentual(l.taxaLeitura, locale)}</TableCell>
                <TableCell align="right" sx={DESDE_SM}>
                  {l.pedemConfirmacao ? percentual(l.taxaConfirmacao, locale) : '—'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Secao>
  );
}

/**
 * The built-in announcement-reach report (issue #31): filters (period, brand, dealer group,
 * dealer), the totals, and by brand, dealer group and dealer the read rate as bars (least read
 * first) beside a table of the same figures (the chart's text alternative); CSV and XLSX export.
 */
export default function AlcanceRelatorio({ slug }: { slug: string; titulo: string }) {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const { query } = useOperations('relatorios');
  const grupos = useOperations('grupos');
  const [rascunho, setRascunho] = useState<Filtro>(periodoInicial);
  const [aplicado, setAplicado] = useState<Filtro>(rascunho);
  const marcas = useGetList('marcas', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'nome', order: 'ASC' },
  });
  const opcoesGrupo = useQuery({
    queryKey: ['grupos', 'ativos'],
    queryFn: () => grupos.query<{ id: string; nome: string }[]>('ativos'),
  });
  const filtro = {
    slug,
    inicio: aplicado.inicio,
    fim: aplicado.fim,
    marcaId: aplicado.marcaId || null,
    grupoId: aplicado.grupoId || null,
    dealerId: aplicado.dealer?.id ?? null,
  };
  const alcance = useQuery({
    queryKey: ['relatorios', 'alcance', filtro],
    queryFn: ({ signal }) => query<Alcance>('alcance', filtro, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const aplicar = (event: FormEvent) => {
    event.preventDefault();
    setAplicado(rascunho);
  };
  const muda = (campo: 'inicio' | 'fim' | 'marcaId' | 'grupoId') => (event: { target: { value: string } }) =>
    setRascunho((f) => ({ ...f, [campo]: event.target.value }));
  const t = (key: string) => translate(`relatorios.filtros.${key}`);
  const a = alcance.data;
  return (
    <>
      <Paper
        component="form"
        variant="outlined"
        aria-label={t('titulo')}
        onSubmit={aplicar}
        sx={{
          p: { xs: 1.5, sm: 2 },
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
          alignItems: 'start',
        }}
      >
        <TextField
          type="date"
          label={t('inicio')}
          value={rascunho.inicio}
          onChange={muda('inicio')}
          required
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          type="date"
          label={t('fim')}
          value={rascunho.fim}
          onChange={muda('fim')}
          required
          size="small"
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField select label={t('marca')} value={rascunho.marcaId} onChange={muda('marcaId')} size="small">
          <MenuItem value="">{translate('relatorios.todos')}</MenuItem>
          {(marcas.data ?? []).map((m) => (
            <MenuItem key={m.id} value={String(m.id)}>
              {m.nome}
            </MenuItem>
          ))}
        </TextField>
        <TextField select label={t('grupo')} value={rascunho.grupoId} onChange={muda('grupoId')} size="small">
          <MenuItem value="">{translate('relatorios.todos')}</MenuItem>
          {(opcoesGrupo.data ?? []).map((g) => (
            <MenuItem key={g.id} value={g.id}>
              {g.nome}
            </MenuItem>
          ))}
        </TextField>
        <DealerAutocomplete
          label={t('dealer')}
          value={rascunho.dealer ? [rascunho.dealer] : []}
          onChange={(dealers) => setRascunho((f) => ({ ...f, dealer: dealers.at(-1) ?? null }))}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Button type="submit" variant="contained">
            {t('aplicar')}
          </Button>
          <ExportFileButtons name="relatorioAlcance" filtro={filtro} />
        </Box>
      </Paper>
      {alcance.isFetching && <LinearProgress aria-label={translate('ra.page.loading')} />}
      {alcance.isError && !alcance.isFetching && (
        <LoadError
          message={(alcance.error as { message?: string }).message ?? 'relatorios.alcance.loadError'}
          retrying={alcance.isFetching}
          onRetry={() => alcance.refetch()}
        />
      )}
      {a && a.destinatarios === 0 && (
        <Typography color="text.secondary">{translate('relatorios.alcance.vazio')}</Typography>
      )}
      {a && a.destinatarios > 0 && (
        <>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            <Numero rotulo={translate('relatorios.alcance.comunicados')} valor={formatNumber(a.comunicados, locale)} />
            <Numero
              rotulo={translate('relatorios.alcance.destinatarios')}
              valor={formatNumber(a.destinatarios, locale)}
            />
            <Numero
              rotulo={translate('relatorios.alcance.taxaLeitura')}
              valor={percentual(a.taxaLeitura, locale)}
              detalhe={`${formatNumber(a.lidos, locale)} ${translate('relatorios.alcance.lidos').toLowerCase()}`}
            />
            <Numero
              rotulo={translate('relatorios.alcance.taxaConfirmacao')}
              valor={a.pedemConfirmacao ? percentual(a.taxaConfirmacao, locale) : '—'}
              detalhe={`${formatNumber(a.confirmados, locale)} / ${formatNumber(a.pedemConfirmacao, locale)}`}
            />
          </Box>
          <Nivel nivel="MARCA" linhas={a.marcas} />
          <Nivel nivel="GRUPO" linhas={a.grupos} />
          <Nivel nivel="DEALER" linhas={a.dealers} />
        </>
      )}
    </>
  );
}
