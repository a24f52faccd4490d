import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Loading, Title, useGetIdentity, useLogout, useTranslate } from 'react-admin';
import type { PortalIdentity } from '../../../providers/authProvider';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';

// Kept for src/graphqlContract.test.ts; the mutation now lives with the shared language switcher.

/** The first signed-in page: who is signed in, the interface language and sign-out. */
export function Home() {
  const translate = useTranslate();
  const logout = useLogout();
  const { identity, isPending } = useGetIdentity();
  const user = identity as PortalIdentity | undefined;

  if (isPending) return <Loading />;

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
          <LanguageSwitcher />
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
