import { departamentos } from '../../db/schema';
import { referenceQueries } from '../../reference/feature';

// Data access of the departments (drizzle only). The list is small and read whole.

export type DepartamentoRow = typeof departamentos.$inferSelect;

export const departamentoQueries = referenceQueries(departamentos, departamentos.nome);
