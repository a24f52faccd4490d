import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type FormEvent } from 'react';
import { I18nContext, Link, useAuthState, useLocation, useTranslate } from 'react-admin';
import { AUTH_PAGE_LOOK as LOOK } from '../../../domain/authPage';
import { IDIOMAS, IDIOMA_PADRAO, LOCALE_OF, idiomaFromLocale, type Idioma } from '../../../domain/enums';
import { PASSWORD_MIN_LENGTH, PASSWORD_RESET_TTL_MINUTES } from '../../../domain/limits';
import { FORGOT_PASSWORD_PATH } from '../../../domain/routes';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { postPasswordRoute } from '../../../providers/publicRoutes';

/** The language each public path implies (/esqueci-senha, /olvide-contrasena, /forgot-password). */
const PATH_IDIOMA = Object.fromEntries(
  Object.entries(FORGOT_PASSWORD_PATH).map(([idioma, path]) => [path, idioma as Idioma]),
) as Record<string, Idioma>;

/** `?lang=` (pt-BR, es, en) wins over the language of the path. */
export function pageIdioma(pathname: string, search: string): Idioma {
  const lang = new URLSearchParams(search).get('lang');
  return idiomaFromLocale(lang) ?? PATH_IDIOMA[pathname] ?? IDIOMA_PADRAO;
}

/** The sign-in page's look (server/auth/pages.ts), not the portal theme of the signed-in pages. */
const authTheme = createTheme({
  palette: { primary: { main: LOOK.primary }, background: { default: LOOK.background }, text: { primary: LOOK.ink } },
  typography: { fontFamily: LOOK.fontFamily },
});

const titleSx = { fontSize: LOOK.titleSize, fontWeight: 500 } as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function RequestLinkForm({ idioma }: { idioma: Idioma }) {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const [invalidEmail, setInvalidEmail] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = EMAIL_PATTERN.test(email.trim());
    setInvalidEmail(!valid);
    if (!valid) return;
    setStatus('sending');
    try {
      const { ok } = await postPasswordRoute('/api/senha/esqueci', { email: email.trim(), idioma }, idioma);
      setStatus(ok ? 'sent' : 'failed');
    } catch {
      setStatus('failed');
    }
  };

  if (status === 'sent') {
    return (
      <Alert severity="success" role="status">
        {translate('forgotPassword.sent', { minutes: PASSWORD_RESET_TTL_MINUTES })}
      </Alert>
    );
  }
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography variant="h5" component="h1" sx={titleSx}>
        {translate('forgotPassword.title')}
      </Typography>
      <Typography>{translate('forgotPassword.intro')}</Typography>
      <TextField
        label={translate('forgotPassword.email')}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={invalidEmail}
        helperText={invalidEmail ? translate('validation.email') : undefined}
      />
      {status === 'failed' && <Alert severity="error">{translate('errors.couldNotPerform')}</Alert>}
      <Button type="submit" variant="contained" disabled={status === 'sending' || !email.trim()}>
        {translate('forgotPassword.submit')}
      </Button>
    </Stack>
  );
}

type ResetStatus = 'idle' | 'saving' | 'success' | 'invalid' | 'failed';

function NewPasswordForm({
  token,
  idioma,
  requestNewLinkPath,
}: {
  token: string;
  idioma: Idioma;
  requestNewLinkPath: string;
}) {
  const translate = useTranslate();
  const [senha, setSenha] = useState('');
  const [confirmacao, setConfirmacao] = useState('');
  const [errors, setErrors] = useState<{ senha?: string; confirmacao?: string }>({});
  const [status, setStatus] = useState<ResetStatus>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (senha.length < PASSWORD_MIN_LENGTH)
      found.senha = translate('forgotPassword.tooShort', { min: PASSWORD_MIN_LENGTH });
    if (senha !== confirmacao) found.confirmacao = translate('forgotPassword.mismatch');
    setErrors(found);
    if (found.senha || found.confirmacao) return;
    setStatus('saving');
    try {
      const { ok, error: body } = await postPasswordRoute('/api/senha/redefinir', { token, senha }, idioma);
      if (ok) return setStatus('success');
      if (body.code === 'INVALID_TOKEN') return setStatus('invalid');
      if (body.code === 'BAD_USER_INPUT' && body.fieldErrors && typeof body.fieldErrors === 'object') {
        setErrors({ senha: body.fieldErrors.senha, confirmacao: body.fieldErrors.confirmacao });
        return setStatus('idle');
      }
      setStatus('failed');
    } catch {
      setStatus('failed');
    }
  };

  if (status === 'success') {
    return (
      <Alert severity="success" role="status">
        {translate('forgotPassword.success')}
      </Alert>
    );
  }
  if (status === 'invalid') {
    return (
      <Stack spacing={2}>
        <Alert severity="error" role="alert">
          {translate('forgotPassword.invalidLink')}
        </Alert>
        <Link to={requestNewLinkPath}>{translate('forgotPassword.requestNewLink')}</Link>
      </Stack>
    );
  }
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography variant="h5" component="h1" sx={titleSx}>
        {translate('forgotPassword.newPasswordTitle')}
      </Typography>
      <TextField
        label={translate('forgotPassword.newPassword')}
        type="password"
        name="senha"
        autoComplete="new-password"
        required
        value={senha}
        onChange={(event) => setSenha(event.target.value)}
        error={Boolean(errors.senha)}
        // The rule until there is something wrong; the server adds the common-password check.
        helperText={errors.senha ?? translate('forgotPassword.passwordRule', { min: PASSWORD_MIN_LENGTH })}
      />
      <TextField
        label={translate('forgotPassword.confirmPassword')}
        type="password"
        name="confirmacao"
        autoComplete="new-password"
        required
        value={confirmacao}
        onChange={(event) => setConfirmacao(event.target.value)}
        error={Boolean(errors.confirmacao)}
        helperText={errors.confirmacao}
      />
      {status === 'failed' && <Alert severity="error">{translate('errors.couldNotPerform')}</Alert>}
      <Button type="submit" variant="contained" disabled={status === 'saving'}>
        {translate('forgotPassword.save')}
      </Button>
    </Stack>
  );
}

/** Passive sign-in check: never redirects; only offers the way back when a session is stored. */
function SignedInNotice() {
  const translate = useTranslate();
  const { authenticated } = useAuthState(undefined, false);
  if (!authenticated) return null;
  return (
    <Alert severity="info">
      {translate('forgotPassword.alreadySignedIn')} <Link to="/home">{translate('forgotPassword.backToSignIn')}</Link>
    </Alert>
  );
}

/** Under the form, as on the sign-in page: the way back to sign-in, and the page in the other languages. */
function AuthNav({ idioma }: { idioma: Idioma }) {
  const translate = useTranslate();
  const { pathname, search } = useLocation();
  const hrefOf = (other: Idioma) => {
    const params = new URLSearchParams(search);
    params.set('lang', LOCALE_OF[other]);
    return `${pathname}?${params}`;
  };
  return (
    <Box
      component="nav"
      sx={{ mt: 3, display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1, fontSize: '.875rem' }}
    >
      {/* /home signs a visitor in first: the identity server's sign-in page. */}
      <Link to="/home" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <ArrowBackIcon fontSize="inherit" aria-hidden />
        {translate('forgotPassword.signIn')}
      </Link>
      <Box component="span" sx={{ display: 'flex', gap: 1 }}>
        {IDIOMAS.filter((other) => other !== idioma).map((other) => (
          <Link key={other} to={hrefOf(other)} lang={LOCALE_OF[other]}>
            {translate(`languages.${other}`)}
          </Link>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The public "forgot my password" page (/esqueci-senha, /olvide-contrasena, /forgot-password): asks
 * for the e-mail, or with `?token=` sets the new password. Rendered without the layout and without
 * sign-in, in the language of `?lang=` or of the path.
 */
export default function ForgotPasswordPage() {
  const { pathname, search } = useLocation();
  const idioma = pageIdioma(pathname, search);
  const i18nProvider = useMemo(() => createI18nProvider({ idioma }), [idioma]);
  const params = new URLSearchParams(search);
  const token = params.get('token');
  const lang = params.get('lang');
  const requestNewLinkPath = lang ? `${pathname}?lang=${encodeURIComponent(lang)}` : pathname;

  return (
    <I18nContext.Provider value={i18nProvider}>
      <ThemeProvider theme={authTheme}>
        <Box
          component="main"
          lang={LOCALE_OF[idioma]}
          sx={{
            minHeight: '100vh',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            p: 2,
            bgcolor: LOOK.background,
            color: LOOK.ink,
          }}
        >
          <Box
            sx={{
              width: '100%',
              maxWidth: LOOK.cardMaxWidthPx,
              bgcolor: '#fff',
              borderRadius: `${LOOK.cardRadiusPx}px`,
              boxShadow: LOOK.cardShadow,
              p: `${LOOK.cardPaddingPx}px`,
            }}
          >
            <Stack spacing={2}>
              <SignedInNotice />
              {token ? (
                <NewPasswordForm key={token} token={token} idioma={idioma} requestNewLinkPath={requestNewLinkPath} />
              ) : (
                <RequestLinkForm idioma={idioma} />
              )}
            </Stack>
            <AuthNav idioma={idioma} />
          </Box>
        </Box>
      </ThemeProvider>
    </I18nContext.Provider>
  );
}
