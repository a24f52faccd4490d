import { VitrineList } from '../../src/components/vitrine/ListaVitrine';

/** /slides: the slides the caller maintains in carousel order, with their display state. */
export default function SlideList() {
  return <VitrineList tipo="SLIDE" />;
}
