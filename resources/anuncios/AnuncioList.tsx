import { VitrineList } from '../../src/components/vitrine/ListaVitrine';

/** /anuncios: the adverts the caller maintains, newest first, with their display state. */
export default function AnuncioList() {
  return <VitrineList tipo="ANUNCIO" />;
}
