import { divisoes } from '../../db/schema';
import { referenceQueries } from '../../reference/feature';

// Data access of the divisions (drizzle only). The list is small and read whole.

export type DivisaoRow = typeof divisoes.$inferSelect;

export const divisaoQueries = referenceQueries(divisoes, divisoes.nome);
