import { VitrineCreate } from '../../src/components/vitrine/FormVitrine';
import { SlideInputs } from './SlideInputs';

/** /slides/novo: a new slide, active, shown from now for a week unless changed. */
export default function SlideCreate() {
  return (
    <VitrineCreate tipo="SLIDE">
      <SlideInputs />
    </VitrineCreate>
  );
}
