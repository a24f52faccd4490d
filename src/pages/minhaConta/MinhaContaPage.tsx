import { LoadError } from '../../components/LoadError';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useOperations } from '../../components/useOperations';
import type { MinhaConta } from './minhaConta';
import { AvatarUpload, EmailSection, IdiomaSection, SenhaSection, SessoesSection } from './MinhaContaSections';
import { DispositivosPushSection } from './DispositivosPushSection';
import { MinhaContaView } from './MinhaContaView';

/**
 * /minha-conta: the signed-in user's own data, read from `usuarioLogado`, with their avatar,
 * language, announcements by e-mail, password, sessions and the devices that receive Web Push.
 */
export default function MinhaContaPage() {
  const translate = useTranslate();
  const { query } = useOperations('minhaConta');
  const { data, isPending, isError, refetch, isFetching } = useQuery({
    queryKey: ['usuarioLogado', 'minhaConta'],
    queryFn: ({ signal }) => query<MinhaConta>('conta', {}, { signal }),
    retry: false,
  });
  const title = translate('routes.minhaConta');
  const [preview, setPreview] = useState<string | null>(null);

  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
          {title}
        </Typography>
        {isPending ? (
          <CircularProgress aria-label={translate('ra.page.loading')} />
        ) : isError ? (
          <LoadError message="pages.minhaConta.loadError" retrying={isFetching} onRetry={refetch} />
        ) : (
          <MinhaContaView
            usuario={data}
            avatarPreview={preview}
            avatarActions={<AvatarUpload avatarLink={data.avatarLink} onPreview={setPreview} />}
          >
            <IdiomaSection />
            <EmailSection />
            <SenhaSection />
            <SessoesSection />
            <DispositivosPushSection />
          </MinhaContaView>
        )}
      </CardContent>
    </Card>
  );
}
