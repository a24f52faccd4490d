import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Form, TextInput, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import {
  INATIVIDADE_FILA,
  LIMPEZA_ARQUIVOS_FILA,
  LIMPEZA_LOGS_FILA,
  LIMPEZA_NOTIFICACOES_FILA,
  MANUTENCAO_BANCO_FILA,
  sincronizarIdentityProviderSchema,
} from '../../../domain/schemas/superAdmin';
import { ConfirmAction } from '../../components/ConfirmAction';
import { schemaResolver } from '../../components/form/schemaResolver';
import { useOperations } from '../../components/useOperations';
import { JobPanel } from './JobPanel';
import type { Job, SincronizacaoIdentityProvider } from './superAdmin';

const resolver = schemaResolver<{ emailUsuario: string }>(sincronizarIdentityProviderSchema);

/** Creates or updates one user's account in the identity provider (synchronous), after confirmation. */
function IdentityProviderPanel() {
  const translate = useTranslate();
  const titleId = useId();
  const [email, setEmail] = useState<string | null>(null);
  const { mutate } = useOperations('superAdmin');
  const [result, setResult] = useState<SincronizacaoIdentityProvider | null>(null);
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography variant="h6" component="h2" id={titleId}>
          {translate('superAdmin.sincronizacao.identityProvider.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('superAdmin.sincronizacao.identityProvider.description')}
        </Typography>
        <Form
          defaultValues={{ emailUsuario: '' }}
          resolver={resolver}
          mode="onTouched"
          noValidate
          onSubmit={(values: FieldValues) => {
            setResult(null);
            setEmail(String(values.emailUsuario).trim().toLowerCase());
          }}
        >
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', maxWidth: 720 }}>
            <TextInput
              source="emailUsuario"
              type="email"
              label="superAdmin.sincronizacao.identityProvider.email"
              isRequired
              fullWidth={false}
              sx={{ flex: '1 1 320px' }}
            />
            <Button type="submit" variant="contained" sx={{ mt: 1 }}>
              {translate('superAdmin.sincronizacao.identityProvider.run')}
            </Button>
          </Box>
        </Form>
        {result && (
          <Alert severity="success" role="status">
            {translate(
              `superAdmin.sincronizacao.identityProvider.${result.acao === 'CRIADO' ? 'criado' : 'atualizado'}`,
              {
                email: result.email,
                provedor: translate(`superAdmin.sincronizacao.identityProvider.provedores.${result.provedor}`),
              },
            )}
            {result.emailSenhaEnviado && ` ${translate('superAdmin.sincronizacao.identityProvider.emailEnviado')}`}
          </Alert>
        )}
      </CardContent>
      <ConfirmAction
        open={email !== null}
        onClose={() => setEmail(null)}
        title="superAdmin.sincronizacao.identityProvider.confirmTitle"
        messageArgs={{ email }}
        successMessage="superAdmin.sincronizacao.identityProvider.success"
        // No errorMessage: the server's translated reason ('User not found', ...) is the useful one.
        action={() => mutate<SincronizacaoIdentityProvider>('sincronizarIdentityProvider', { emailUsuario: email })}
        onSuccess={(data) => setResult(data as SincronizacaoIdentityProvider)}
      />
    </Card>
  );
}

const jobOf = (jobs: Job[] | undefined, fila: string) => jobs?.find((j) => j.fila === fila);

/** Synchronisation tab: the three background synchronisations, the dormant-user job's last run and the identity provider. */
export function SincronizacaoTab({ jobs }: { jobs: Job[] | undefined }) {
  const confirmContent = 'superAdmin.sincronizacao.confirmContent';
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
      <JobPanel
        fila="sincronizarDealers"
        messages="superAdmin.sincronizacao.dealers"
        confirmContent={confirmContent}
        job={jobOf(jobs, 'sincronizarDealers')}
      />
      <JobPanel
        fila="sincronizarGrupos"
        messages="superAdmin.sincronizacao.grupos"
        confirmContent={confirmContent}
        job={jobOf(jobs, 'sincronizarGrupos')}
      />
      <JobPanel
        fila="sincronizarUsuarios"
        messages="superAdmin.sincronizacao.usuarios"
        confirmContent={confirmContent}
        job={jobOf(jobs, 'sincronizarUsuarios')}
      />
      <JobPanel
        fila={INATIVIDADE_FILA}
        messages="superAdmin.sincronizacao.inatividade"
        job={jobOf(jobs, INATIVIDADE_FILA)}
      />
      <JobPanel
        fila={LIMPEZA_ARQUIVOS_FILA}
        messages="superAdmin.sincronizacao.limpezaArquivos"
        job={jobOf(jobs, LIMPEZA_ARQUIVOS_FILA)}
      />
      <JobPanel
        fila={LIMPEZA_NOTIFICACOES_FILA}
        messages="superAdmin.sincronizacao.limpezaNotificacoes"
        job={jobOf(jobs, LIMPEZA_NOTIFICACOES_FILA)}
      />
      <JobPanel
        fila={LIMPEZA_LOGS_FILA}
        messages="superAdmin.sincronizacao.limpezaLogs"
        job={jobOf(jobs, LIMPEZA_LOGS_FILA)}
      />
      <JobPanel
        fila={MANUTENCAO_BANCO_FILA}
        messages="superAdmin.sincronizacao.manutencaoBanco"
        job={jobOf(jobs, MANUTENCAO_BANCO_FILA)}
      />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <IdentityProviderPanel />
      </Box>
    </Box>
  );
}

export function MigracaoTab({ jobs }: { jobs: Job[] | undefined }) {
  return (
    <Box sx={{ maxWidth: 720 }}>
      <JobPanel
        fila="migracao"
        messages="superAdmin.migracao"
        confirmContent="superAdmin.migracao.confirmContent"
        job={jobOf(jobs, 'migracao')}
      />
    </Box>
  );
}
