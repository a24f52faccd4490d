import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SUPER_ADMIN_FILAS } from '../../../domain/schemas/superAdmin';
import {
  EDITAR_PRODUTO_MUTATION,
  enqueueMutation,
  percentOf,
  PRODUTOS_QUERY,
  resultadoOf,
  SINCRONIZAR_IDENTITY_PROVIDER_MUTATION,
  ULTIMOS_JOBS_QUERY,
} from './superAdmin';

const schema = buildSchema(readFileSync(path.resolve(__dirname, '../../../server/schema.graphql'), 'utf8'));

describe('super-admin GraphQL operations', () => {
  it.each([
    ['produtos', PRODUTOS_QUERY],
    ['ultimosJobs', ULTIMOS_JOBS_QUERY],
    ['editarProduto', EDITAR_PRODUTO_MUTATION],
    ['sincronizarIdentityProvider', SINCRONIZAR_IDENTITY_PROVIDER_MUTATION],
    ...SUPER_ADMIN_FILAS.map((fila) => [fila, enqueueMutation(fila)]),
  ])('%s is valid against the API schema', (_name, source) => {
    expect(validate(schema, parse(source)).map((e) => e.message)).toEqual([]);
  });
});

describe('job progress and result', () => {
  it('computes the percentage, 100 when there was nothing to do, none before counting', () => {
    expect(percentOf({ total: 3, processados: 1 })).toBe(33);
    expect(percentOf({ total: 0, processados: 0 })).toBe(100);
    expect(percentOf({ total: null, processados: 0 })).toBeUndefined();
  });

  it('reads the counts of a result and ignores anything else', () => {
    expect(resultadoOf({ resultado: '{"dealersInativados":3,"nota":"x"}' })).toEqual([['dealersInativados', 3]]);
    expect(resultadoOf({ resultado: 'não é json' })).toEqual([]);
    expect(resultadoOf({ resultado: null })).toEqual([]);
  });
});
