import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  Form,
  PasswordInput,
  SaveButton,
  useAuthProvider,
  useLocaleState,
  useLogout,
  useNotify,
  useTranslate,
} from 'react-admin';
import { AVATAR_MAX_BYTES, MB, PASSWORD_MIN_LENGTH } from '../../../domain/limits';
import { alteracaoSenhaFormSchema } from '../../../domain/schemas/senha';
import type { PortalAuthProvider } from '../../../providers/authProvider';
import { FileRouteError, removeFile, uploadFile } from '../../../providers/files';
import { ConfirmButton } from '../../components/ConfirmAction';
import { formatCount, formatDate } from '../../components/format';
import { schemaResolver } from '../../components/form/schemaResolver';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { LoadError } from '../../components/LoadError';
import { useOperations } from '../../components/useOperations';
import { Section } from './MinhaContaView';
import type { Sessao } from './minhaConta';

const t = (key: string) => `pages.minhaConta.${key}`;

/** The interface language, stored on the user (`mudarLinguaUsuario`); the page reloads in it. */
export function IdiomaSection() {
  const translate = useTranslate();
  return (
    <Section title={translate(t('idiomaSecao.title'))}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(t('idiomaSecao.intro'))}
      </Typography>
      <Box sx={{ maxWidth: 320 }}>
        <LanguageSwitcher variant="field" />
      </Box>
    </Section>
  );
}

/**
 * Whether the announcements sent to the user also reach their e-mail (`usuarios.aceita_email`): a
 * switch saved at once, with a message either way.
 */
export function EmailSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { query, mutate } = useOperations('minhaConta');
  const chave = ['minhaConta', 'aceitaEmail'];
  const atual = useQuery({
    queryKey: chave,
    queryFn: ({ signal }) => query<boolean>('aceitaEmail', {}, { signal }),
    retry: false,
  });
  const [salvando, setSalvando] = useState(false);
  const mudar = async (aceita: boolean) => {
    setSalvando(true);
    try {
      const salvo = await mutate<boolean>('definirAceitaEmail', { aceita });
      queryClient.setQueryData(chave, salvo);
      notify(t(salvo ? 'emailSecao.ativado' : 'emailSecao.desativado'), { type: 'success' });
    } catch {
      notify(t('emailSecao.erro'), { type: 'error' });
    } finally {
      setSalvando(false);
    }
  };
  return (
    <Section title={translate(t('emailSecao.title'))}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(t('emailSecao.intro'))}
      </Typography>
      {atual.isPending ? (
        <Skeleton variant="rounded" width={280} height={38} />
      ) : atual.isError ? (
        <LoadError message={t('emailSecao.loadError')} retrying={atual.isFetching} onRetry={() => atual.refetch()} />
      ) : (
        <FormControlLabel
          control={
            <Switch checked={atual.data} disabled={salvando} onChange={(_event, checked) => void mudar(checked)} />
          }
          label={translate(t('emailSecao.label'))}
        />
      )}
    </Section>
  );
}

/** Asks the server again for the signed-in user: the page and the app bar's avatar. */
function useRefreshUsuarioLogado() {
  const queryClient = useQueryClient();
  const authProvider = useAuthProvider() as Partial<PortalAuthProvider> | undefined;
  return () => {
    authProvider?.forgetUsuarioLogado?.();
    void queryClient.invalidateQueries({ queryKey: ['usuarioLogado'] });
    void queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] });
  };
}

/** Upload (with preview and progress) and removal of the avatar, shown under it. */
export function AvatarUpload({
  avatarLink,
  onPreview,
}: {
  avatarLink: string | null | undefined;
  onPreview(url: string | null): void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshUsuarioLogado();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    const preview = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    onPreview(preview);
    try {
      const { status, body } = await uploadFile('/api/minha-conta/avatar', file, setProgress);
      if (status !== 201) {
        setFailure(body.message ?? translate('upload.falha'));
        return;
      }
      notify(t('avatar.sucesso'), { type: 'success' });
      refresh();
    } catch {
      setFailure(translate('upload.falha'));
    } finally {
      setProgress(null);
      onPreview(null);
      if (preview) URL.revokeObjectURL(preview);
    }
  };

  const remove = async () => {
    setFailure(null);
    setRemoving(true);
    try {
      await removeFile('/api/minha-conta/avatar');
      onPreview(null);
      notify(t('avatar.removida'), { type: 'success' });
      refresh();
    } catch (error) {
      setFailure((error instanceof FileRouteError && error.apiMessage) || translate('errors.couldNotPerform'));
    } finally {
      setRemoving(false);
    }
  };

  const busy = progress !== null || removing;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" size="small" startIcon={<PhotoCameraIcon />} disabled={busy}>
          {translate(avatarLink ? t('avatar.trocar') : t('avatar.enviar'))}
          <input
            hidden
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={(e) => {
              void choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
        {avatarLink && (
          <Button size="small" onClick={() => void remove()} disabled={busy}>
            {translate(t('avatar.remover'))}
          </Button>
        )}
      </Box>
      <Typography variant="caption" display="block" color="text.secondary" sx={{ mt: 0.5 }}>
        {translate(t('avatar.dica'), { max: AVATAR_MAX_BYTES / MB })}
      </Typography>
      {progress !== null && (
        <Box sx={{ mt: 1, maxWidth: 320 }} role="status">
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={translate(t('avatar.enviando'), { percent: progress })}
          />
          <Typography variant="caption">{translate(t('avatar.enviando'), { percent: progress })}</Typography>
        </Box>
      )}
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}

/** Changes the password; the server then ends every session, so this one signs out too. */
export function SenhaSection() {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const { mutate } = useOperations('minhaConta');
  const [done, setDone] = useState(false);
  const resolver = useMemo(() => schemaResolver(alteracaoSenhaFormSchema), []);

  useEffect(() => {
    if (!done) return;
    // Time to read the message; the button signs out at once.
    const timer = setTimeout(() => void logout(), 5000);
    return () => clearTimeout(timer);
  }, [done, logout]);

  const submit = async (values: Record<string, unknown>) => {
    try {
      await mutate('alterarSenha', { senhaAtual: values.senhaAtual, novaSenha: values.novaSenha });
      notify(t('senha.sucesso'), { type: 'success' });
      setDone(true);
    } catch (error) {
      const body = (error as { body?: { errors?: Record<string, unknown> } }).body;
      if (body?.errors) return body.errors;
      notify(error instanceof Error && error.message ? error.message : t('senha.erro'), { type: 'error' });
    }
    return undefined;
  };

  return (
    <Section title={translate(t('senha.title'))}>
      {done ? (
        <Alert
          severity="success"
          action={
            <Button color="inherit" size="small" onClick={() => void logout()}>
              {translate(t('senha.entrarNovamente'))}
            </Button>
          }
        >
          {translate(t('senha.sucesso'))}
        </Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(t('senha.intro'))}
          </Typography>
          <Form
            record={{ senhaAtual: '', novaSenha: '', confirmacao: '' }}
            resolver={resolver}
            onSubmit={submit}
            noValidate
          >
            <Box sx={{ display: 'grid', maxWidth: 400 }}>
              <PasswordInput source="senhaAtual" label={t('senha.atual')} autoComplete="current-password" isRequired />
              <PasswordInput
                source="novaSenha"
                label={t('senha.nova')}
                autoComplete="new-password"
                isRequired
                helperText={translate('forgotPassword.passwordRule', { min: PASSWORD_MIN_LENGTH })}
              />
              <PasswordInput
                source="confirmacao"
                label={t('senha.confirmacao')}
                autoComplete="new-password"
                isRequired
              />
            </Box>
            <SaveButton label={t('senha.salvar')} alwaysEnable />
          </Form>
        </>
      )}
    </Section>
  );
}

/** The user's open sessions at the identity provider, and "sign out everywhere". */
export function SessoesSection() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const logout = useLogout();
  const { query, mutate } = useOperations('minhaConta');
  const { data, isPending, isError, refetch, isFetching } = useQuery({
    queryKey: ['minhasSessoes'],
    queryFn: ({ signal }) => query<Sessao[]>('sessoes', {}, { signal }),
    retry: false,
  });
  const when = (iso: string | null) => formatDate(iso, locale, { dateStyle: 'short', timeStyle: 'short' });

  return (
    <Section
      title={translate(t('sessoes.title'))}
      count={data ? formatCount(translate, t('sessoes.count'), data.length, locale) : undefined}
    >
      {isPending ? (
        // Placeholders rather than a second spinner: the page's spinner means the page is loading.
        <Box role="status" aria-busy="true" aria-label={translate('ra.page.loading')}>
          <Skeleton width="60%" />
          <Skeleton width="60%" />
        </Box>
      ) : isError ? (
        <LoadError message={t('sessoes.loadError')} retrying={isFetching} onRetry={refetch} />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{translate(t('sessoes.empty'))}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate(t('sessoes.title'))}>
            <TableHead>
              <TableRow>
                <TableCell>{translate(t('sessoes.inicio'))}</TableCell>
                <TableCell>{translate(t('sessoes.expiraEm'))}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((sessao) => (
                <TableRow key={sessao.id}>
                  <TableCell>{when(sessao.inicio)}</TableCell>
                  <TableCell>{when(sessao.expiraEm)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Box sx={{ mt: 2 }}>
        <ConfirmButton
          label={t('sessoes.encerrar')}
          buttonProps={{ variant: 'outlined', color: 'error' }}
          title={t('sessoes.confirmTitle')}
          content={t('sessoes.confirmText')}
          confirmLabel={t('sessoes.encerrar')}
          errorMessage={t('sessoes.erro')}
          successMessage={t('sessoes.encerradas')}
          action={() => mutate('encerrarSessoes')}
          onSuccess={() => void logout()}
        />
      </Box>
    </Section>
  );
}
