import { request } from 'node:http';
import { SignJWT, importJWK } from 'jose';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../domain/resources';
import { MAX_UNPAGED_ROWS } from '../../domain/schemas/lista';
import { signingKeys } from '../../server/auth/secrets';
import * as s from '../../server/db/schema';
import { cnpjFrom } from '../../server/db/seed/builders';
import { seededRandom } from '../../server/db/seed/random';
import { DEMO, errorCode, gql, signIn, startPortal, type GraphQLResponse, type TestPortal } from './portal';

// Limits of a GraphQL request (server/graphql/limits.ts) and of its arguments: refused fast, with a
// translated BAD_USER_INPUT, and never an INTERNAL_SERVER_ERROR from the database.

let portal: TestPortal;
let superToken = '';
let db: TestPortal['database']['db'];

beforeAll(async () => {
  portal = await startPortal();
  db = portal.database.db;
  superToken = (await signIn(portal, DEMO.super)).access_token;
});
afterAll(() => portal?.close());

type Extensions = {
  code?: string;
  messageKey?: string;
  limit?: string;
  max?: number;
  detail?: string;
  fieldErrors?: Record<string, string>;
};
const extensionsOf = (response: GraphQLResponse) => (response.errors?.[0]?.extensions ?? {}) as Extensions;
const fieldErrors = (response: GraphQLResponse) => extensionsOf(response).fieldErrors ?? {};

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${portal.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = (await response.json()) as GraphQLResponse;
  return { status: response.status, json };
}

const aliases = (n: number, field: string) =>
  `query { ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

describe('query limits', () => {
  it('refuses 5,000 aliases of the public i18nLabels, in the caller language', async () => {
    const query = aliases(5000, 'i18nLabels { key value }');
    const ptBR = await post({ query });
    expect(ptBR.json.data ?? null).toBeNull();
    expect(ptBR.json.errors).toHaveLength(1);
    expect(extensionsOf(ptBR.json)).toMatchObject({ code: 'BAD_USER_INPUT', messageKey: 'errors.limits.tokens' });
    expect(ptBR.json.errors![0].message).toBe('Consulta grande demais: no máximo 1000 elementos por consulta.');

    // The same document again (Yoga caches the refusal) in another language.
    const es = await post({ query }, { 'accept-language': 'es' });
    expect(es.json.errors![0].message).toBe('Consulta demasiado grande: como máximo 1000 elementos por consulta.');
  });

  it('refuses more aliases than allowed even in a short document', async () => {
    const refused = await post({ query: aliases(16, 'i18nLabels { key }') }, { 'accept-language': 'en' });
    expect(extensionsOf(refused.json)).toMatchObject({
      code: 'BAD_USER_INPUT',
      messageKey: 'errors.limits.aliases',
      limit: 'aliases',
      max: 15,
    });
    expect(refused.json.errors![0].message).toBe('Query too large: at most 15 aliases per query.');

    const allowed = await post({ query: aliases(15, 'i18nLabels { key }') });
    expect(allowed.json.errors).toBeUndefined();
    expect(Object.keys(allowed.json.data!)).toHaveLength(15);
  });

  it('refuses 500 aliases of the dealers list before running any', async () => {
    const query = aliases(
      500,
      'dealers(filterInput: { rowsPerPage: 100 }) { content { id nomeExibicao } totalElements }',
    );
    const refused = await gql(portal, query, {}, superToken);
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(extensionsOf(refused).messageKey).toMatch(/^errors\.limits\./);
    expect(refused.data ?? null).toBeNull();
  });

  it('refuses a query nested deeper than allowed', async () => {
    const deep = await gql(
      portal,
      'query { dealers(filterInput: {}) { content { a { b { c { d { e { f { g } } } } } } } } }',
      {},
      superToken,
    );
    expect(extensionsOf(deep)).toMatchObject({ code: 'BAD_USER_INPUT', messageKey: 'errors.limits.depth', max: 7 });
    expect(deep.errors).toHaveLength(1);
    expect(deep.errors![0].message).toBe('Consulta aninhada demais: no máximo 7 níveis.');
  });

  it('refuses a query whose cost is too high, though within the alias limit', async () => {
    const query = aliases(14, `dealers(filterInput: { rowsPerPage: 100 }) { content { ${RESOURCES.dealers.fields} } }`);
    const refused = await gql(portal, query, {}, superToken);
    expect(extensionsOf(refused)).toMatchObject({ code: 'BAD_USER_INPUT', messageKey: 'errors.limits.cost' });
  });

  it('refuses a body larger than the limit with a translated answer, before reading it', async () => {
    const busca = 'x'.repeat(1024 * 1024);
    const refused = await post(
      {
        query: 'query($f: DealerFilterInput!) { dealers(filterInput: $f) { totalElements } }',
        variables: { f: { busca } },
      },
      { authorization: `Bearer ${superToken}` },
    );
    expect(refused.status).toBe(413);
    expect(extensionsOf(refused.json)).toMatchObject({
      code: 'BAD_USER_INPUT',
      messageKey: 'errors.limits.body',
      max: 256,
    });
    expect(refused.json.errors![0].message).toBe('Solicitação grande demais: no máximo 256 KB.');

    const notJson = await post('{"query": ', { 'accept-language': 'en' });
    expect(notJson.status).toBe(400);
    expect(extensionsOf(notJson.json)).toMatchObject({ code: 'BAD_USER_INPUT', messageKey: 'errors.invalidRequest' });
  });
});

describe('every list the client reads still passes, one normal page each', () => {
  // The client's own selections (domain/resources.ts) with the __typename Apollo adds.
  const typed = (fields: string) => fields.replace(/\{/g, '{ __typename');
  const paged = (op: string, type: string, fields: string) =>
    `query($f: ${type}!) { result: ${op}(filterInput: $f) { __typename content { __typename ${typed(fields)} } totalElements } }`;

  it.each([
    ['dealers', paged('dealers', 'DealerFilterInput', RESOURCES.dealers.getList.fields)],
    ['grupos', paged('grupos', 'GrupoFilterInput', RESOURCES.grupos.fields)],
  ])('%s', async (_name, query) => {
    const response = await gql<{ result: { content: unknown[] } }>(
      portal,
      query,
      { f: { page: 0, rowsPerPage: 100, busca: '' } },
      superToken,
    );
    expect(response.errors).toBeUndefined();
    expect(response.data!.result.content.length).toBeGreaterThan(0);
  });

  it.each([
    'gruposAtivos',
    'marcas',
    'cargos',
    'departamentos',
    'divisoes',
    'setores',
    'desligamentos',
    'redesSociais',
    'produtos',
  ])('%s', async (op) => {
    const fields = op === 'gruposAtivos' ? RESOURCES.grupos.fields : RESOURCES[op as keyof typeof RESOURCES].fields;
    const response = await gql<{ result: unknown[] }>(
      portal,
      `query { result: ${op} { __typename ${typed(fields)} } }`,
      {},
      superToken,
    );
    expect(response.errors).toBeUndefined();
    expect(Array.isArray(response.data!.result)).toBe(true);
  });

  it('the audit of a record, the signed-in user, the menu and the jobs', async () => {
    const [{ id }] = await db.select({ id: s.dealers.id }).from(s.dealers).limit(1);
    const auditoria = await gql(
      portal,
      `query($f: AuditoriaFilterInput!) { auditoria(filterInput: $f) { content { id alteracao data
        autor { id nome email } campos diferencas { campo anterior novo } valorAnterior valorNovo } totalElements campos } }`,
      { f: { tipo: 'DEALER', registroId: String(id), page: 0, rowsPerPage: 100 } },
      superToken,
    );
    expect(auditoria.errors).toBeUndefined();
    const others = await gql(
      portal,
      `query { usuarioLogado { id nome email avatarLink tipo { id } idioma { id } funcionalidades { id chave }
        marcas { id nome } produtos { id nome URI tiposAcesso { id nome } }
        dealers { id nomeExibicao grupo { id nome } } tiposUsuarios }
        menuUsuarioLogado { title theme locales { id description } menus }
        ultimosJobs { id fila status total processados }
        i18nLabels { key value } }`,
      {},
      superToken,
    );
    expect(others.errors).toBeUndefined();
  });

  it('refuses a page of more than 100 rows in every paged list', async () => {
    const [{ id }] = await db.select({ id: s.dealers.id }).from(s.dealers).limit(1);
    for (const [query, f] of [
      ['query($f: DealerFilterInput!) { dealers(filterInput: $f) { totalElements } }', { rowsPerPage: 101 }],
      ['query($f: GrupoFilterInput!) { grupos(filterInput: $f) { totalElements } }', { rowsPerPage: 101 }],
      [
        'query($f: AuditoriaFilterInput!) { auditoria(filterInput: $f) { totalElements } }',
        { tipo: 'DEALER', registroId: String(id), rowsPerPage: 101 },
      ],
    ] as const) {
      const refused = await gql(portal, query, { f }, superToken);
      expect(errorCode(refused), query).toBe('BAD_USER_INPUT');
      expect(fieldErrors(refused)).toMatchObject({
        [query.includes('auditoria') ? 'filterInput.rowsPerPage' : 'rowsPerPage']: 'Deve ser no máximo 100',
      });
    }
  });

  it('answers at most MAX_UNPAGED_ROWS rows from an unpaged list', async () => {
    await db.execute(
      sql`insert into cargos (nome) select 'Cargo em massa ' || g from generate_series(1, ${MAX_UNPAGED_ROWS + 1}) g`,
    );
    const response = await gql<{ cargos: unknown[] }>(portal, 'query { cargos { id } }', {}, superToken);
    expect(response.errors).toBeUndefined();
    expect(response.data!.cargos).toHaveLength(MAX_UNPAGED_ROWS);
    await db.execute(sql`delete from cargos where nome like 'Cargo em massa %'`);
  });
});

describe('introspection and field suggestions', () => {
  const INTROSPECTION = 'query { __schema { queryType { name } types { name } } }';

  it('are off in prod (the default APP_ENV)', async () => {
    expect(portal.config.environment).toBe('prod');
    const refused = await gql(portal, INTROSPECTION);
    expect(refused.data ?? null).toBeNull();
    expect(extensionsOf(refused)).toMatchObject({ code: 'BAD_USER_INPUT', messageKey: 'errors.introspectionDisabled' });
    expect(refused.errors![0].message).toBe(
      'A consulta ao esquema da API (introspecção) está desativada neste ambiente.',
    );
    const typeQuery = await gql(portal, 'query { __type(name: "Dealer") { name fields { name } } }');
    expect(extensionsOf(typeQuery).messageKey).toBe('errors.introspectionDisabled');

    const typo = await gql(portal, 'query { usuarioLogad { id } i18nLabels { ke } }', {}, superToken);
    expect(errorCode(typo)).toBe('BAD_USER_INPUT');
    expect(typo.errors![0].message).toBe('Consulta inválida.');
    expect(JSON.stringify(typo)).not.toMatch(/Did you mean|usuarioLogado|"key"/);
  });

  it('are on outside prod (APP_ENV=dev)', async () => {
    const dev = await startPortal({ APP_ENV: 'dev' });
    try {
      const allowed = await gql<{ __schema: { queryType: { name: string } } }>(dev, INTROSPECTION);
      expect(allowed.errors).toBeUndefined();
      expect(allowed.data!.__schema.queryType.name).toBe('Query');
      const typo = await gql(dev, 'query { i18nLabels { ke } }');
      expect(extensionsOf(typo).detail).toMatch(/Did you mean "key"\?/);
    } finally {
      await dev.close();
    }
  });
});

describe('bad ids and strings are BAD_USER_INPUT, never INTERNAL_SERVER_ERROR', () => {
  it('an Int argument past 2^31-1, inline or as a variable', async () => {
    const inline = await gql(
      portal,
      'query { dealers(filterInput: { page: 2147483648 }) { totalElements } }',
      {},
      superToken,
    );
    expect(extensionsOf(inline)).toMatchObject({ code: 'BAD_USER_INPUT', messageKey: 'errors.invalidArgument' });
    expect(inline.errors![0].message).toBe(
      'Valor inválido em um argumento da consulta: fora do intervalo permitido ou de tipo errado.',
    );
    const variable = await gql(
      portal,
      'query($f: GrupoFilterInput!) { grupos(filterInput: $f) { totalElements } }',
      { f: { rowsPerPage: 2147483648 } },
      superToken,
      { 'accept-language': 'en' },
    );
    expect(extensionsOf(variable)).toMatchObject({ code: 'BAD_USER_INPUT', messageKey: 'errors.invalidArgument' });
    // Signed in, the message follows the user's language (pt-BR), not the header.
    expect(variable.errors![0].message).toBe(
      'Valor inválido em um argumento da consulta: fora do intervalo permitido ou de tipo errado.',
    );
    const lastPage = await gql(
      portal,
      'query { dealers(filterInput: { page: 2147483647, rowsPerPage: 100 }) { content { id } } }',
      {},
      superToken,
    );
    expect(lastPage.errors).toBeUndefined();
  });

  it('an ID past 2^31-1 in every kind of argument', async () => {
    const big = '2147483648';
    const cases: [string, Record<string, unknown>, string][] = [
      ['query($id: ID!) { dealer(id: $id) { id } }', { id: big }, 'id'],
      ['query($id: ID!) { grupo(id: $id) { id } }', { id: big }, 'id'],
      ['mutation($id: ID!) { excluirCargo(id: $id) }', { id: big }, 'id'],
      ['mutation($id: ID!) { ativarMarca(id: $id) { id } }', { id: big }, 'id'],
      ['query($m: ID) { redesSociais(marca: $m) { id } }', { m: big }, 'marca'],
      [
        'query($f: DealerFilterInput!) { dealers(filterInput: $f) { totalElements } }',
        { f: { marcaIds: [big] } },
        'marcaIds.0',
      ],
      [
        'query($f: AuditoriaFilterInput!) { auditoria(filterInput: $f) { totalElements } }',
        { f: { tipo: 'DEALER', registroId: big } },
        'filterInput.registroId',
      ],
      [
        'mutation($g: GrupoInput!) { salvarGrupo(grupo: $g) { id } }',
        { g: { id: big, nome: 'G', marcaIds: ['1'] } },
        'id',
      ],
      [
        'mutation($p: ProdutoEdicaoInput!) { editarProduto(produto: $p) { id } }',
        { p: { id: big, baseUriHomolog: 'https://h.test' } },
        'produto.id',
      ],
    ];
    for (const [query, variables, field] of cases) {
      const refused = await gql(portal, query, variables, superToken);
      expect(errorCode(refused), query).toBe('BAD_USER_INPUT');
      expect(fieldErrors(refused), query).toEqual({ [field]: 'Valor inválido' });
    }
  });

  it('a NUL character in a search and in a save input', async () => {
    const search = await gql(
      portal,
      'query($f: DealerFilterInput!) { dealers(filterInput: $f) { totalElements } }',
      { f: { busca: 'Aurora\u0000' } },
      superToken,
    );
    expect(errorCode(search)).toBe('BAD_USER_INPUT');
    expect(fieldErrors(search)).toEqual({ busca: 'Contém caracteres não permitidos' });

    const save = await gql(
      portal,
      'mutation($c: CargoInput!) { salvarCargo(cargo: $c) { id } }',
      { c: { nome: 'Gerente\u0000' } },
      superToken,
    );
    expect(errorCode(save)).toBe('BAD_USER_INPUT');
    expect(fieldErrors(save)).toEqual({ nome: 'Contém caracteres não permitidos' });

    const inline = await gql(
      portal,
      'query { i18nLabels { key } dealers(filterInput: { busca: "a\\u0000" }) { totalElements } }',
      {},
      superToken,
    );
    expect(fieldErrors(inline)).toEqual({ busca: 'Contém caracteres não permitidos' });

    const list = await gql(
      portal,
      'mutation($g: GrupoInput!) { salvarGrupo(grupo: $g) { id } }',
      { g: { nome: 'Grupo', marcaIds: ['1', '2\u0000'] } },
      superToken,
    );
    expect(fieldErrors(list)).toEqual({ 'marcaIds.1': 'Contém caracteres não permitidos' });
  });

  it('a search longer than allowed that fits in the body limit', async () => {
    const refused = await gql(
      portal,
      'query($f: DealerFilterInput!) { dealers(filterInput: $f) { totalElements } }',
      { f: { busca: 'x'.repeat(200 * 1024) } },
      superToken,
    );
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(fieldErrors(refused)).toEqual({ busca: 'Deve ter no máximo 200 caracteres' });
  });
});

describe('URL fields accept http(s) only', () => {
  const random = seededRandom(777);

  it('refuses javascript: in a dealer complementary-data URI, a social network and a staging URI', async () => {
    const [setor] = await db.select().from(s.setores).limit(1);
    const [marca] = await db.select().from(s.marcas).limit(1);
    const [produto] = await db.select().from(s.produtos).limit(1);
    const dealer = await gql(
      portal,
      'mutation($d: DealerInput!) { salvarDealer(dealer: $d) { id } }',
      {
        d: {
          nomeExibicao: 'Dealer com link',
          razaoSocial: 'Concessionária de Teste Ltda',
          cnpj: cnpjFrom(random),
          codigos: ['JS1'],
          divisaoId: String(setor.divisaoId),
          setorId: String(setor.id),
          marcaIds: [String(marca.id)],
          dadosComplementares: [{ produtoId: String(produto.id), uri: 'javascript:alert(1)' }],
        },
      },
      superToken,
    );
    expect(errorCode(dealer)).toBe('BAD_USER_INPUT');
    expect(fieldErrors(dealer)).toEqual({ 'dadosComplementares.0.uri': 'URL inválida' });

    const rede = await gql(
      portal,
      'mutation($r: RedeSocialInput!) { salvarRedeSocial(redeSocial: $r) { id } }',
      { r: { marcaId: String(marca.id), nome: 'X', url: 'javascript:alert(1)', icone: 'fab|x' } },
      superToken,
    );
    expect(fieldErrors(rede)).toEqual({ url: 'URL inválida' });

    const produtoEdit = await gql(
      portal,
      'mutation($p: ProdutoEdicaoInput!) { editarProduto(produto: $p) { id } }',
      { p: { id: String(produto.id), baseUriHomolog: 'javascript:alert(1)' } },
      superToken,
    );
    expect(fieldErrors(produtoEdit)).toEqual({ 'produto.baseUriHomolog': 'URL inválida' });
  });
});

describe('access tokens', () => {
  async function signed(claims: Record<string, unknown>, expires: boolean) {
    const { keys } = await signingKeys(db);
    const key = await importJWK(keys[0], 'RS256');
    let jwt = new SignJWT({ email: DEMO.super, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: keys[0].kid, typ: 'at+jwt' })
      .setIssuer(portal.config.oidcIssuer)
      .setAudience(portal.config.oidcAudience!)
      .setSubject('super')
      .setIssuedAt();
    if (expires) jwt = jwt.setExpirationTime('5m');
    return jwt.sign(key);
  }

  it('refuses a token of our own issuer without exp', async () => {
    const query = 'query { usuarioLogado { email } }';
    const withExp = await gql<{ usuarioLogado: { email: string } }>(portal, query, {}, await signed({}, true));
    expect(withExp.data?.usuarioLogado.email).toBe(DEMO.super);
    const withoutExp = await gql(portal, query, {}, await signed({}, false));
    expect(errorCode(withoutExp)).toBe('UNAUTHENTICATED');
  });
});

describe('an address sending refused queries in a loop', () => {
  it('gets 429 before its body is read once it spent its refusals, while another address goes on', async () => {
    const own = await startPortal({ GRAPHQL_REFUSALS_PER_MINUTE: '3' });
    const from = (localAddress: string, body: string) =>
      new Promise<{ status: number; retryAfter?: string; json: GraphQLResponse }>((resolve, reject) => {
        const req = request(
          `${own.url}/graphql`,
          { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'accept-language': 'en' } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                retryAfter: res.headers['retry-after'],
                json: JSON.parse(Buffer.concat(chunks).toString()) as GraphQLResponse,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      const heavy = JSON.stringify({ query: aliases(5000, 'i18nLabels { key }') });
      const cheap = JSON.stringify({ query: '{ i18nLabels { key } }' });
      for (let i = 0; i < 3; i++) {
        expect(extensionsOf((await from('127.0.0.1', heavy)).json).messageKey).toBe('errors.limits.tokens');
      }
      const blocked = await from('127.0.0.1', cheap);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
      expect(extensionsOf(blocked.json)).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(blocked.json.errors![0].message).toMatch(
        /^Too many refused queries from this address: try again in \d+ s\.$/,
      );
      const other = await from('127.0.0.2', cheap);
      expect([other.status, other.json.errors]).toEqual([200, undefined]);
    } finally {
      await own.close();
    }
  });
});
