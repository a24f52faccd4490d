import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedSchema } from './print';
import { buildSchema } from './schema';
import type { Feature } from './operation';

describe('GraphQL schema', () => {
  it('matches the committed contract server/schema.graphql (run npm run schema:print after a change)', () => {
    const committed = readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8');
    expect(printedSchema()).toBe(committed);
  });

  it('refuses to build when a schema operation has no declared access rule', () => {
    const feature: Feature = { typeDefs: 'extend type Query { semRegra: Boolean }' };
    expect(() => buildSchema([feature])).toThrow(/Query.semRegra has no declared operation/);
  });

  it('refuses an operation that is not in the SDL', () => {
    const feature: Feature = {
      typeDefs: 'extend type Query { existe: Boolean }',
      Query: {
        existe: { policy: 'public', resolve: () => true },
        fantasma: { policy: 'public', resolve: () => true },
      },
    };
    expect(() => buildSchema([feature])).toThrow(/fantasma/);
  });
});
