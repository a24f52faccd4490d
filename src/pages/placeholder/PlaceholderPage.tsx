import Construction from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Title, useTranslate } from 'react-admin';

/** A route whose screen a later version builds: its title and a sentence saying so. */
export default function PlaceholderPage({ routeId }: { routeId: string }) {
  const translate = useTranslate();
  const title = translate(`routes.${routeId}`);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Construction color="action" sx={{ fontSize: 48 }} aria-hidden />
          <div>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            <Typography color="text.secondary">{translate('pages.placeholder.text')}</Typography>
          </div>
        </Box>
      </CardContent>
    </Card>
  );
}
