import { beforeEach, describe, expect, it } from 'vitest';
import { buildGraphqlDataProvider } from '../../providers/dataProvider/graphqlDataProvider';
import { setAccessTokenGetter } from '../../providers/dataProvider';
import { resourceHandlers } from './mockApi';
import { mockApiServer } from './mockApi';

const NAMES = ['Alfa', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf'];
const dealers = NAMES.map((nome, i) => ({ id: String(i + 1), nomeExibicao: `Dealer ${nome}`, active: i !== 3 }));
const divisoes = [
  { id: '1', nome: 'Vendas' },
  { id: '2', nome: 'Pós-venda' },
];
mockApiServer(...resourceHandlers({ dealers, divisoes }));

beforeEach(() => setAccessTokenGetter(async () => 'token'));

describe('the mock API generated from the resource table', () => {
  const dataProvider = buildGraphqlDataProvider();
  const page = (n: number, filter = {}) =>
    dataProvider.getList('dealers', {
      pagination: { page: n, perPage: 3 },
      sort: { field: 'id', order: 'ASC' },
      filter,
    });

  it('answers a paged list page by page, with the total', async () => {
    expect((await page(2)).data.map((d) => d.nomeExibicao)).toEqual(['Dealer Delta', 'Dealer Echo', 'Dealer Foxtrot']);
    expect(await page(3)).toMatchObject({ data: [{ nomeExibicao: 'Dealer Golf' }], total: 7 });
  });

  it('filters by search and by equality before paging', async () => {
    expect(await page(1, { q: 'delta' })).toMatchObject({ data: [{ id: '4' }], total: 1 });
    expect((await page(2, { active: true })).data.map((d) => d.id)).toEqual(['5', '6', '7']);
  });

  it('answers one record, several, and a whole list', async () => {
    expect((await dataProvider.getOne('dealers', { id: '6' })).data).toMatchObject({ nomeExibicao: 'Dealer Foxtrot' });
    expect((await dataProvider.getMany('divisoes', { ids: ['2'] })).data).toEqual([{ id: '2', nome: 'Pós-venda' }]);
    expect(
      (
        await dataProvider.getList('divisoes', {
          pagination: { page: 1, perPage: 10 },
          sort: { field: 'nome', order: 'ASC' },
          filter: {},
        })
      ).total,
    ).toBe(2);
  });
});
