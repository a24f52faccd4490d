import { VitrineEdit } from '../../src/components/vitrine/FormVitrine';
import { SlideInputs } from './SlideInputs';

/** /slides/editar/:id: edits a slide (saved against the version read). */
export default function SlideEdit() {
  return (
    <VitrineEdit tipo="SLIDE">
      <SlideInputs />
    </VitrineEdit>
  );
}
