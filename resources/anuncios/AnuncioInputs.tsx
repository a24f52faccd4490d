import Box from '@mui/material/Box';
import { AnuncioBanner, type AnuncioView } from '../../src/components/vitrine/AnuncioBanner';
import {
  AtivoInput,
  GruposInput,
  ImagemInput,
  LinkInputs,
  PeriodoInputs,
  PreviaVitrine,
  TituloInput,
} from '../../src/components/vitrine/CamposVitrine';

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
        <PreviaVitrine<AnuncioView>>{(anuncio) => <AnuncioBanner anuncio={anuncio} inerte />}</PreviaVitrine>
      </Box>
    </Box>
  );
}
