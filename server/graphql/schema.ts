import { readFileSync } from 'node:fs';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { createSchema } from 'graphql-yoga';
import { authorize } from '../authz';
import type { Context } from './context';
import { refuseNulCharacters } from './input';
import type { Feature, Operations } from './operation';
import { features } from '../features';

const baseTypeDefs = readFileSync(new URL('./base.graphql', import.meta.url), 'utf8');

type Root = 'Query' | 'Mutation';

/** Every operation of every feature, by root type and name: the authorization matrix reads it. */
export function operationTable(list: Feature[] = features): Record<Root, Operations> {
  const table: Record<Root, Operations> = { Query: {}, Mutation: {} };
  for (const feature of list) {
    for (const root of ['Query', 'Mutation'] as const) {
      for (const [name, op] of Object.entries(feature[root] ?? {})) {
        if (table[root][name]) throw new Error(`${root}.${name} is declared twice`);
        table[root][name] = op;
      }
    }
  }
  return table;
}

export function buildSchema(list: Feature[] = features): GraphQLSchema {
  const table = operationTable(list);
  const resolvers: Record<string, Record<string, unknown>> = {};
  for (const root of ['Query', 'Mutation'] as const) {
    resolvers[root] = Object.fromEntries(
      Object.entries(table[root]).map(([name, op]) => [
        name,
        async (_parent: unknown, args: Record<string, unknown>, ctx: Context) => {
          if (op.policy !== 'public') authorize(ctx.session, op.policy, ctx.idioma);
          refuseNulCharacters(args, ctx.idioma);
          return op.resolve(args as never, ctx);
        },
      ]),
    );
  }
  for (const feature of list) {
    for (const [type, fields] of Object.entries(feature.types ?? {})) {
      resolvers[type] = { ...resolvers[type], ...fields };
    }
  }
  const schema = createSchema<Context>({
    typeDefs: [baseTypeDefs, ...list.map((f) => f.typeDefs)],
    resolvers,
  });
  for (const root of ['Query', 'Mutation'] as const) {
    const type = root === 'Query' ? schema.getQueryType() : schema.getMutationType();
    for (const name of Object.keys(type?.getFields() ?? {})) {
      if (!table[root][name]) throw new GraphQLError(`${root}.${name} has no declared operation and access rule`);
    }
    for (const name of Object.keys(table[root])) {
      if (!type?.getFields()[name]) throw new Error(`${root}.${name} is declared but not in the SDL`);
    }
  }
  return schema;
}
