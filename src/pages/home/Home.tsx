import { useDeferredValue } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Loading, Title, useGetIdentity, useTranslate } from 'react-admin';
import type { PortalIdentity } from '../../../providers/authProvider';
import { AnuncioBloco, ArquivosRecentes, ComunicadosRecentes, RedesSociais, SlidesBloco } from './blocos';

/**
 * The first signed-in page (spec section 2, "Home"; issue #30): a greeting, then its blocks,
 * each loading, empty, failing and retrying alone. The blocks mount together once the signed-in
 * user is known, so their queries leave as one GraphQL document (useHomeQuery). The first-visit
 * tour (OnboardingTour HOME) is the shell's (src/layout/MenuTour.tsx). The language and signing
 * out are the top bar's (and /minha-conta's), as on every page: not repeated here.
 */
export function Home() {
  const translate = useTranslate();
  const { identity, isPending } = useGetIdentity();
  const user = identity as PortalIdentity | undefined;
  // Once the user is known, the page and its blocks mount as a transition: React renders them in
  // slices instead of one long task that held a phone's main thread (Lighthouse's Total Blocking
  // Time, docs/benchmarks.md "Home page in Lighthouse").
  const pending = useDeferredValue(isPending);

  if (pending) return <Loading />;

  return (
    <Box sx={{ mt: 2, mb: 4, mx: 'auto', width: '100%', maxWidth: 1440, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={translate('routes.home')} />
      <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {translate('home.welcome', { nome: user?.fullName ?? '' })}
      </Typography>
      <SlidesBloco />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 276px' },
          alignItems: 'start',
        }}
      >
        <ComunicadosRecentes />
        <Box sx={{ display: 'grid', gap: 2 }}>
          <AnuncioBloco />
          <RedesSociais marca={user?.marcas?.[0]} />
        </Box>
      </Box>
      <ArquivosRecentes />
    </Box>
  );
}
