import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useBreadcrumbLabel } from '../../../components/breadcrumbLabel';
import { useFocoNoTituloAoChegar } from '../../../components/useFocoAoSair';
import { formatDate } from '../../../components/format';
import { LoadError } from '../../../components/LoadError';
import { useOperations } from '../../../components/useOperations';
import { AcoesComunicado } from './AcoesComunicado';
import { SituacaoComunicado } from './SituacaoComunicado';
import { ComunicadoConteudo } from './ComunicadoConteudo';
import { ComunicadoForm } from './ComunicadoForm';
import type { Comunicado } from './comunicado';

export const comunicadoKey = (id: string) => ['comunicados', 'comunicado', id] as const;

/**
 * /comunicados/novo and /comunicados/editar/{id}: the announcement's form while it may be saved
 * (a draft, or a rejected one with the reason shown), else what it says and its state, with the
 * buttons `acoes` names (approve, reject, withdraw, cancel the schedule, erratum, preview).
 */
export default function ComunicadoPage() {
  const { id } = useParams<{ id?: string }>();
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { query } = useOperations('comunicados');
  const [conflito, setConflito] = useState(false);
  // The form is built again from the record when it is reloaded (not on each save: a failed send
  // after its save keeps the errors under the fields).
  const [recargas, setRecargas] = useState(0);
  // The form is the same one when its first save moves it from /novo to /editar/{id}: the focus (on
  // the Save button, by keyboard) and what was typed stay. Any other visit builds it anew.
  const location = useLocation();
  const formulario = (location.state as { formulario?: string } | null)?.formulario ?? location.key;
  const record = useQuery({
    queryKey: comunicadoKey(id ?? ''),
    queryFn: () => query<Comunicado>('comunicado', { id }),
    enabled: Boolean(id),
    // The page says it failed and offers to try again.
    retry: false,
  });
  // One that can no longer be edited (in approval, sent) is shown, not edited: its heading says so.
  const somenteLeitura = Boolean(record.data && !record.data.acoes.includes('salvar'));
  const title = translate(
    !id
      ? 'routes.comunicadosNovo'
      : somenteLeitura
        ? 'comunicados.escrita.tituloSomenteLeitura'
        : 'routes.comunicadosEditar',
  );
  useBreadcrumbLabel(record.data?.titulo);
  // Arrived from writing an erratum: the focus to the title once the erratum is shown.
  useFocoNoTituloAoChegar(Boolean(record.data));

  const mostrar = (c: Comunicado | null) => {
    if (!c) {
      navigate('/comunicados');
      return;
    }
    setConflito(false);
    queryClient.setQueryData(comunicadoKey(String(c.id)), c);
    void queryClient.invalidateQueries({ queryKey: ['comunicados', 'lista'] });
    if (!id) navigate(`/comunicados/editar/${c.id}`, { replace: true, state: { formulario } });
  };
  const recarregar = async () => {
    await record.refetch();
    setRecargas((n) => n + 1);
    setConflito(false);
  };

  const c = record.data;
  const editavel = !id || (c?.acoes.includes('salvar') ?? false);
  return (
    <Box sx={{ mt: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {c && <Chip label={c.status.description} size="small" />}
      </Box>
      {conflito && (
        <Alert
          severity="warning"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void recarregar()}>
              {translate('comunicados.escrita.recarregar')}
            </Button>
          }
        >
          <AlertTitle>{translate('comunicados.escrita.conflitoTitulo')}</AlertTitle>
          {translate('comunicados.escrita.conflito')}
        </Alert>
      )}
      {record.error ? (
        <LoadError message="errors.couldNotPerform" retrying={record.isFetching} onRetry={() => record.refetch()} />
      ) : id && !c ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : (
        <>
          {c && <SituacaoComunicado comunicado={c} />}
          <Card>
            <CardContent>
              {editavel ? (
                <ComunicadoForm
                  key={`${formulario}-${recargas}`}
                  record={c}
                  onSaved={mostrar}
                  onConflict={() => setConflito(true)}
                />
              ) : (
                c && (
                  <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
                    <ComunicadoConteudo comunicado={c} />
                    <Erratas comunicado={c} />
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="acoes-comunicado">
                      <AcoesComunicado comunicado={c} onChanged={mostrar} onConflict={() => setConflito(true)} />
                    </Box>
                  </Box>
                )
              )}
            </CardContent>
          </Card>
        </>
      )}
    </Box>
  );
}

/** The errata sent of this announcement (recipients see them on it too). */
function Erratas({ comunicado: c }: { comunicado: Comunicado }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (c.erratas.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="comunicado-erratas">
      <Typography variant="subtitle2" component="h3" id="comunicado-erratas">
        {translate('comunicados.escrita.erratas')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {c.erratas.map((e) => (
          <li key={e.id}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              {`${e.titulo} (${formatDate(e.envioDateTime, locale, { dateStyle: 'short', timeStyle: 'short' })})`}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {e.justificativa}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}
