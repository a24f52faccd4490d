import { desligamentos } from '../../db/schema';
import { referenceQueries } from '../../reference/feature';

// Data access of the dismissal reasons (drizzle only). The list is small and read whole.

export type DesligamentoRow = typeof desligamentos.$inferSelect;

export const desligamentoQueries = referenceQueries(desligamentos, desligamentos.motivo);
