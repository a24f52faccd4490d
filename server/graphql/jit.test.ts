import { parse } from 'graphql';
import { createYoga, createSchema } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { jitPlugin, recurring } from './jit';

describe('graphql-jit', () => {
  it('compiles a document from its second run on, each document counted apart', () => {
    const first = parse('{ a }');
    const other = parse('{ a }');
    expect(recurring(first)).toBe(false);
    expect(recurring(first)).toBe(true);
    expect(recurring(first)).toBe(true);
    expect(recurring(other)).toBe(false);
  });

  it('answers as the plain executor does, errors included', async () => {
    const errors: unknown[] = [];
    const yoga = createYoga({
      schema: createSchema({
        typeDefs: 'type Query { hello(name: String!): String, broken: String }',
        resolvers: {
          Query: {
            hello: (_: unknown, { name }: { name: string }) => `olá, ${name}`,
            broken: () => {
              throw new Error('quebrou');
            },
          },
        },
      }),
      plugins: [jitPlugin({ error: (entry: unknown) => errors.push(entry) })],
      maskedErrors: false,
      logging: false,
    });
    const ask = async () => {
      const response = await yoga.fetch('http://portal.test/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query Q($n: String!) { hello(name: $n) broken }', variables: { n: 'Ana' } }),
      });
      return response.json();
    };
    const plain = await ask();
    const compiled = await ask();
    expect(plain).toEqual({
      data: { hello: 'olá, Ana', broken: null },
      errors: [expect.objectContaining({ message: 'quebrou', path: ['broken'] })],
    });
    // graphql-jit leaves out an error's `locations` (optional in the spec; the client reads `path`
    // and `extensions`): otherwise the answers are the same.
    const { errors: plainErrors, ...plainData } = plain as { errors: Record<string, unknown>[] };
    expect(plainErrors[0]).toHaveProperty('locations'); // the first run was not compiled
    expect(compiled).toEqual({ ...plainData, errors: plainErrors.map(({ locations: _, ...error }) => error) });
    expect(errors).toEqual([]);
  });
});
