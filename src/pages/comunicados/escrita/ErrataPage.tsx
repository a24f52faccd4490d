import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { BooleanInput, Form, TextInput, Title, useNotify, useTranslate } from 'react-admin';
import { useFormContext, type FieldPath } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { errataSchema } from '../../../../domain/comunicados';
import { JUSTIFICATION_MIN_LENGTH } from '../../../../domain/limits';
import { schemaResolver } from '../../../components/form/schemaResolver';
import { useBreadcrumbLabel } from '../../../components/breadcrumbLabel';
import { LoadError } from '../../../components/LoadError';
import { useOperations } from '../../../components/useOperations';
import { Anexos, useAnexosPendentes } from './Anexos';
import { editarPath, fieldErrorsOf, type Arquivo, type Comunicado } from './comunicado';

const TextoRico = lazy(() => import('../../../components/TextoRico'));

interface ValoresErrata {
  idParent: string;
  titulo: string;
  mensagem: string;
  justificativa: string;
  renotificar: boolean;
  reiniciarLeitura: boolean;
  arquivos: Arquivo[];
}

const resolver = schemaResolver<ValoresErrata>(errataSchema);

/**
 * /comunicados/errata/{id}: the erratum of a sent announcement: its own title, message and
 * attachments, a justification of at least 15 characters, and whether recipients are notified
 * again and whether their read state (and confirmation) starts over.
 */
export default function ErrataPage() {
  const { id } = useParams<{ id: string }>();
  const translate = useTranslate();
  const { query } = useOperations('comunicados');
  const original = useQuery({
    queryKey: ['comunicados', 'comunicado', id],
    queryFn: () => query<Comunicado>('comunicado', { id }),
    retry: false,
  });
  const title = translate('routes.comunicadosErrata');
  useBreadcrumbLabel(original.data?.titulo);
  const o = original.data;
  return (
    <Box sx={{ mt: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <Title title={title} />
      <Box>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {o && (
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {translate('comunicados.escrita.errata.de', { titulo: o.titulo })}
          </Typography>
        )}
      </Box>
      {original.error ? (
        <LoadError message="errors.couldNotPerform" retrying={original.isFetching} onRetry={() => original.refetch()} />
      ) : !o ? (
        <LinearProgress aria-label={translate('ra.page.loading')} />
      ) : !o.acoes.includes('errata') ? (
        <Alert severity="info">{translate('comunicados.escrita.errata.naoPermitida')}</Alert>
      ) : (
        <Card>
          <CardContent>
            <Form
              defaultValues={{
                idParent: String(o.id),
                titulo: o.titulo,
                mensagem: o.mensagem,
                justificativa: '',
                renotificar: true,
                reiniciarLeitura: false,
                arquivos: [],
              }}
              resolver={resolver}
              noValidate
            >
              <CamposErrata />
            </Form>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}

function CamposErrata() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutate } = useOperations('comunicados');
  const { handleSubmit, setError } = useFormContext<ValoresErrata>();
  const [busy, setBusy] = useState(false);
  const anexos = useAnexosPendentes();

  const criar = handleSubmit(async (values) => {
    if (!anexos.prontos()) return;
    setBusy(true);
    try {
      const errata = await mutate<Comunicado>('errata', {
        errata: {
          idParent: values.idParent,
          titulo: values.titulo,
          mensagem: values.mensagem,
          justificativa: values.justificativa,
          renotificar: values.renotificar,
          reiniciarLeitura: values.reiniciarLeitura,
          arquivoIds: values.arquivos.map((a) => String(a.id)),
        },
      });
      void queryClient.invalidateQueries({ queryKey: ['comunicados'] });
      notify('comunicados.escrita.sucesso.errata', { type: 'success' });
      navigate(editarPath(errata.id), { state: { foco: 'titulo' } });
    } catch (error) {
      for (const [field, message] of fieldErrorsOf(error)) {
        setError((field === 'arquivoIds' ? 'arquivos' : field) as FieldPath<ValoresErrata>, {
          type: 'server',
          message,
        });
      }
      notify(error instanceof Error && error.message ? error.message : 'comunicados.escrita.erros.errata', {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  });

  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, minWidth: 0 }}>
      <TextInput source="titulo" label="comunicados.escrita.fields.titulo" fullWidth isRequired />
      <Suspense
        fallback={
          <Skeleton variant="rounded" height={200} role="progressbar" aria-label={translate('ra.page.loading')} />
        }
      >
        <TextoRico source="mensagem" label={translate('comunicados.escrita.fields.mensagem')} titulos tabelas />
      </Suspense>
      <TextInput
        source="justificativa"
        label="comunicados.escrita.fields.justificativa"
        helperText={translate('comunicados.escrita.errata.justificativaAjuda', { min: JUSTIFICATION_MIN_LENGTH })}
        multiline
        minRows={2}
        fullWidth
        isRequired
      />
      <BooleanInput
        source="renotificar"
        label="comunicados.escrita.fields.renotificar"
        helperText="comunicados.escrita.errata.renotificarAjuda"
      />
      <BooleanInput
        source="reiniciarLeitura"
        label="comunicados.escrita.fields.reiniciarLeitura"
        helperText="comunicados.escrita.errata.reiniciarLeituraAjuda"
      />
      <Anexos onPendentes={anexos.onPendentes} />
      <Box>
        <Button variant="contained" startIcon={<SendIcon />} disabled={busy} onClick={criar}>
          {translate('comunicados.escrita.errata.criar')}
        </Button>
      </Box>
    </Box>
  );
}
