import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../../domain/operations';
import { SUPER_ADMIN_FILAS } from '../../../domain/schemas/superAdmin';
import { percentOf, resultadoOf } from './superAdmin';

describe('super-admin operations', () => {
  // Their validity against the API schema: src/graphqlContract.test.ts.
  it('declare one mutation per queue the page starts, by the queue name', () => {
    for (const fila of SUPER_ADMIN_FILAS) expect(OPERATIONS.superAdmin.mutations).toHaveProperty(fila);
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
