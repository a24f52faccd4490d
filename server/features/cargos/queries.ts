import { cargos } from '../../db/schema';
import { referenceQueries } from '../../reference/feature';

// Data access of the positions (drizzle only). The list is small and read whole.

export type CargoRow = typeof cargos.$inferSelect;

export const cargoQueries = referenceQueries(cargos, cargos.nome);
