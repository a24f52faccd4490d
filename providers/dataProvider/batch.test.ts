import { describe, expect, it, vi } from 'vitest';
import { batchedQuery, createBatcher } from './batch';

const TABLES = {
  pagina: {
    queries: {
      a: { operation: 'opA', fields: 'id' },
      b: { operation: 'opB', args: { n: 'Int' }, fields: 'id nome' },
      c: { operation: 'opC', fields: '' },
    },
  },
};

describe('batched named queries', () => {
  it('builds one document: each query under its alias, its variables prefixed', () => {
    const built = batchedQuery(TABLES, 'pagina', [
      { name: 'a', data: {} },
      { name: 'b', data: { n: 3 } },
    ]);
    expect(built.query).toBe('query pagina_a_b($b_1_n: Int) { a_0: opA { id } b_1: opB(n: $b_1_n) { id nome } }');
    expect(built.variables).toEqual({ b_1_n: 3 });
    expect(built.aliases).toEqual(['a_0', 'b_1']);
  });

  it('sends the queries of one tick together and answers each with its own field or error', async () => {
    const send = vi.fn(async () => ({
      status: 200,
      result: {
        data: { a_0: [{ id: '1' }], b_1: null, c_2: 7 },
        errors: [{ message: 'falhou', path: ['b_1'], extensions: { code: 'FORBIDDEN' } }],
      },
    }));
    const batched = createBatcher(TABLES, send as never);
    const [a, b, c] = await Promise.allSettled([
      batched('pagina', 'a'),
      batched('pagina', 'b', { n: 1 }),
      batched('pagina', 'c'),
    ]);
    expect(send).toHaveBeenCalledTimes(1);
    expect(a).toEqual({ status: 'fulfilled', value: { data: [{ id: '1' }] } });
    expect(c).toEqual({ status: 'fulfilled', value: { data: 7 } });
    expect(b.status).toBe('rejected');
    expect((b as PromiseRejectedResult).reason).toMatchObject({ message: 'falhou', status: 403 });
  });

  it('an error of the whole request (no path) rejects every query of it', async () => {
    const send = vi.fn(async () => ({
      status: 401,
      result: { data: null, errors: [{ message: 'expirou', extensions: { code: 'UNAUTHENTICATED' } }] },
    }));
    const batched = createBatcher(TABLES, send as never);
    const results = await Promise.allSettled([batched('pagina', 'a'), batched('pagina', 'c')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ status: 401 });
  });

  it('an undeclared query is refused before anything is sent', async () => {
    const send = vi.fn();
    const batched = createBatcher(TABLES, send as never);
    const results = await Promise.allSettled([batched('pagina', 'a'), batched('pagina', 'zzz')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(send).not.toHaveBeenCalled();
  });
});
