import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Title, useLocaleState, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { hasAccess } from '../../../../domain/access';
import { allows, policies } from '../../../../domain/policies';
import type { PortalPermissions } from '../../../../providers/authProvider';
import { formatNumber } from '../../../components/format';
import { useOperations } from '../../../components/useOperations';
import { ABAS_COMUNICADOS } from './abas';
import { CONTAGENS_KEY, type ContagensComunicados } from './tipos';

/** The counts on the tabs: read when the page opens and after every change (COMUNICADOS_KEY). */
export function useContagens() {
  const { query } = useOperations('comunicados');
  return useQuery({
    queryKey: CONTAGENS_KEY,
    queryFn: ({ signal }) => query<ContagensComunicados>('contagens', {}, { signal }),
    retry: false,
  });
}

/**
 * /comunicados (issue #28, "Reading"): the inbox and the author's and approvers' lists as tabs
 * (ABAS_COMUNICADOS, `?aba=` in the address), with unread and waiting counts on the tabs.
 */
export default function ComunicadosPage() {
  const translate = useTranslate();
  const [locale = 'pt-BR'] = useLocaleState();
  const [params, setParams] = useSearchParams();
  const { permissions } = usePermissions<PortalPermissions | null>();
  const contagens = useContagens();
  const abas = ABAS_COMUNICADOS.filter((aba) => !aba.rule || (permissions && hasAccess(permissions, aba.rule)));
  const pedida = params.get('aba');
  const aba = abas.find((a) => a.id === pedida) ?? abas[0];
  const title = translate('routes.comunicados');
  const podeCriar = allows(permissions ?? null, policies.comunicados.create);
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2, minWidth: 0 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {podeCriar && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/comunicados/novo">
            {translate('routes.comunicadosNovo')}
          </Button>
        )}
      </Box>
      <Tabs
        value={aba.id}
        onChange={(_e, value: string) => setParams({ aba: value }, { replace: true })}
        aria-label={title}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
      >
        {abas.map((a) => {
          const n = contagens.data && a.contagem ? a.contagem(contagens.data) : 0;
          const label = translate(a.label);
          return (
            <Tab
              key={a.id}
              value={a.id}
              id={`aba-${a.id}`}
              aria-controls={`painel-${a.id}`}
              aria-label={
                n > 0
                  ? translate(`comunicados.caixa.${a.naoLidos ? 'abaComNaoLidos' : 'abaComContagem'}`, {
                      aba: label,
                      n: formatNumber(n, locale),
                      smart_count: n,
                    })
                  : undefined
              }
              sx={{ minHeight: 48 }}
              label={
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
                  {label}
                  {/* A space between the name and the count: their visible text ("Entrada 1") is then
                      within the accessible name ("Entrada: 1 não lido"), as WCAG 2.5.3 asks (axe read "Entrada1"). */}
                  {n > 0 && ' '}
                  {n > 0 && (
                    <Box
                      component="span"
                      aria-hidden
                      sx={{
                        px: 0.75,
                        borderRadius: 2,
                        fontSize: '0.75rem',
                        lineHeight: '1.25rem',
                        fontWeight: 700,
                        bgcolor: 'primary.main',
                        color: 'primary.contrastText',
                      }}
                    >
                      {n > 999 ? '999+' : formatNumber(n, locale)}
                    </Box>
                  )}
                </Box>
              }
            />
          );
        })}
      </Tabs>
      <Box role="tabpanel" id={`painel-${aba.id}`} aria-labelledby={`aba-${aba.id}`} sx={{ minWidth: 0 }}>
        <Suspense fallback={<LinearProgress aria-label={translate('ra.page.loading')} />}>
          <aba.Painel key={aba.id} />
        </Suspense>
      </Box>
    </Box>
  );
}
