import { VitrineEdit } from '../../src/components/vitrine/FormVitrine';
import { AnuncioInputs } from './AnuncioInputs';

/** /anuncios/editar/:id: edits an advert (saved against the version read). */
export default function AnuncioEdit() {
  return (
    <VitrineEdit tipo="ANUNCIO">
      <AnuncioInputs />
    </VitrineEdit>
  );
}
