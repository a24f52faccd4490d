import { lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema } from './schema';

/** The schema as committed in server/schema.graphql (sorted, so diffs show real changes only). */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(buildSchema()))}\n`;
}
