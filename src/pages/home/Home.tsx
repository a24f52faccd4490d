import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Loading, Title, useGetIdentity, useLocaleState, useLogout, useNotify, useTranslate } from 'react-admin';
import { IDIOMAS, LOCALE_OF, idiomaFromLocale, type Idioma } from '../../../domain/enums';
import type { PortalIdentity } from '../../../providers/authProvider';
import { graphqlRequest } from '../../../providers/dataProvider';
import { setStoredIdioma } from '../../../providers/language';
import { log } from '../../../providers/logger';
import { browser } from '../../browser';

export const MUDAR_LINGUA_MUTATION =
  'mutation mudarLinguaUsuario($id: ID!, $idioma: Idioma!) { mudarLinguaUsuario(id: $id, idioma: $idioma) { id nome idioma { id } } }';

/** The first signed-in page: who is signed in, the interface language and sign-out. */
export function Home() {
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const [locale, setLocale] = useLocaleState();
  const { identity, isPending } = useGetIdentity();
  const [saving, setSaving] = useState(false);
  const user = identity as PortalIdentity | undefined;

  if (isPending) return <Loading />;

  const idioma: Idioma = user?.idioma ?? idiomaFromLocale(locale) ?? 'PT_BR';

  const changeLanguage = async (next: Idioma) => {
    if (!user || next === idioma) return;
    setSaving(true);
    try {
      await graphqlRequest(MUDAR_LINGUA_MUTATION, { id: user.id, idioma: next });
      setStoredIdioma(next);
      setLocale(LOCALE_OF[next]);
      browser.reload();
    } catch (error) {
      log.error('mudarLinguaUsuario failed', error);
      notify('errors.couldNotPerform', { type: 'error' });
      setSaving(false);
    }
  };

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={translate('routes.home')} />
      <CardContent>
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          <Typography variant="h5" component="h1">
            {translate('home.welcome', { nome: user?.fullName ?? '' })}
          </Typography>
          {user?.email && (
            <Typography>
              {translate('home.signedInAs', {
                email: user.email,
                tipo: user.tipo ? translate(`tiposUsuario.${user.tipo}`) : '',
              })}
            </Typography>
          )}
          <TextField
            select
            label={translate('home.language')}
            value={idioma}
            disabled={saving || !user}
            onChange={(event) => void changeLanguage(event.target.value as Idioma)}
          >
            {IDIOMAS.map((id) => (
              <MenuItem key={id} value={id}>
                {translate(`languages.${id}`)}
              </MenuItem>
            ))}
          </TextField>
          <div>
            <Button variant="outlined" onClick={() => void logout()}>
              {translate('home.signOut')}
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
