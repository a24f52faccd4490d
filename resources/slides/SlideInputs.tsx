import Box from '@mui/material/Box';
import { NumberInput, TextInput } from 'react-admin';
import { TAMANHO_TEXTO_MAX, TAMANHO_TEXTO_MIN } from '../../domain/vitrine';
import {
  AtivoInput,
  GruposInput,
  ImagemInput,
  LinkInputs,
  PeriodoInputs,
  PreviaVitrine,
  TituloInput,
} from '../../src/components/vitrine/CamposVitrine';
import { SlideBanner, type SlideView } from '../../src/components/vitrine/SlideBanner';

const COR = { type: 'color', InputLabelProps: { shrink: true }, sx: { width: '10rem' } };
const TAMANHO = { min: TAMANHO_TEXTO_MIN, max: TAMANHO_TEXTO_MAX, step: 1, sx: { width: '12rem' } };

/** The fields of a slide (spec section 3), shared by its create and edit views, with the live preview. */
export function SlideInputs() {
  return (
    <Box sx={{ width: '100%', maxWidth: 1140 }}>
      <PreviaVitrine<SlideView>>{(slide) => <SlideBanner slide={slide} inerte />}</PreviaVitrine>
      <TituloInput />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextInput source="corTitulo" label="vitrine.fields.corTitulo" {...COR} />
        <NumberInput source="tamanhoTitulo" label="vitrine.fields.tamanhoTitulo" {...TAMANHO} />
      </Box>
      <TextInput source="subtitulo" label="vitrine.fields.subtitulo" fullWidth />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextInput source="corSubtitulo" label="vitrine.fields.corSubtitulo" {...COR} />
        <NumberInput source="tamanhoSubtitulo" label="vitrine.fields.tamanhoSubtitulo" {...TAMANHO} />
      </Box>
      <TextInput source="tituloBotao" label="vitrine.fields.tituloBotao" fullWidth />
      <LinkInputs />
      <PeriodoInputs />
      <ImagemInput tipo="SLIDE" />
      <GruposInput />
      <AtivoInput />
    </Box>
  );
}
