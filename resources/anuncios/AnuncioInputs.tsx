import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { AnuncioBanner, type AnuncioView } from '../../src/components/vitrine/AnuncioBanner';
import {
  AtivoInput,
  GruposInput,
  ImagemInput,
  LinkInputs,
  PeriodoInputs,
  TituloInput,
} from '../../src/components/vitrine/CamposVitrine';

function Previa() {
  const translate = useTranslate();
  const valores = useWatch() as AnuncioView;
  return (
    <Box component="section" aria-labelledby="anuncio-previa" sx={{ mb: 2 }}>
      <Typography id="anuncio-previa" variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {translate('vitrine.previa')}
      </Typography>
      {valores.arquivo ? (
        <AnuncioBanner anuncio={valores} inerte />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('vitrine.previaVazia')}
        </Typography>
      )}
    </Box>
  );
}

/** The fields of an advert (spec section 3), shared by its create and edit views, with its preview. */
export function AnuncioInputs() {
  return (
    <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap-reverse', width: '100%' }}>
      <Box sx={{ flex: '1 1 22rem', minWidth: 0 }}>
        <TituloInput />
        <LinkInputs />
        <PeriodoInputs />
        <ImagemInput tipo="ANUNCIO" />
        <GruposInput />
        <AtivoInput />
      </Box>
      <Box sx={{ flex: '0 1 244px' }}>
        <Previa />
      </Box>
    </Box>
  );
}
