import { VitrineCreate } from '../../src/components/vitrine/FormVitrine';
import { AnuncioInputs } from './AnuncioInputs';

/** /anuncios/novo: a new advert, active, shown from now for a week unless changed. */
export default function AnuncioCreate() {
  return (
    <VitrineCreate tipo="ANUNCIO">
      <AnuncioInputs />
    </VitrineCreate>
  );
}
