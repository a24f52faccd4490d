import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionKey, TipoUsuario } from '../../domain/enums';
import { recordAudit } from '../../server/audit';
import { hashPassword } from '../../server/auth/passwords';
import { auditoria, divisoes, produtos, setores, usuarios } from '../../server/db/schema';
import { cnpjFrom, createDealer, createGrupo, createMarca, createUsuario } from '../../server/db/seed/builders';
import { seededRandom } from '../../server/db/seed/random';
import {
  DEMO,
  DEMO_PASSWORD,
  errorCode,
  gql,
  signIn,
  startPortal,
  type GraphQLResponse,
  type TestPortal,
} from './portal';

const QUERY = `query($filterInput: AuditoriaFilterInput!) {
  auditoria(filterInput: $filterInput) {
    content {
      id alteracao data autor { id nome email } valorAnterior valorNovo campos
      diferencas { campo anterior novo }
    }
    totalElements
    campos
  }
}`;

interface Entry {
  id: string;
  alteracao: string;
  data: string;
  autor: { id: string; nome: string; email: string } | null;
  valorAnterior: string | null;
  valorNovo: string | null;
  campos: string[];
  diferencas: { campo: string; anterior: string | null; novo: string | null }[];
}
interface Page {
  content: Entry[];
  totalElements: number;
  campos: string[];
}

type Who = 'super' | 'montadora' | 'dealer' | 'montadoraA' | 'montadoraSlides' | 'dealerGrupo';
const tokens = {} as Record<Who, string>;
let portal: TestPortal;
const ids = {
  superId: 0,
  colegaId: 0,
  dealerA: 0,
  dealerB: 0,
  grupoA: 0,
  grupoB: 0,
};

/** 12 changes of dealer A, oldest first (the API answers newest first). */
const HISTORICO_A = [
  {
    alteracao: 'CRIACAO',
    valorAnterior: null,
    valorNovo: { nomeExibicao: 'Auditado A', razaoSocial: 'Auditado A Comércio Ltda', codigos: ['A1'], active: true },
  },
  ...Array.from({ length: 9 }, (_, i) =>
    i % 2 === 0
      ? {
          alteracao: 'ALTERACAO',
          valorAnterior: { razaoSocial: `Razão ${i}` },
          valorNovo: { razaoSocial: `Razão ${i + 1}` },
        }
      : {
          alteracao: 'ALTERACAO',
          valorAnterior: { telefones: [`(11) 3000-000${i}`] },
          valorNovo: { telefones: [`(11) 3000-000${i}`, `(11) 3000-100${i}`] },
        },
  ),
  { alteracao: 'INATIVACAO', valorAnterior: { active: true }, valorNovo: { active: false } },
  { alteracao: 'ATIVACAO', valorAnterior: { active: false }, valorNovo: { active: true } },
];

async function query(who: Who | undefined, filterInput: Record<string, unknown>) {
  return gql<{ auditoria: Page }>(portal, QUERY, { filterInput }, who ? tokens[who] : undefined);
}

async function page(who: Who, filterInput: Record<string, unknown>): Promise<Page> {
  const response = await query(who, filterInput);
  expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
  return response.data!.auditoria;
}

const refusedWith = (response: GraphQLResponse) => {
  expect(response.data ?? null).toBeNull();
  return errorCode(response);
};

beforeAll(async () => {
  portal = await startPortal();
  const { db } = portal.database;
  const senhaHash = await hashPassword(DEMO_PASSWORD);
  const marcaA = await createMarca(db, 'Auditoria Marca A');
  const marcaB = await createMarca(db, 'Auditoria Marca B');
  const grupoA = await createGrupo(db, 'Auditoria Grupo A', [marcaA.id]);
  const grupoB = await createGrupo(db, 'Auditoria Grupo B', [marcaB.id]);
  const dealerA = await createDealer(db, {
    nomeExibicao: 'Auditado A',
    razaoSocial: 'Auditado A Comércio Ltda',
    cnpj: '11222333000181',
    marcaIds: [marcaA.id],
    grupoIds: [grupoA.id],
  });
  const dealerB = await createDealer(db, {
    nomeExibicao: 'Auditado B',
    razaoSocial: 'Auditado B Comércio Ltda',
    cnpj: '11444777000161',
    marcaIds: [marcaB.id],
    grupoIds: [grupoB.id],
  });
  Object.assign(ids, { dealerA: dealerA.id, dealerB: dealerB.id, grupoA: grupoA.id, grupoB: grupoB.id });

  const user = (email: string, tipo: TipoUsuario, funcionalidades: FunctionKey[], extra = {}) =>
    createUsuario(db, { nome: email.split('@')[0], email, tipo, senhaHash, funcionalidades, ...extra });
  await user('montadora.a@audit.test', 'MONTADORA', ['PORTAL_MANUTENCAO_DEALERS_GRUPO', 'PORTAL_MANUTENCAO_USUARIOS'], {
    marcaIds: [marcaA.id],
  });
  // Passes the route's rule (slides) but not the dealers' one.
  await user('montadora.slides@audit.test', 'MONTADORA', ['PORTAL_MANUTENCAO_SLIDES'], { marcaIds: [marcaA.id] });
  await user('dealer.grupo@audit.test', 'DEALER_GRUPO', ['PORTAL_MANUTENCAO_DEALERS_GRUPO'], {
    marcaIds: [marcaA.id, marcaB.id],
    dealerIds: [dealerA.id],
    idioma: 'ES',
  });

  const [superUser] = await db.select().from(usuarios).where(eq(usuarios.email, DEMO.super));
  ids.superId = superUser.id;
  // A dealer-group user of brand A: inside montadoraA's scope.
  ids.colegaId = (await db.select().from(usuarios).where(eq(usuarios.email, 'dealer.grupo@audit.test')))[0].id;
  const base = Date.UTC(2026, 0, 1, 12);
  await db.insert(auditoria).values(
    HISTORICO_A.map((entry, i) => ({
      tipo: 'DEALER',
      registroId: String(dealerA.id),
      ...entry,
      autorId: superUser.id,
      data: new Date(base + i * 86_400_000),
    })),
  );
  // Two entries of one transaction share its timestamp: the later one (higher id) comes first.
  const tie = new Date(base + 20 * 86_400_000);
  await db.insert(auditoria).values([
    {
      tipo: 'GRUPO',
      registroId: String(grupoA.id),
      alteracao: 'ALTERACAO',
      valorAnterior: { nome: 'Grupo A' },
      valorNovo: { nome: 'Grupo A1' },
      autorId: superUser.id,
      data: tie,
    },
    {
      tipo: 'GRUPO',
      registroId: String(grupoA.id),
      alteracao: 'DESVINCULO_MARCA',
      valorAnterior: { marcaIds: [marcaA.id, marcaB.id] },
      valorNovo: { marcaIds: [marcaA.id] },
      autorId: superUser.id,
      data: tie,
    },
  ]);
  // Written as every feature writes: through recordAudit, by the system (no author), and with a
  // value that is not an object of fields.
  await recordAudit(db, [
    { tipo: 'DEALER', registroId: dealerB.id, alteracao: 'SINCRONIZACAO', valorNovo: 'sincronizado', autorId: null },
    // Same id, another kind: never mixed with dealer A's history.
    { tipo: 'GRUPO', registroId: dealerA.id, alteracao: 'CRIACAO', valorNovo: { outro: 1 }, autorId: null },
  ]);

  const emails: Record<Who, string> = {
    ...DEMO,
    montadoraA: 'montadora.a@audit.test',
    montadoraSlides: 'montadora.slides@audit.test',
    dealerGrupo: 'dealer.grupo@audit.test',
  };
  for (const who of Object.keys(emails) as Who[]) tokens[who] = (await signIn(portal, emails[who])).access_token;
});
afterAll(() => portal?.close());

describe('auditoria: history of one record', () => {
  it('answers newest first, with author, JSON values, changed fields and the side-by-side rows', async () => {
    const result = await page('super', { tipo: 'DEALER', registroId: String(ids.dealerA), rowsPerPage: 5 });
    expect(result.totalElements).toBe(12);
    expect(result.content.map((e) => e.alteracao)).toEqual([
      'ATIVACAO',
      'INATIVACAO',
      'ALTERACAO',
      'ALTERACAO',
      'ALTERACAO',
    ]);
    const [ativacao] = result.content;
    expect(ativacao.data).toBe(new Date(Date.UTC(2026, 0, 12, 12)).toISOString());
    expect(ativacao.autor).toEqual({ id: String(ids.superId), nome: 'Super Administrador', email: DEMO.super });
    expect(JSON.parse(ativacao.valorAnterior!)).toEqual({ active: false });
    expect(JSON.parse(ativacao.valorNovo!)).toEqual({ active: true });
    expect(ativacao.campos).toEqual(['active']);
    expect(ativacao.diferencas).toEqual([{ campo: 'active', anterior: 'false', novo: 'true' }]);
    const telefones = result.content[3];
    expect(telefones.diferencas).toEqual([
      { campo: 'telefones', anterior: '["(11) 3000-0007"]', novo: '["(11) 3000-0007","(11) 3000-1007"]' },
    ]);
  });

  it('lists every field of the whole history for the filter, whatever the page or filter', async () => {
    const expected = ['active', 'codigos', 'nomeExibicao', 'razaoSocial', 'telefones'];
    const filter = { tipo: 'DEALER', registroId: String(ids.dealerA) };
    expect((await page('super', { ...filter, rowsPerPage: 1 })).campos).toEqual(expected);
    expect((await page('super', { ...filter, campo: 'telefones', page: 1, rowsPerPage: 2 })).campos).toEqual(expected);
  });

  it('pages through the history without gaps or repeats, and breaks timestamp ties by newest id', async () => {
    const filter = { tipo: 'DEALER', registroId: String(ids.dealerA), rowsPerPage: 5 };
    const pages = [
      await page('super', { ...filter, page: 0 }),
      await page('super', { ...filter, page: 1 }),
      await page('super', { ...filter, page: 2 }),
      await page('super', { ...filter, page: 3 }),
    ];
    expect(pages.map((p) => p.content.length)).toEqual([5, 5, 2, 0]);
    expect(pages.every((p) => p.totalElements === 12)).toBe(true);
    const all = pages.flatMap((p) => p.content);
    expect(new Set(all.map((e) => e.id)).size).toBe(12);
    const times = all.map((e) => Date.parse(e.data));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The oldest is the creation: nothing before, every field after.
    const criacao = all[11];
    expect(criacao.alteracao).toBe('CRIACAO');
    expect(criacao.valorAnterior).toBeNull();
    expect(criacao.campos).toEqual(['active', 'codigos', 'nomeExibicao', 'razaoSocial']);
    expect(criacao.diferencas).toContainEqual({ campo: 'codigos', anterior: null, novo: '["A1"]' });

    const grupo = await page('super', { tipo: 'GRUPO', registroId: String(ids.grupoA) });
    expect(grupo.content.map((e) => e.alteracao)).toEqual(['DESVINCULO_MARCA', 'ALTERACAO']);
    expect(grupo.content[0].data).toBe(grupo.content[1].data);
    expect(Number(grupo.content[0].id)).toBeGreaterThan(Number(grupo.content[1].id));
  });

  it('keeps only the changes touching the chosen field, on either side', async () => {
    const filter = { tipo: 'DEALER', registroId: String(ids.dealerA) };
    const razao = await page('super', { ...filter, campo: 'razaoSocial' });
    // The creation (new side only) and the five changes of the company name.
    expect(razao.totalElements).toBe(6);
    expect(razao.content.every((e) => e.campos.includes('razaoSocial'))).toBe(true);
    expect(razao.content.at(-1)!.alteracao).toBe('CRIACAO');
    const active = await page('super', { ...filter, campo: 'active' });
    expect(active.content.map((e) => e.alteracao)).toEqual(['ATIVACAO', 'INATIVACAO', 'CRIACAO']);
    const none = await page('super', { ...filter, campo: 'inexistente' });
    expect(none).toEqual({ content: [], totalElements: 0, campos: razao.campos });
    // An empty filter is no filter.
    expect((await page('super', { ...filter, campo: '' })).totalElements).toBe(12);
  });

  it('keeps kinds apart, shows system changes without author and values that are not objects', async () => {
    const sistema = await page('super', { tipo: 'DEALER', registroId: String(ids.dealerB) });
    expect(sistema.totalElements).toBe(1);
    expect(sistema.campos).toEqual([]);
    expect(sistema.content[0]).toMatchObject({
      alteracao: 'SINCRONIZACAO',
      autor: null,
      valorAnterior: null,
      valorNovo: '"sincronizado"',
      campos: [],
      diferencas: [],
    });
    const outroTipo = await page('super', { tipo: 'GRUPO', registroId: String(ids.dealerA) });
    expect(outroTipo.content.map((e) => e.campos)).toEqual([['outro']]);
  });

  it('shows an entry recorded once for several records (a group cascade) in the history of each', async () => {
    const { db } = portal.database;
    const random = seededRandom(12);
    const [named, alsoNamed, other] = await Promise.all(
      ['Cascata X', 'Cascata Y', 'Cascata Z'].map((nome) =>
        createDealer(db, { nomeExibicao: nome, razaoSocial: `${nome} Ltda`, cnpj: cnpjFrom(random), marcaIds: [] }),
      ),
    );
    await db.insert(auditoria).values([
      {
        tipo: 'DEALER',
        registros: [named.id, alsoNamed.id],
        alteracao: 'INATIVACAO_CASCATA',
        valorAnterior: { active: true },
        valorNovo: { active: false, grupoId: ids.grupoA },
        autorId: ids.superId,
      },
      // The same ids as users: another kind, never shown on these dealers.
      { tipo: 'USUARIO', registros: [named.id, other.id], alteracao: 'INATIVACAO_CASCATA', autorId: null },
    ]);
    for (const dealer of [named, alsoNamed]) {
      const history = await page('super', { tipo: 'DEALER', registroId: String(dealer.id) });
      expect(history.totalElements).toBe(1);
      expect(history.campos).toEqual(['active', 'grupoId']);
      expect(history.content[0]).toMatchObject({
        alteracao: 'INATIVACAO_CASCATA',
        autor: { id: String(ids.superId) },
        diferencas: [
          { campo: 'active', anterior: 'true', novo: 'false' },
          { campo: 'grupoId', anterior: null, novo: String(ids.grupoA) },
        ],
      });
    }
    expect(await page('super', { tipo: 'DEALER', registroId: String(other.id) })).toEqual({
      content: [],
      totalElements: 0,
      campos: [],
    });
  });

  it('is empty for a record without history', async () => {
    expect(await page('super', { tipo: 'SLIDE', registroId: '987654' })).toEqual({
      content: [],
      totalElements: 0,
      campos: [],
    });
  });

  it('shows what a feature records: a language change of a user', async () => {
    const change = await gql(
      portal,
      'mutation($id: ID!) { mudarLinguaUsuario(id: $id, idioma: EN) { id } }',
      { id: ids.colegaId },
      tokens.dealerGrupo,
    );
    expect(change.errors).toBeUndefined();
    const result = await page('montadoraA', { tipo: 'USUARIO', registroId: String(ids.colegaId) });
    expect(result.content[0]).toMatchObject({
      alteracao: 'ALTERACAO',
      autor: { email: 'dealer.grupo@audit.test' },
      diferencas: [{ campo: 'idioma', anterior: '"ES"', novo: '"EN"' }],
    });
    // Later tests read this user's answers in Spanish.
    await gql(
      portal,
      'mutation($id: ID!) { mudarLinguaUsuario(id: $id, idioma: ES) { id } }',
      { id: ids.colegaId },
      tokens.dealerGrupo,
    );
  });
});

describe('auditoria: names instead of ids', () => {
  const NAMES = `query($filterInput: AuditoriaFilterInput!) {
    auditoria(filterInput: $filterInput) { totalElements nome referencias { tipo id nome } }
  }`;
  type Named = {
    totalElements: number;
    nome: string | null;
    referencias: { tipo: string; id: string; nome: string }[];
  };
  const named = async (who: Who, filterInput: Record<string, unknown>) => {
    const response = await gql<{ auditoria: Named }>(portal, NAMES, { filterInput }, tokens[who]);
    expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
    return response.data!.auditoria;
  };

  it("answers the record's name and the current name of every record its values name by id", async () => {
    const { db } = portal.database;
    const [setor] = await db.select().from(setores).limit(1);
    const [divisao] = await db.select().from(divisoes).where(eq(divisoes.id, setor.divisaoId));
    const [produto] = await db.select().from(produtos).limit(1);
    const marca = await createMarca(db, 'Auditoria Marca Nomes');
    const grupo = await createGrupo(db, 'Auditoria Grupo Nomes', [marca.id]);
    const dealer = await createDealer(db, {
      nomeExibicao: 'Dealer Auto Sul',
      razaoSocial: 'Auto Sul Comércio de Veículos Ltda',
      cnpj: '11555888000102',
      marcaIds: [marca.id],
    });
    const removida = 2_000_000_000;
    await recordAudit(db, [
      {
        tipo: 'DEALER',
        registroId: dealer.id,
        alteracao: 'CRIACAO',
        valorNovo: {
          nomeExibicao: 'Dealer Auto Sul',
          divisaoId: divisao.id,
          setorId: setor.id,
          marcaIds: [marca.id],
          grupoIds: [],
          dadosComplementares: [{ produtoId: produto.id, uri: 'https://x.test' }],
        },
        autorId: null,
      },
      {
        tipo: 'DEALER',
        registroId: dealer.id,
        alteracao: 'ALTERACAO',
        valorAnterior: { divisaoId: removida, grupoIds: [] },
        valorNovo: { divisaoId: divisao.id, grupoIds: [String(grupo.id)] },
        autorId: null,
      },
    ]);
    const result = await named('super', { tipo: 'DEALER', registroId: String(dealer.id) });
    expect(result.totalElements).toBe(2);
    expect(result.nome).toBe('Dealer Auto Sul');
    const byKey = Object.fromEntries(result.referencias.map((r) => [`${r.tipo}:${r.id}`, r.nome]));
    expect(byKey).toEqual({
      [`DEALER:${dealer.id}`]: 'Dealer Auto Sul',
      [`DIVISAO:${divisao.id}`]: divisao.nome,
      [`SETOR:${setor.id}`]: setor.nome,
      [`MARCA:${marca.id}`]: 'Auditoria Marca Nomes',
      [`GRUPO:${grupo.id}`]: 'Auditoria Grupo Nomes',
      [`PRODUTO:${produto.id}`]: produto.nome,
    });
    // A removed division has no name: the page shows its id as removed.
    expect(result.referencias.some((r) => r.id === String(removida))).toBe(false);
  });

  it('has no name for a kind without names or a record that no longer exists', async () => {
    expect(await named('super', { tipo: 'SLIDE', registroId: '987654' })).toEqual({
      totalElements: 0,
      nome: null,
      referencias: [],
    });
    expect((await named('super', { tipo: 'GRUPO', registroId: String(ids.grupoA) })).nome).toBe('Auditoria Grupo A');
    expect((await named('super', { tipo: 'DEALER', registroId: '1999999999' })).nome).toBeNull();
  });
});

describe('auditoria: input', () => {
  it.each([
    ['an unknown kind', { tipo: 'MODELO', registroId: '1' }, 'filterInput.tipo'],
    ['a kind in lower case', { tipo: 'dealer', registroId: '1' }, 'filterInput.tipo'],
    ['an id that is not a number', { tipo: 'DEALER', registroId: 'abc' }, 'filterInput.registroId'],
    ['a zero id', { tipo: 'DEALER', registroId: '0' }, 'filterInput.registroId'],
    ['a negative page', { tipo: 'DEALER', registroId: '1', page: -1 }, 'filterInput.page'],
    ['a page too large', { tipo: 'DEALER', registroId: '1', rowsPerPage: 101 }, 'filterInput.rowsPerPage'],
    ['an empty page', { tipo: 'DEALER', registroId: '1', rowsPerPage: 0 }, 'filterInput.rowsPerPage'],
  ])('refuses %s with a translated field error', async (_name, filterInput, field) => {
    const response = await query('super', filterInput);
    expect(refusedWith(response)).toBe('BAD_USER_INPUT');
    expect(response.errors![0].message).toBe('Verifique os dados!');
    expect(Object.keys(response.errors![0].extensions!.fieldErrors!)).toEqual([field]);
  });

  it("words the error in the caller's language", async () => {
    const response = await query('dealerGrupo', { tipo: 'NADA', registroId: '1' });
    expect(response.errors![0].message).toBe('¡Verifique los datos!');
    expect(response.errors![0].extensions!.fieldErrors).toEqual({ 'filterInput.tipo': 'Opción no válida' });
  });
});

describe('auditoria: who may see which record', () => {
  const dealer = (id: number) => ({ tipo: 'DEALER', registroId: String(id) });
  const grupo = (id: number) => ({ tipo: 'GRUPO', registroId: String(id) });

  it('provider staff see every record and kind', async () => {
    for (const filter of [dealer(ids.dealerA), dealer(ids.dealerB), grupo(ids.grupoB)]) {
      expect((await query('super', filter)).errors).toBeUndefined();
    }
    expect((await query('super', { tipo: 'MARCA', registroId: '1' })).errors).toBeUndefined();
    expect((await query('super', { tipo: 'PRODUTO', registroId: '1' })).errors).toBeUndefined();
  });

  it('a manufacturer sees dealers and groups of their brands only', async () => {
    expect((await page('montadoraA', dealer(ids.dealerA))).totalElements).toBe(12);
    expect((await page('montadoraA', grupo(ids.grupoA))).totalElements).toBe(2);
    expect(refusedWith(await query('montadoraA', dealer(ids.dealerB)))).toBe('FORBIDDEN');
    expect(refusedWith(await query('montadoraA', grupo(ids.grupoB)))).toBe('FORBIDDEN');
    // A record that does not exist is in nobody's brands.
    expect(refusedWith(await query('montadoraA', { tipo: 'DEALER', registroId: '99999999' }))).toBe('FORBIDDEN');
  });

  it("a dealer-group user sees their own dealers and those dealers' groups only", async () => {
    expect((await page('dealerGrupo', dealer(ids.dealerA))).totalElements).toBe(12);
    expect((await page('dealerGrupo', grupo(ids.grupoA))).totalElements).toBe(2);
    // Brand B is theirs, but dealer B and group B are not.
    expect(refusedWith(await query('dealerGrupo', dealer(ids.dealerB)))).toBe('FORBIDDEN');
    expect(refusedWith(await query('dealerGrupo', grupo(ids.grupoB)))).toBe('FORBIDDEN');
  });

  it("needs the kind's own function key", async () => {
    // Slides maintenance opens the route, not the dealers' history.
    expect(refusedWith(await query('montadoraSlides', dealer(ids.dealerA)))).toBe('FORBIDDEN');
    expect(refusedWith(await query('montadoraSlides', { tipo: 'USUARIO', registroId: String(ids.colegaId) }))).toBe(
      'FORBIDDEN',
    );
    expect((await query('montadoraSlides', { tipo: 'SLIDE', registroId: '1' })).errors).toBeUndefined();
    expect(refusedWith(await query('montadoraA', { tipo: 'SLIDE', registroId: '1' }))).toBe('FORBIDDEN');
    expect((await query('montadoraA', { tipo: 'USUARIO', registroId: String(ids.colegaId) })).errors).toBeUndefined();
    // A user outside the caller's scope (provider staff, for a manufacturer): refused.
    expect(refusedWith(await query('montadoraA', { tipo: 'USUARIO', registroId: String(ids.superId) }))).toBe(
      'FORBIDDEN',
    );
    expect((await query('montadora', { tipo: 'ANUNCIO', registroId: '1' })).errors).toBeUndefined();
    // A user group's history: only of a group the caller may read (a public group of provider staff
    // is everyone's; a private one of another user is not).
    const grupo = async (nome: string, publico: boolean) => {
      const saved = await gql<{ salvarGrupoUsuarios: { id: string } }>(
        portal,
        'mutation ($g: GrupoUsuariosInput!) { salvarGrupoUsuarios(grupoUsuarios: $g) { id } }',
        { g: { nome, publico, possuiUsuariosManuais: true, usuarioManualIds: [ids.colegaId] } },
        tokens.super,
      );
      expect(saved.errors).toBeUndefined();
      return saved.data!.salvarGrupoUsuarios.id;
    };
    const publico = await grupo('Auditoria: grupo público', true);
    const privado = await grupo('Auditoria: grupo privado', false);
    expect((await query('montadora', { tipo: 'GRUPO_USUARIOS', registroId: publico })).errors).toBeUndefined();
    expect(refusedWith(await query('montadora', { tipo: 'GRUPO_USUARIOS', registroId: privado }))).toBe('FORBIDDEN');
    expect((await query('super', { tipo: 'GRUPO_USUARIOS', registroId: privado })).errors).toBeUndefined();
  });

  it.each(['MARCA', 'CARGO', 'DEPARTAMENTO', 'SETOR', 'DIVISAO', 'DESLIGAMENTO', 'REDE_SOCIAL', 'PRODUTO'])(
    'reference data (%s) is for provider staff only',
    async (tipo) => {
      expect(refusedWith(await query('montadora', { tipo, registroId: '1' }))).toBe('FORBIDDEN');
    },
  );

  it('refuses users without any audit key and anonymous callers', async () => {
    expect(refusedWith(await query('dealer', dealer(ids.dealerA)))).toBe('FORBIDDEN');
    expect(refusedWith(await query(undefined, dealer(ids.dealerA)))).toBe('UNAUTHENTICATED');
  });
});
