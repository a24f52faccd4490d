import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { hojeIso } from '../../../domain/schemas/ausencia';
import { ERROS_DO_PERIODO, MAX_PERIODO_DIAS, relatorioFiltroSchema } from '../../../domain/schemas/relatorio';
import { DealerAutocomplete, type DealerRef } from '../../components/DealerAutocomplete';
import { ExportFileButtons } from '../../components/list/ExportButtons';
import { useRelatorioAberto } from './relatorioAberto';

interface Filtro {
  inicio: string;
  fim: string;
  marcaId: string;
  grupoId: string;
  dealer: DealerRef | null;
}

/** The filters as the API's RelatorioFiltroInput takes them. */
export type FiltroRelatorio = {
  slug: string;
  inicio: string;
  fim: string;
  marcaId: string | null;
  grupoId: string | null;
  dealerId: string | null;
};

/** The last 30 days, today included: the user's days (the server reads them in the portal's time zone). */
function inicial(): Filtro {
  const hoje = new Date();
  const inicio = new Date(hoje.getFullYear(), hoje.getMonth(), hoje.getDate() - 29);
  return { inicio: hojeIso(inicio), fim: hojeIso(hoje), marcaId: '', grupoId: '', dealer: null };
}

/**
 * The filters every built-in report has (issue #31): period, brand, dealer group and dealer. The
 * form's values apply when the user asks (Apply), so a report is not read again at each keystroke;
 * `filtro` is what is applied, as the report's query and its export take it.
 */
export function useFiltroRelatorio(slug: string) {
  const [rascunho, setRascunho] = useState<Filtro>(inicial);
  const [aplicado, setAplicado] = useState<Filtro>(rascunho);
  const filtro: FiltroRelatorio = {
    slug,
    inicio: aplicado.inicio,
    fim: aplicado.fim,
    marcaId: aplicado.marcaId || null,
    grupoId: aplicado.grupoId || null,
    dealerId: aplicado.dealer?.id ?? null,
  };
  // The form changed since the last Apply: what it shows is not yet what the report (and its export) reads.
  const pendente = rascunho !== aplicado;
  return { rascunho, setRascunho, aplicar: () => setAplicado(rascunho), filtro, pendente };
}

/** The filters' form, with the export of the applied filters (GET /api/exportar/{exportacao}). */
export function FiltrosRelatorio({
  estado: { rascunho, setRascunho, aplicar, filtro, pendente },
  exportacao,
}: {
  estado: ReturnType<typeof useFiltroRelatorio>;
  exportacao: string;
}) {
  const translate = useTranslate();
  // The brands and dealer groups in the caller's scope, as the server counts them (the figures
  // count nothing of any other, so offering one would only ever show nothing).
  const opcoes = useRelatorioAberto(filtro.slug).data?.opcoes;
  const marcas = opcoes?.marcas ?? [];
  // The groups of the brand chosen (another's would only ever show nothing).
  const doMarca = (marcaId: string) => (g: { marcaIds: string[] }) => !marcaId || g.marcaIds.includes(marcaId);
  const grupos = (opcoes?.grupos ?? []).filter(doMarca(rascunho.marcaId));
  // The date changed last: a period refused as a pair (the end before the start, longer than the
  // maximum) is said under it, where the user's correction is.
  const [ultimaData, setUltimaData] = useState<'inicio' | 'fim'>('fim');
  const muda = (campo: 'inicio' | 'fim' | 'marcaId' | 'grupoId') => (event: { target: { value: string } }) => {
    if (campo === 'inicio' || campo === 'fim') setUltimaData(campo);
    setRascunho((f) => {
      const novo = { ...f, [campo]: event.target.value };
      // A brand chosen lets go of a group that is not of it.
      const grupo = opcoes?.grupos.find((g) => g.id === novo.grupoId);
      if (campo === 'marcaId' && grupo && !doMarca(novo.marcaId)(grupo)) novo.grupoId = '';
      return novo;
    });
  };
  // The period's rules (domain/schemas/relatorio.ts) under its fields, before asking the server.
  const [erros, setErros] = useState<Partial<Record<'inicio' | 'fim', string>>>({});
  const campos = useRef<Partial<Record<'inicio' | 'fim', HTMLInputElement | null>>>({});
  const enviar = (event: FormEvent) => {
    event.preventDefault();
    const conferido = relatorioFiltroSchema.safeParse({ slug: 'x', inicio: rascunho.inicio, fim: rascunho.fim });
    const novos: Partial<Record<'inicio' | 'fim', string>> = {};
    for (const issue of conferido.error?.issues ?? []) {
      const campo = ERROS_DO_PERIODO.has(issue.message) ? ultimaData : issue.path[0];
      if ((campo === 'inicio' || campo === 'fim') && !novos[campo]) novos[campo] = issue.message;
    }
    setErros(novos);
    const invalido = (['inicio', 'fim'] as const).find((campo) => novos[campo]);
    // The keyboard goes to the field to correct, whose error it then reads.
    if (invalido) campos.current[invalido]?.focus();
    else aplicar();
  };
  const erroDe = (campo: 'inicio' | 'fim') =>
    erros[campo] ? { error: true, helperText: translate(erros[campo], { max: MAX_PERIODO_DIAS }) } : {};
  const t = (key: string) => translate(`relatorios.filtros.${key}`);
  const data = { required: true, size: 'small', slotProps: { inputLabel: { shrink: true } } } as const;
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-label={t('titulo')}
      // The period's rules, an empty date included, are the form's own, translated (the browser's
      // bubble spoke the browser's language and left the earlier error standing).
      noValidate
      onSubmit={enviar}
      sx={{
        p: { xs: 1.5, sm: 2 },
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' },
        alignItems: 'start',
      }}
    >
      {(['inicio', 'fim'] as const).map((campo) => (
        <TextField
          key={campo}
          type="date"
          label={t(campo)}
          value={rascunho[campo]}
          onChange={muda(campo)}
          inputRef={(el: HTMLInputElement | null) => {
            campos.current[campo] = el;
          }}
          {...data}
          {...erroDe(campo)}
        />
      ))}
      <TextField select label={t('marca')} value={rascunho.marcaId} onChange={muda('marcaId')} size="small">
        <MenuItem value="">{translate('relatorios.todos')}</MenuItem>
        {marcas.map((m) => (
          <MenuItem key={m.id} value={m.id}>
            {m.nome}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={t('grupo')} value={rascunho.grupoId} onChange={muda('grupoId')} size="small">
        <MenuItem value="">{translate('relatorios.todos')}</MenuItem>
        {grupos.map((g) => (
          <MenuItem key={g.id} value={g.id}>
            {g.nome}
          </MenuItem>
        ))}
      </TextField>
      <DealerAutocomplete
        label={t('dealer')}
        // The dealers of the brand and group chosen above: another's would only ever show nothing.
        marcaIds={rascunho.marcaId ? [rascunho.marcaId] : []}
        grupoIds={rascunho.grupoId ? [rascunho.grupoId] : []}
        value={rascunho.dealer ? [rascunho.dealer] : []}
        onChange={(dealers) => setRascunho((f) => ({ ...f, dealer: dealers.at(-1) ?? null }))}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button type="submit" variant="contained">
          {t('aplicar')}
        </Button>
        <ExportFileButtons name={exportacao} filtro={filtro} disabled={pendente} />
        {pendente && (
          <Typography variant="caption" color="text.secondary">
            {t('aplicarParaExportar')}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
