import SearchOff from '@mui/icons-material/SearchOff';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';
import { BackButton } from './BackButton';
import { ErrorLayout } from './ErrorLayout';

/** react-admin's `catchAll`: an unknown path inside the layout. */
export default function NotFoundPage() {
  const translate = useTranslate();
  const title = translate('errorPages.notFound.title');
  return (
    <>
      <Title title={title} />
      <ErrorLayout
        icon={<SearchOff color="action" sx={{ fontSize: 64 }} aria-hidden />}
        title={title}
        actions={<BackButton />}
      >
        <Typography>{translate('errorPages.notFound.text')}</Typography>
      </ErrorLayout>
    </>
  );
}
