import { LoadError } from '../../components/LoadError';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Loading, ResourceContextProvider, Title, useTranslate } from 'react-admin';
import { ProdutoTab } from './ProdutoTab';
import { MigracaoTab, SincronizacaoTab } from './SincronizacaoTab';
import { useUltimosJobs } from './useUltimosJobs';

const RelatorioList = lazy(() => import('../../../resources/relatorios/RelatorioList'));

/** The report definitions (issue #31): the list of /relatorios, whose rows open their edit pages. */
function RelatoriosTab() {
  const translate = useTranslate();
  return (
    <ResourceContextProvider value="relatorios">
      <Suspense fallback={<Loading />}>
        <RelatorioList title={translate('superAdmin.tabs.relatorios')} />
      </Suspense>
    </ResourceContextProvider>
  );
}

const TABS = ['produto', 'migracao', 'sincronizacao', 'relatorios'] as const;
type TabId = (typeof TABS)[number];

/** The jobs' progress, shared by the Migration and Synchronisation tabs. */
function JobsTab({ tab }: { tab: 'migracao' | 'sincronizacao' }) {
  const { data, isError, refetch, isFetching } = useUltimosJobs();
  return (
    <>
      {isError && (
        <LoadError message="superAdmin.jobs.loadError" retrying={isFetching} onRetry={refetch} sx={{ mb: 2 }} />
      )}
      {tab === 'migracao' ? <MigracaoTab jobs={data} /> : <SincronizacaoTab jobs={data} />}
    </>
  );
}

/** /superAdmin (provider staff only): product, migration, synchronisation and reports tabs. */
export default function SuperAdminPage() {
  const translate = useTranslate();
  const [tab, setTab] = useState<TabId>('produto');
  const title = translate('routes.superAdmin');
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Tabs value={tab} onChange={(_event, value: TabId) => setTab(value)} sx={{ mb: 3 }}>
          {TABS.map((id) => (
            <Tab
              key={id}
              value={id}
              label={translate(`superAdmin.tabs.${id}`)}
              id={`superAdmin-tab-${id}`}
              aria-controls={`superAdmin-panel-${id}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`superAdmin-panel-${tab}`} aria-labelledby={`superAdmin-tab-${tab}`}>
          {tab === 'produto' ? <ProdutoTab /> : tab === 'relatorios' ? <RelatoriosTab /> : <JobsTab tab={tab} />}
        </Box>
      </CardContent>
    </Card>
  );
}
