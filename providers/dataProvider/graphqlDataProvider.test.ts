import { graphql, http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildGraphqlDataProvider } from './graphqlDataProvider';
import { createDataProvider, graphqlRequest, setAccessTokenGetter, toHttpError } from './index';
import { mockApiServer } from '../../src/testing/mockApi';

const GRAPHQL_URL = new URL('/graphql', window.location.origin).href;
const api = graphql.link(GRAPHQL_URL);

const PRODUTOS = [
  {
    id: '1',
    nome: 'Portal',
    URI: 'https://portal',
    baseUriHomolog: null,
    tiposAcesso: [{ id: '10', nome: 'Leitura', __typename: 'TipoAcesso' }],
    __typename: 'Produto',
  },
  {
    id: '2',
    nome: 'Peças',
    URI: 'https://pecas',
    baseUriHomolog: 'https://hml.pecas',
    tiposAcesso: [],
    __typename: 'Produto',
  },
  { id: '3', nome: 'Garantia', URI: null, baseUriHomolog: null, tiposAcesso: [], __typename: 'Produto' },
];

const requests: { operationName: string; authorization: string | null; query: string }[] = [];

const server = mockApiServer(
  api.query('produtos_getList', ({ request, query }) => {
    requests.push({ operationName: 'produtos_getList', authorization: request.headers.get('authorization'), query });
    return HttpResponse.json({ data: { result: PRODUTOS } });
  }),
  api.query('produtos_getOne', () => HttpResponse.json({ data: { result: PRODUTOS } })),
  api.query('produtos_getMany', () => HttpResponse.json({ data: { result: PRODUTOS } })),
);

beforeEach(() => {
  requests.length = 0;
  setAccessTokenGetter(async () => 'token-123');
});

describe('GraphQL data provider (built from the resource table, no introspection)', () => {
  it('pages and sorts the unpaged produtos list on the client, with the bearer token', async () => {
    const dataProvider = buildGraphqlDataProvider();
    const result = await dataProvider.getList('produtos', {
      pagination: { page: 1, perPage: 2 },
      sort: { field: 'nome', order: 'ASC' },
      filter: {},
    });
    expect(result.total).toBe(3);
    expect(result.data.map((p) => p.nome)).toEqual(['Garantia', 'Peças']);
    expect(result.data[1]).toEqual({
      id: '2',
      nome: 'Peças',
      URI: 'https://pecas',
      baseUriHomolog: 'https://hml.pecas',
      tiposAcesso: [],
    });
    // One request, no introspection query before it (onUnhandledRequest would fail the test).
    expect(requests).toHaveLength(1);
    expect(requests[0].authorization).toBe('Bearer token-123');
  });

  it('filters by q ignoring case and accents, and pages the rest', async () => {
    const dataProvider = buildGraphqlDataProvider();
    const result = await dataProvider.getList('produtos', {
      pagination: { page: 2, perPage: 1 },
      sort: { field: 'nome', order: 'DESC' },
      filter: { q: 'PECAS' },
    });
    expect(result).toEqual({ data: [], total: 1 });
  });

  it('picks getOne and getMany out of the whole list; an unknown id is a 404', async () => {
    const dataProvider = buildGraphqlDataProvider();
    await expect(dataProvider.getOne('produtos', { id: '3' })).resolves.toMatchObject({ data: { nome: 'Garantia' } });
    const many = await dataProvider.getMany('produtos', { ids: ['1', '3'] });
    expect(many.data.map((p) => p.id)).toEqual(['1', '3']);
    const missing = await dataProvider.getOne('produtos', { id: '99' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(HttpError);
    expect((missing as HttpError).status).toBe(404);
  });

  it('turns BAD_USER_INPUT field errors into an HttpError react-admin forms understand', async () => {
    server.use(
      api.query('produtos_getList', () =>
        HttpResponse.json({
          data: null,
          errors: [
            {
              message: 'Verifique os dados!',
              extensions: { code: 'BAD_USER_INPUT', fieldErrors: { nome: 'Campo obrigatório' } },
            },
          ],
        }),
      ),
    );
    const error = await buildGraphqlDataProvider()
      .getList('produtos', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Verifique os dados!',
      body: { errors: { nome: 'Campo obrigatório' } },
    });
  });

  it.each([
    ['UNAUTHENTICATED', 401],
    ['FORBIDDEN', 403],
  ])('maps %s to HTTP %i', async (code, status) => {
    server.use(
      api.query('produtos_getList', () =>
        HttpResponse.json({ data: null, errors: [{ message: code, extensions: { code } }] }),
      ),
    );
    const error = await buildGraphqlDataProvider()
      .getList('produtos', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(status);
  });

  it('keeps the HTTP status of a failure that is not a GraphQL answer, its message translated', async () => {
    server.use(
      http.post(
        GRAPHQL_URL,
        () => new HttpResponse('Bad gateway', { status: 502, headers: { 'content-type': 'text/html' } }),
      ),
    );
    const error = await buildGraphqlDataProvider()
      .getList('produtos', { pagination: { page: 1, perPage: 5 }, sort: { field: 'id', order: 'ASC' }, filter: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(502);
    // Said in the user's language, not the proxy's status text.
    expect((error as HttpError).message).toBe('errors.semResposta');
  });

  it('rejects an undeclared operation with the table error', async () => {
    await expect(buildGraphqlDataProvider().create('produtos', { data: { nome: 'x' } })).rejects.toThrow(
      /declares no "create" operation/,
    );
  });

  it('loads the Apollo provider lazily, on the first call only', async () => {
    let loads = 0;
    const dataProvider = createDataProvider(async () => {
      loads += 1;
      return import('./graphqlDataProvider');
    });
    expect(loads).toBe(0);
    await dataProvider.getList('produtos', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    await dataProvider.getMany('produtos', { ids: ['1'] });
    expect(loads).toBe(1);
  });

  it("sends the top bar's named queries and mutations without loading it (the bell polls on every page)", async () => {
    let loads = 0;
    const sent: unknown[] = [];
    server.use(
      api.query('notificacoes_naoLidas', () => HttpResponse.json({ data: { result: 7 } })),
      api.mutation('notificacoes_lida', ({ variables }) => {
        sent.push(variables);
        return HttpResponse.json({ data: { result: { id: '3', lida: true } } });
      }),
    );
    const dataProvider = createDataProvider(async () => {
      loads += 1;
      return import('./graphqlDataProvider');
    });
    expect(await dataProvider.query('notificacoes', 'naoLidas', {})).toEqual({ data: 7 });
    expect(await dataProvider.mutate('notificacoes', 'lida', { id: '3' })).toEqual({ data: { id: '3', lida: true } });
    expect(sent).toEqual([{ id: '3' }]);
    expect(loads).toBe(0);
  });
});

describe('graphqlRequest', () => {
  it('returns data and sends the bearer token', async () => {
    let authorization: string | null = null;
    server.use(
      api.query('usuarioLogado', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ data: { usuarioLogado: { id: '1', nome: 'Ana' } } });
      }),
    );
    const data = await graphqlRequest<{ usuarioLogado: { nome: string } }>(
      'query usuarioLogado { usuarioLogado { id nome } }',
    );
    expect(data.usuarioLogado.nome).toBe('Ana');
    expect(authorization).toBe('Bearer token-123');
  });

  it('sends no Authorization header when signed out', async () => {
    setAccessTokenGetter(async () => null);
    let authorization: string | null = 'unset';
    server.use(
      api.query('i18nLabels', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ data: { i18nLabels: [] } });
      }),
    );
    await graphqlRequest('query i18nLabels { i18nLabels { key value } }');
    expect(authorization).toBeNull();
  });

  it('maps errors like the data provider', async () => {
    server.use(
      api.mutation('mudarLinguaUsuario', () =>
        HttpResponse.json({
          errors: [
            {
              message: 'Dados inválidos',
              extensions: { code: 'BAD_USER_INPUT', fieldErrors: { idioma: 'Opção inválida' } },
            },
          ],
        }),
      ),
    );
    const error = await graphqlRequest(
      'mutation mudarLinguaUsuario { mudarLinguaUsuario(id: "1", idioma: EN) { id } }',
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, body: { errors: { idioma: 'Opção inválida' } } });
  });

  it('uses the HTTP status when the errors carry no code', async () => {
    server.use(
      api.query('usuarioLogado', () => HttpResponse.json({ errors: [{ message: 'no token' }] }, { status: 401 })),
    );
    const error = await graphqlRequest('query usuarioLogado { usuarioLogado { id } }').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
  });
});

describe('setActive', () => {
  it("sends the resource's activate or inactivate mutation and answers the record's new state", async () => {
    const sent: { query: string; id: unknown }[] = [];
    server.use(
      api.mutation('SetActive', ({ query, variables }) => {
        sent.push({ query, id: variables.id });
        return HttpResponse.json({ data: { result: { id: variables.id, active: !query.includes('inativar') } } });
      }),
    );
    const dataProvider = buildGraphqlDataProvider();
    expect(await dataProvider.setActive('dealers', { id: '7', active: false })).toEqual({
      data: { id: '7', active: false },
    });
    expect(await dataProvider.setActive('grupos', { id: '8', active: true })).toEqual({
      data: { id: '8', active: true },
    });
    expect(sent.map((s) => [s.query.match(/result: (\w+)/)?.[1], s.id])).toEqual([
      ['inativarDealer', '7'],
      ['ativarGrupo', '8'],
    ]);
    await expect(dataProvider.setActive('produtos', { id: '1', active: true })).rejects.toThrow(
      /declares no setActive/,
    );
  });
});

describe("query (a resource's named query)", () => {
  it('sends the declared operation with only the declared input fields, and answers its result', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      api.query('grupos_impacto', ({ variables }) => {
        sent.push(variables.input as Record<string, unknown>);
        return HttpResponse.json({
          data: { result: { dealersDesvinculados: 1, dealersInativados: 2, usuariosInativados: 3 } },
        });
      }),
    );
    const dataProvider = buildGraphqlDataProvider();
    const answer = await dataProvider.query('grupos', 'impacto', {
      id: '4',
      nome: 'Sul',
      marcaIds: ['1'],
      active: false,
      extra: 'x',
    });
    expect(answer).toEqual({ data: { dealersDesvinculados: 1, dealersInativados: 2, usuariosInativados: 3 } });
    expect(sent).toEqual([{ id: '4', nome: 'Sul', marcaIds: ['1'], active: false }]);
    await expect(dataProvider.query('grupos', 'naoExiste' as never, {})).rejects.toThrow(/queries.naoExiste/);
  });
});

describe('toHttpError', () => {
  it('prefers the first error with a known code', () => {
    const error = toHttpError([{ message: 'other' }, { message: 'Proibido', extensions: { code: 'FORBIDDEN' } }]);
    expect(error.status).toBe(403);
    expect(error.message).toBe('Proibido');
  });

  it("puts the server's whole-input error (`_`) where react-admin shows it above the form", () => {
    const error = toHttpError([
      {
        message: 'Verifique',
        extensions: { code: 'BAD_USER_INPUT', fieldErrors: { _: 'Dados inválidos', 'endereco.cidade': 'Obrigatório' } },
      },
    ]);
    expect(error.body).toEqual({
      code: 'BAD_USER_INPUT',
      errors: { 'endereco.cidade': 'Obrigatório', root: { serverError: 'Dados inválidos' } },
    });
  });

  it('is a 500 for unknown codes on a 200 answer', () => {
    expect(toHttpError([{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }]).status).toBe(500);
  });
});
