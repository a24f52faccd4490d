import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FunctionKey, TipoUsuario } from '../../domain/enums';
import { definicaoSchema } from '../../domain/schemas/grupoUsuarios';
import { ptBR } from '../../i18n/pt-BR';
import {
  draftGroup,
  isRecipient,
  listRecipients,
  recipientIds,
  savedGroup,
  type Audience,
} from '../../server/audience';
import * as s from '../../server/db/schema';
import { cnpjFrom, createDealer, createGrupo, createMarca, createUsuario } from '../../server/db/seed/builders';
import { seededRandom } from '../../server/db/seed/random';
import { seedKit } from './kit';
import { errorCode, gql, signInAsNew, type TestPortal } from './portal';

// Recipient user groups (issue #14): the audience engine's exact recipient sets for every block and
// their combinations, compared with an expectation computed here in plain TypeScript from the
// network this file builds (never by asking the engine); live changes; the API's rules, scoping of
// options and of the read/edit lists, favourites, import and the audit trail.

// The network is drawn from the file's own seeded sequence (the kit's is another), so it stays the same.
const kit = seedKit({ seed: 1415, domain: 'grupos-usuarios.test' });
const { fields } = kit;
let portal: TestPortal;
let db: TestPortal['database']['db'];
const random = seededRandom(1414);
const TAG = random.digits(5);
let seq = 0;
const unique = (prefix: string) => `${prefix} ${++seq} ${TAG}`;
const V = ptBR.gruposUsuarios.validation;
let staff: string;
let portalProduto: number;

// ---------------------------------------------------------------------------------------------
// The network, as this file knows it (the model the expectations are computed from).

interface NetDealer {
  id: number;
  marcas: number[];
  setor: number;
  grupos: number[];
  active: boolean;
}
interface NetUser {
  id: number;
  nome: string;
  tipo: TipoUsuario;
  active: boolean;
  marcas: Set<number>;
  dealers: Set<number>;
  grupos: Set<number>;
  cargos: Set<number>;
  tiposAcesso: Set<number>;
}
const net = {
  marcas: [] as number[],
  setores: [] as number[],
  grupos: [] as number[],
  cargos: [] as number[],
  tiposAcesso: [] as number[],
  dealers: [] as NetDealer[],
  users: [] as NetUser[],
};
let userSeq = 0;
const pad = (n: number) => String(n).padStart(3, '0');

async function addUser(u: {
  tipo: TipoUsuario;
  active?: boolean;
  marcas?: number[];
  dealers?: number[];
  grupos?: number[];
  tiposAcesso?: number[];
  /** [cargo, dealer] pairs. */
  cargos?: [number, number][];
}): Promise<NetUser> {
  const n = ++userSeq;
  // Names differ only in their digits, so every collation orders them alike.
  const nome = `Pessoa ${pad(n)} ${TAG}`;
  const row = await createUsuario(db, {
    nome,
    email: `gu${TAG}.${n}@gu.test`,
    tipo: u.tipo,
    active: u.active ?? true,
    marcaIds: u.marcas ?? [],
    dealerIds: u.dealers ?? [],
    grupoIds: u.grupos ?? [],
    tipoAcessoIds: u.tiposAcesso ?? [],
  });
  if (u.cargos?.length) {
    await db
      .insert(s.usuarioCargos)
      .values(
        u.cargos.map(([cargoId, dealerId]) => ({ usuarioId: row.id, cargoId, dealerId, dataInicio: '2026-01-05' })),
      );
  }
  const user: NetUser = {
    id: row.id,
    nome,
    tipo: u.tipo,
    active: u.active ?? true,
    marcas: new Set(u.marcas),
    dealers: new Set(u.dealers),
    grupos: new Set(u.grupos),
    cargos: new Set(u.cargos?.map(([c]) => c)),
    tiposAcesso: new Set(u.tiposAcesso),
  };
  net.users.push(user);
  return user;
}

const subset = <T>(list: readonly T[], p: number) => list.filter(() => random.next() < p);

beforeAll(async () => {
  ({ portal, db, staff } = await kit.start());
  [{ id: portalProduto }] = await db
    .select({ id: s.produtos.id })
    .from(s.produtos)
    .where(eq(s.produtos.nome, 'Portal'));
  for (let i = 0; i < 3; i++) net.marcas.push((await createMarca(db, unique('Marca GU'))).id);
  const [M1, M2, M3] = net.marcas;
  const [divisao] = await db
    .insert(s.divisoes)
    .values({ nome: unique('Divisão GU') })
    .returning();
  net.setores = (
    await db
      .insert(s.setores)
      .values([0, 1].map(() => ({ nome: unique('Setor GU'), divisaoId: divisao.id })))
      .returning()
  ).map((r) => r.id);
  net.grupos = [
    (await createGrupo(db, unique('Grupo GU'), [M1, M2])).id,
    (await createGrupo(db, unique('Grupo GU'), [M2, M3])).id,
    (await createGrupo(db, unique('Grupo GU'), [M3])).id,
  ];
  net.cargos = (
    await db
      .insert(s.cargos)
      .values([0, 1, 2].map(() => ({ nome: unique('Cargo GU') })))
      .returning()
  ).map((r) => r.id);
  net.tiposAcesso = (
    await db
      .insert(s.tiposAcesso)
      .values([0, 1].map(() => ({ nome: unique('Acesso GU'), produtoId: portalProduto })))
      .returning()
  ).map((r) => r.id);
  const [S1, S2] = net.setores;
  const [G1, G2, G3] = net.grupos;
  const dealerSpecs: Omit<NetDealer, 'id'>[] = [
    { marcas: [M1], setor: S1, grupos: [G1], active: true },
    { marcas: [M2], setor: S2, grupos: [G1], active: true },
    { marcas: [M2, M3], setor: S1, grupos: [G2], active: true },
    { marcas: [M3], setor: S2, grupos: [G2], active: true },
    { marcas: [M1], setor: S1, grupos: [G1], active: false },
    { marcas: [M3], setor: S1, grupos: [G3], active: true },
  ];
  for (const spec of dealerSpecs) {
    const dealer = await createDealer(db, {
      nomeExibicao: unique('Dealer GU'),
      razaoSocial: 'Concessionária de Grupos Ltda',
      cnpj: cnpjFrom(random),
      codigos: ['G1'],
      divisaoId: divisao.id,
      setorId: spec.setor,
      active: spec.active,
      marcaIds: spec.marcas,
      grupoIds: spec.grupos,
    });
    net.dealers.push({ id: dealer.id, ...spec });
  }
  // 60 users of every type, some inactive, with random brands, dealers (the inactive one too),
  // dealer groups, positions and access types.
  const TIPOS: TipoUsuario[] = ['TECSINAPSE', 'MONTADORA', 'MONTADORA', 'DEALER_GRUPO', 'DEALER_GRUPO', 'DEALER_GRUPO'];
  for (let i = 0; i < 60; i++) {
    const tipo = TIPOS[i % TIPOS.length];
    const dg = tipo === 'DEALER_GRUPO';
    const dealers = dg
      ? [...new Set([random.pick(net.dealers).id, ...subset(net.dealers, 0.15).map((d) => d.id)])]
      : [];
    await addUser({
      tipo,
      active: random.next() > 0.15,
      marcas: subset(net.marcas, dg ? 0.25 : 0.45),
      dealers,
      grupos: dg ? subset(net.grupos, 0.2) : [],
      tiposAcesso: subset(net.tiposAcesso, 0.45),
      cargos: dealers.flatMap((d) => (random.next() < 0.7 ? [[random.pick(net.cargos), d] as [number, number]] : [])),
    });
  }
  // The edge cases, named: a dealer-group user only at the inactive dealer (with a position there),
  // one whose own brand differs from their dealer's, one in a dealer group without its dealers.
  await addUser({ tipo: 'DEALER_GRUPO', dealers: [net.dealers[4].id], cargos: [[net.cargos[0], net.dealers[4].id]] });
  await addUser({
    tipo: 'DEALER_GRUPO',
    marcas: [M1],
    dealers: [net.dealers[3].id],
    tiposAcesso: [net.tiposAcesso[0]],
  });
  await addUser({ tipo: 'DEALER_GRUPO', grupos: [G3], tiposAcesso: [net.tiposAcesso[1]] });
});

// ---------------------------------------------------------------------------------------------
// The expectation: who the recipients of a definition are, in plain TypeScript over the model.

interface Def {
  possuiPerfil?: boolean;
  possuiCargos?: boolean;
  possuiSetores?: boolean;
  possuiGrupos?: boolean;
  possuiUsuariosManuais?: boolean;
  todosDealers?: boolean;
  marcaIds?: number[];
  tiposUsuario?: TipoUsuario[];
  tipoAcessoIds?: number[];
  dealerIds?: number[];
  cargoIds?: number[];
  setorIds?: number[];
  grupoIds?: number[];
  usuarioManualIds?: number[];
  usuarioRemovidoIds?: number[];
}

const dealerOf = (id: number) => net.dealers.find((d) => d.id === id);
/** The user's active dealers (a dealer not in the model is none of this file's: never active here). */
const activeDealers = (u: NetUser) => [...u.dealers].map(dealerOf).filter((d): d is NetDealer => Boolean(d?.active));
const meets = (values: number[] | undefined, have: Iterable<number>) =>
  [...have].some((v) => (values ?? []).includes(v));

/** Every enabled filter block must match; manual users are added; excluded users are removed. */
function expected(d: Def, { ignorarRemovidos = false } = {}): number[] {
  const filters: ((u: NetUser) => boolean)[] = [];
  if (d.possuiPerfil) {
    filters.push((u) => {
      if (!(d.tiposUsuario ?? []).includes(u.tipo)) return false;
      const brand = meets(d.marcaIds, u.marcas) || activeDealers(u).some((dl) => meets(d.marcaIds, dl.marcas));
      if (!brand) return false;
      if (u.tipo !== 'DEALER_GRUPO') return true;
      const atDealer =
        Boolean(d.todosDealers) ||
        meets(
          d.dealerIds,
          activeDealers(u).map((dl) => dl.id),
        );
      const acesso = !(d.tipoAcessoIds ?? []).length || meets(d.tipoAcessoIds, u.tiposAcesso);
      return atDealer && acesso;
    });
  }
  if (d.possuiCargos) filters.push((u) => meets(d.cargoIds, u.cargos));
  if (d.possuiSetores) filters.push((u) => activeDealers(u).some((dl) => (d.setorIds ?? []).includes(dl.setor)));
  if (d.possuiGrupos) {
    filters.push((u) => meets(d.grupoIds, u.grupos) || activeDealers(u).some((dl) => meets(d.grupoIds, dl.grupos)));
  }
  const removed = new Set(ignorarRemovidos ? [] : (d.usuarioRemovidoIds ?? []));
  const manual = new Set(d.possuiUsuariosManuais ? (d.usuarioManualIds ?? []) : []);
  return net.users
    .filter(
      (u) => u.active && !removed.has(u.id) && (manual.has(u.id) || (filters.length > 0 && filters.every((f) => f(u)))),
    )
    .map((u) => u.id)
    .sort((a, b) => a - b);
}

const union = (...sets: number[][]) => [...new Set(sets.flat())].sort((a, b) => a - b);
const byName = (ids: number[]) =>
  ids
    .map((id) => net.users.find((u) => u.id === id)!)
    .sort((a, b) => (a.nome < b.nome ? -1 : a.nome > b.nome ? 1 : a.id - b.id))
    .map((u) => u.id);
const mine = () => net.users.map((u) => u.id);

// ---------------------------------------------------------------------------------------------
// The API and the engine.

const GRUPO_FIELDS = `id version nome publico active favorito podeEditar totalDestinatarios
  criador { id } marcas { id } tiposUsuarios tiposAcesso { id } dealers { id } cargos { id } setores { id }
  grupos { id } usuariosManuais { id } usuariosRemovidos { id } leitores { id } editores { id }`;
const SALVAR = `mutation($g: GrupoUsuariosInput!) { salvarGrupoUsuarios(grupoUsuarios: $g) { ${GRUPO_FIELDS} } }`;
const GRUPO = `query($id: ID!) { grupoUsuarios(id: $id) { ${GRUPO_FIELDS} } }`;
const DESTINATARIOS = `query($f: DestinatariosFilterInput!) {
  usuariosByGruposUsuariosPaged(filterInput: $f) { totalElements totalDestinatarios content { id nome active removido } } }`;
const LISTA = `query($f: GrupoUsuariosFilterInput!) {
  gruposUsuarios(filterInput: $f) { totalElements content { id nome favorito publico totalDestinatarios } } }`;

type Grupo = {
  id: string;
  version: number;
  nome: string;
  publico: boolean;
  active: boolean;
  favorito: boolean;
  podeEditar: boolean;
  totalDestinatarios: number;
  criador: { id: string };
  marcas: { id: string }[];
  dealers: { id: string }[];
  usuariosManuais: { id: string }[];
  leitores: { id: string }[];
  editores: { id: string }[];
};
type Page = {
  totalElements: number;
  totalDestinatarios: number;
  content: { id: string; nome: string; active: boolean; removido: boolean }[];
};

const salvar = (token: string, g: Record<string, unknown>) =>
  gql<{ salvarGrupoUsuarios: Grupo }>(portal, SALVAR, { g }, token);

/** Creates a group (provider staff by default) and returns its id. */
async function criar(
  def: Def & { nome?: string; publico?: boolean; leitorIds?: number[]; editorIds?: number[] },
  token = staff,
): Promise<number> {
  const r = await salvar(token, { nome: unique('Grupo de Usuários'), ...def });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return Number(r.data!.salvarGrupoUsuarios.id);
}

const destinatarios = (token: string, f: Record<string, unknown>) =>
  gql<{ usuariosByGruposUsuariosPaged: Page }>(portal, DESTINATARIOS, { f }, token);

/** Every recipient through the API, paging 7 at a time, checking the total and that no page repeats a row. */
async function viaApi(f: Record<string, unknown>, token = staff): Promise<number[]> {
  const seen: number[] = [];
  let total = -1;
  for (let page = 0; ; page++) {
    const r = await destinatarios(token, { ...f, page, rowsPerPage: 7 });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    const p = r.data!.usuariosByGruposUsuariosPaged;
    if (total >= 0) expect(p.totalElements).toBe(total);
    total = p.totalElements;
    // Without the excluded users listed, every row listed is a recipient, and an active user.
    expect(p.totalDestinatarios).toBe(total);
    expect(p.content.every((row) => row.active)).toBe(true);
    seen.push(...p.content.map((row) => Number(row.id)));
    if (p.content.length < 7) break;
  }
  expect(new Set(seen).size).toBe(seen.length);
  expect(seen.length).toBe(total);
  return seen.sort((a, b) => a - b);
}

/** The recipients' ids as the engine's SQL gives them (what fan-out joins). */
async function viaSql(audiences: Audience[]): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`select id from (${recipientIds(audiences)}) r order by id`);
  return rows.map((r) => Number(r.id));
}

/** isRecipient for each user of the model, as { id: boolean }. */
async function membership(grupoId: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: number; r: boolean }>(
    sql`select v as id, ${isRecipient(grupoId, sql`v`)} as r from unnest(${`{${mine().join(',')}}`}::int[]) v`,
  );
  return rows
    .filter((r) => r.r)
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);
}

/** The saved group's recipients agree through the API, the SQL, isRecipient and the expectation. */
async function expectRecipients(grupoId: number, def: Def) {
  const want = expected(def);
  expect(await viaApi({ grupos: [grupoId] })).toEqual(want);
  expect(await viaSql([savedGroup(grupoId)])).toEqual(want);
  expect(await membership(grupoId)).toEqual(want);
  const total = (await gql<{ grupoUsuarios: Grupo }>(portal, GRUPO, { id: grupoId }, staff)).data!.grupoUsuarios
    .totalDestinatarios;
  expect(total).toBe(want.length);
  return want;
}

// ---------------------------------------------------------------------------------------------

describe('recipients of each block and their combinations', () => {
  const M = () => net.marcas;
  const D = () => net.dealers.map((d) => d.id);
  const C = () => net.cargos;
  const S = () => net.setores;
  const G = () => net.grupos;
  const T = () => net.tiposAcesso;
  const u = (i: number) => net.users[i].id;
  const inactiveUser = () => net.users.find((x) => !x.active)!.id;

  const CASES: [string, () => Def][] = [
    [
      'profile: manufacturers of one brand',
      () => ({ possuiPerfil: true, marcaIds: [M()[0]], tiposUsuario: ['MONTADORA'] }),
    ],
    [
      'profile: provider staff and manufacturers of two brands',
      () => ({ possuiPerfil: true, marcaIds: [M()[1], M()[2]], tiposUsuario: ['TECSINAPSE', 'MONTADORA'] }),
    ],
    [
      'profile: dealer-group users of a brand at all dealers (own brand or an active dealer of it)',
      () => ({ possuiPerfil: true, marcaIds: [M()[0]], tiposUsuario: ['DEALER_GRUPO'], todosDealers: true }),
    ],
    [
      'profile: dealer-group users at chosen dealers',
      () => ({
        possuiPerfil: true,
        marcaIds: [M()[0], M()[1]],
        tiposUsuario: ['DEALER_GRUPO'],
        dealerIds: [D()[0], D()[2], D()[3]],
      }),
    ],
    [
      'profile: dealer-group users with an access type, manufacturers whatever theirs',
      () => ({
        possuiPerfil: true,
        marcaIds: M(),
        tiposUsuario: ['MONTADORA', 'DEALER_GRUPO'],
        todosDealers: true,
        tipoAcessoIds: [T()[0]],
      }),
    ],
    [
      'profile: access types and dealers together',
      () => ({
        possuiPerfil: true,
        marcaIds: [M()[2]],
        tiposUsuario: ['DEALER_GRUPO'],
        dealerIds: [D()[2], D()[5]],
        tipoAcessoIds: T(),
      }),
    ],
    ['positions', () => ({ possuiCargos: true, cargoIds: [C()[0]] })],
    ['positions, two of them', () => ({ possuiCargos: true, cargoIds: [C()[1], C()[2]] })],
    ['sectors', () => ({ possuiSetores: true, setorIds: [S()[1]] })],
    [
      'dealer groups (members and users of their active dealers)',
      () => ({ possuiGrupos: true, grupoIds: [G()[0], G()[2]] }),
    ],
    [
      'manual users (an inactive one among them)',
      () => ({ possuiUsuariosManuais: true, usuarioManualIds: [u(0), u(1), u(2), inactiveUser()] }),
    ],
    [
      'positions and sectors: both must match',
      () => ({ possuiCargos: true, cargoIds: [C()[0], C()[1]], possuiSetores: true, setorIds: [S()[0]] }),
    ],
    [
      'profile and dealer groups',
      () => ({
        possuiPerfil: true,
        marcaIds: [M()[1], M()[2]],
        tiposUsuario: ['DEALER_GRUPO'],
        todosDealers: true,
        possuiGrupos: true,
        grupoIds: [G()[1]],
      }),
    ],
    [
      'positions plus manual users (either), minus excluded users (also over a manual user)',
      () => {
        const comCargo = expected({ possuiCargos: true, cargoIds: C() });
        return {
          possuiCargos: true,
          cargoIds: C(),
          possuiUsuariosManuais: true,
          usuarioManualIds: [u(0), u(1)],
          usuarioRemovidoIds: [comCargo[0], comCargo[2], u(1)],
        };
      },
    ],
    [
      'every block at once',
      () => ({
        possuiPerfil: true,
        marcaIds: M(),
        tiposUsuario: ['DEALER_GRUPO', 'MONTADORA'],
        todosDealers: true,
        possuiCargos: true,
        cargoIds: C(),
        possuiSetores: true,
        setorIds: S(),
        possuiGrupos: true,
        grupoIds: G(),
        possuiUsuariosManuais: true,
        usuarioManualIds: [u(0), u(6)],
        usuarioRemovidoIds: [expected({ possuiCargos: true, cargoIds: C() })[1]],
      }),
    ],
  ];

  const saved = new Map<string, { id: number; def: Def }>();

  it.each(CASES.map(([name, def]) => [name, def] as const))('%s', async (name, makeDef) => {
    const def = makeDef();
    const id = await criar(def);
    saved.set(name, { id, def });
    const want = await expectRecipients(id, def);
    // A meaningful case: someone is in, and someone of this network is out.
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(net.users.length);
  });

  it('never lists inactive users, whatever block names them', async () => {
    const inactive = net.users.filter((x) => !x.active);
    expect(inactive.length).toBeGreaterThan(3);
    const all = await viaSql([...saved.values()].map(({ id }) => savedGroup(id)));
    expect(all.filter((id) => inactive.some((x) => x.id === id))).toEqual([]);
    // Some of them match the blocks: were they active, they would be recipients.
    const wouldMatch = inactive.filter((x) => {
      x.active = true;
      const inSome = [...saved.values()].some(({ def }) => expected(def).includes(x.id));
      x.active = false;
      return inSome;
    });
    expect(wouldMatch.length).toBeGreaterThan(1);
  });

  it('resolves several groups at once as their union (API and SQL)', async () => {
    const picked = [...saved.values()].slice(0, 3).concat([...saved.values()].slice(9, 11));
    const want = union(...picked.map(({ def }) => expected(def)));
    expect(await viaApi({ grupos: picked.map(({ id }) => id) })).toEqual(want);
    expect(await viaSql(picked.map(({ id }) => savedGroup(id)))).toEqual(want);
  });

  it('resolves a draft definition before it is saved, with its exclusions or listing them marked', async () => {
    const def: Def = {
      possuiPerfil: true,
      marcaIds: [M()[0], M()[2]],
      tiposUsuario: ['DEALER_GRUPO', 'TECSINAPSE'],
      todosDealers: true,
      possuiSetores: true,
      setorIds: [S()[0]],
      possuiUsuariosManuais: true,
      usuarioManualIds: [u(1)],
    };
    const base = expected(def);
    expect(base.length).toBeGreaterThan(2);
    const withRemoved = { ...def, usuarioRemovidoIds: [base[0], base[1]] };
    const groups = await db.select({ n: sql<number>`count(*)::int` }).from(s.gruposUsuarios);
    expect(await viaApi({ definicao: withRemoved })).toEqual(expected(withRemoved));
    expect(await viaSql([draftGroup(definicaoSchema.parse(withRemoved))])).toEqual(expected(withRemoved));
    // The preview with its exclusion checkboxes: every match, the excluded ones marked.
    const r = await destinatarios(staff, { definicao: withRemoved, incluirRemovidos: true, rowsPerPage: 100 });
    const content = r.data!.usuariosByGruposUsuariosPaged.content;
    expect(content.map((row) => Number(row.id)).sort((a, b) => a - b)).toEqual(
      expected(withRemoved, { ignorarRemovidos: true }),
    );
    expect(
      content
        .filter((row) => row.removido)
        .map((row) => Number(row.id))
        .sort((a, b) => a - b),
    ).toEqual([base[0], base[1]].sort((a, b) => a - b));
    // The preview's total counts the recipients as the group will have them (issue #25): the rows
    // listed less the excluded ones; an excluded user who is no recipient changes nothing.
    const page = r.data!.usuariosByGruposUsuariosPaged;
    expect(page.totalElements).toBe(content.length);
    expect(page.totalDestinatarios).toBe(expected(withRemoved).length);
    expect(page.totalDestinatarios).toBe(content.length - 2);
    const outsider = net.users.find((x) => x.active && !base.includes(x.id))!.id;
    const more = await destinatarios(staff, {
      definicao: { ...withRemoved, usuarioRemovidoIds: [base[0], base[1], outsider] },
      incluirRemovidos: true,
      rowsPerPage: 5,
    });
    expect(more.data!.usuariosByGruposUsuariosPaged).toMatchObject({
      totalElements: content.length,
      totalDestinatarios: content.length - 2,
    });
    // With a search, among the rows found.
    const nome = net.users.find((x) => x.id === base[0])!.nome;
    const found = await destinatarios(staff, { definicao: withRemoved, incluirRemovidos: true, busca: nome });
    expect(found.data!.usuariosByGruposUsuariosPaged).toMatchObject({ totalElements: 1, totalDestinatarios: 0 });
    // A draft and a saved group together.
    const first = [...saved.values()][6];
    expect(await viaApi({ grupos: [first.id], definicao: withRemoved })).toEqual(
      union(expected(first.def), expected(withRemoved)),
    );
    // Nothing was saved.
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(s.gruposUsuarios)).toEqual(groups);
  });

  it('pages exactly by name and searches by name', async () => {
    const { id, def } = saved.get(
      'positions plus manual users (either), minus excluded users (also over a manual user)',
    )!;
    const ordered = byName(expected(def));
    expect(ordered.length).toBeGreaterThan(10);
    const page = async (f: Record<string, unknown>) => {
      const r = await destinatarios(staff, { grupos: [id], ...f });
      expect(r.errors).toBeUndefined();
      return r.data!.usuariosByGruposUsuariosPaged;
    };
    const second = await page({ page: 1, rowsPerPage: 5 });
    expect(second.totalElements).toBe(ordered.length);
    expect(second.content.map((row) => Number(row.id))).toEqual(ordered.slice(5, 10));
    const beyond = await page({ page: 100, rowsPerPage: 5 });
    expect(beyond.content).toEqual([]);
    expect(beyond.totalElements).toBe(ordered.length);
    // "Pessoa 01" is in the names 010 to 019 only (not in e-mails).
    const found = await page({ busca: `pessoa 01`, rowsPerPage: 100 });
    const want = ordered.filter((uid) => net.users.find((x) => x.id === uid)!.nome.startsWith('Pessoa 01'));
    expect(want.length).toBeGreaterThan(0);
    expect(found.content.map((row) => Number(row.id))).toEqual(want);
    expect(found.totalElements).toBe(want.length);
    // The engine's listRecipients gives the same page.
    const direct = await listRecipients(db, [savedGroup(id)], { page: 1, rowsPerPage: 5 });
    expect(direct.totalElements).toBe(ordered.length);
    expect(direct.content.map((row) => Number(row.id))).toEqual(ordered.slice(5, 10));
  });

  it('an inactive group has no recipients; reactivated, it has them again', async () => {
    const { id, def } = saved.get('dealer groups (members and users of their active dealers)')!;
    const r = await gql<{ inativarGrupoUsuarios: Grupo }>(
      portal,
      'mutation($id: ID!) { inativarGrupoUsuarios(id: $id) { active totalDestinatarios } }',
      { id },
      staff,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.inativarGrupoUsuarios).toEqual({ active: false, totalDestinatarios: 0 });
    expect(await viaApi({ grupos: [id] })).toEqual([]);
    expect(await viaSql([savedGroup(id)])).toEqual([]);
    expect(await membership(id)).toEqual([]);
    await gql(portal, 'mutation($id: ID!) { ativarGrupoUsuarios(id: $id) { id } }', { id }, staff);
    await expectRecipients(id, def);
  });
});

describe('live changes', () => {
  it('a user who gains a position, joins a dealer or a dealer group is a recipient at once; inactivated, gone', async () => {
    const [C1] = net.cargos;
    const [, S2] = net.setores;
    const [, , G3] = net.grupos;
    const porCargo: Def = { possuiCargos: true, cargoIds: [C1] };
    const porSetor: Def = { possuiSetores: true, setorIds: [S2] };
    const porGrupo: Def = { possuiGrupos: true, grupoIds: [G3] };
    const [gCargo, gSetor, gGrupo] = [await criar(porCargo), await criar(porSetor), await criar(porGrupo)];
    const x = await addUser({ tipo: 'DEALER_GRUPO', dealers: [net.dealers[0].id] });
    for (const [g, def] of [
      [gCargo, porCargo],
      [gSetor, porSetor],
      [gGrupo, porGrupo],
    ] as const) {
      expect(await expectRecipients(g, def)).not.toContain(x.id);
    }
    // A position.
    await db
      .insert(s.usuarioCargos)
      .values({ usuarioId: x.id, cargoId: C1, dealerId: net.dealers[0].id, dataInicio: '2026-02-01' });
    x.cargos.add(C1);
    expect(await expectRecipients(gCargo, porCargo)).toContain(x.id);
    // A dealer of the sector (dealer 1 is in S2).
    await db.insert(s.usuarioDealers).values({ usuarioId: x.id, dealerId: net.dealers[1].id });
    x.dealers.add(net.dealers[1].id);
    expect(await expectRecipients(gSetor, porSetor)).toContain(x.id);
    // A dealer group, directly.
    await db.insert(s.usuarioGrupos).values({ usuarioId: x.id, grupoId: G3 });
    x.grupos.add(G3);
    expect(await expectRecipients(gGrupo, porGrupo)).toContain(x.id);
    // Inactivated: out of every group at once; active again: back.
    await db.update(s.usuarios).set({ active: false }).where(eq(s.usuarios.id, x.id));
    x.active = false;
    for (const [g, def] of [
      [gCargo, porCargo],
      [gSetor, porSetor],
      [gGrupo, porGrupo],
    ] as const) {
      expect(await expectRecipients(g, def)).not.toContain(x.id);
    }
    await db.update(s.usuarios).set({ active: true }).where(eq(s.usuarios.id, x.id));
    x.active = true;
    expect(await expectRecipients(gCargo, porCargo)).toContain(x.id);
  });

  it("a dealer's inactivation takes its users out of the sector and dealer-group blocks", async () => {
    const dealer = net.dealers[5];
    const porSetor: Def = { possuiSetores: true, setorIds: [dealer.setor] };
    const porGrupo: Def = { possuiGrupos: true, grupoIds: dealer.grupos };
    const only = await addUser({ tipo: 'DEALER_GRUPO', dealers: [dealer.id] });
    const [gSetor, gGrupo] = [await criar(porSetor), await criar(porGrupo)];
    expect(await expectRecipients(gSetor, porSetor)).toContain(only.id);
    expect(await expectRecipients(gGrupo, porGrupo)).toContain(only.id);
    await db.update(s.dealers).set({ active: false }).where(eq(s.dealers.id, dealer.id));
    dealer.active = false;
    try {
      expect(await expectRecipients(gSetor, porSetor)).not.toContain(only.id);
      expect(await expectRecipients(gGrupo, porGrupo)).not.toContain(only.id);
    } finally {
      await db.update(s.dealers).set({ active: true }).where(eq(s.dealers.id, dealer.id));
      dealer.active = true;
    }
  });
});

// ---------------------------------------------------------------------------------------------

const KEYS: FunctionKey[] = ['PORTAL_MANUTENCAO_GRUPOS_USUARIOS'];

/**
 * A manufacturer of the given brands (the first by default) with the user-group key, signed in;
 * kept in the model too, as they may be recipients of the groups below.
 */
async function newManufacturer(
  extra: { marcaIds?: number[]; funcionalidades?: FunctionKey[]; tipoAcessoIds?: number[] } = {},
) {
  const nome = `Gestora ${pad(++userSeq)} ${TAG}`;
  const marcaIds = extra.marcaIds ?? [net.marcas[0]];
  const tipoAcessoIds = extra.tipoAcessoIds ?? [net.tiposAcesso[0]];
  const signed = await signInAsNew(portal, {
    nome,
    email: `gestora${TAG}.${userSeq}@gu.test`,
    tipo: 'MONTADORA',
    funcionalidades: extra.funcionalidades ?? KEYS,
    marcaIds,
    tipoAcessoIds,
  });
  net.users.push({
    id: signed.id,
    nome,
    tipo: 'MONTADORA',
    active: true,
    marcas: new Set(marcaIds),
    dealers: new Set(),
    grupos: new Set(),
    cargos: new Set(),
    tiposAcesso: new Set(tipoAcessoIds),
  });
  return signed;
}

/** A digest of the group tables: equal before and after means no write happened. */
async function groupTables() {
  const tables = [
    'grupos_usuarios',
    'grupo_usuarios_marcas',
    'grupo_usuarios_tipos_usuario',
    'grupo_usuarios_tipos_acesso',
    'grupo_usuarios_dealers',
    'grupo_usuarios_cargos',
    'grupo_usuarios_setores',
    'grupo_usuarios_grupos',
    'grupo_usuarios_manuais',
    'grupo_usuarios_removidos',
    'grupo_usuarios_leitores',
    'grupo_usuarios_editores',
    'grupo_usuarios_favoritos',
    'auditoria',
  ];
  const parts = await Promise.all(
    tables.map(async (table) => {
      const { rows } = await db.execute<{ digest: string }>(
        sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`),
      );
      return rows[0].digest;
    }),
  );
  return parts.join(',');
}

describe('salvarGrupoUsuarios: rules', () => {
  it('refuses every rule of spec section 5 with a field error and saves nothing', async () => {
    const before = await groupTables();
    const M1 = net.marcas[0];
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ['no block', {}, { blocos: V.nenhumBloco }],
      ['name required', { nome: '  ', possuiCargos: true, cargoIds: [net.cargos[0]] }, { nome: 'Campo obrigatório' }],
      [
        'profile: brands and types',
        { possuiPerfil: true },
        { marcaIds: V.obrigatorioNoBloco, tiposUsuario: V.obrigatorioNoBloco },
      ],
      [
        'profile: dealers with the dealer-group type',
        { possuiPerfil: true, marcaIds: [M1], tiposUsuario: ['DEALER_GRUPO'] },
        { dealerIds: V.obrigatorioNoBloco },
      ],
      ['positions', { possuiCargos: true }, { cargoIds: V.obrigatorioNoBloco }],
      ['sectors', { possuiSetores: true, setorIds: [] }, { setorIds: V.obrigatorioNoBloco }],
      ['dealer groups', { possuiGrupos: true }, { grupoIds: V.obrigatorioNoBloco }],
      ['manual users', { possuiUsuariosManuais: true }, { usuarioManualIds: V.obrigatorioNoBloco }],
      [
        'a filled block does not excuse an empty one',
        { possuiCargos: true, cargoIds: [net.cargos[0]], possuiSetores: true },
        { setorIds: V.obrigatorioNoBloco },
      ],
    ];
    for (const [name, input, want] of cases) {
      const r = await salvar(staff, { nome: unique('Regra'), ...input });
      expect([name, errorCode(r)]).toEqual([name, 'BAD_USER_INPUT']);
      expect([name, fields(r)]).toEqual([name, want]);
    }
    expect(await groupTables()).toBe(before);
    // Dealers are not required with all dealers, nor without the dealer-group type; values of a
    // block that is off are dropped.
    for (const input of [
      { possuiPerfil: true, marcaIds: [M1], tiposUsuario: ['DEALER_GRUPO'], todosDealers: true },
      { possuiPerfil: true, marcaIds: [M1], tiposUsuario: ['MONTADORA'], dealerIds: [net.dealers[0].id] },
    ]) {
      const r = await salvar(staff, { nome: unique('Regra'), ...input, cargoIds: [net.cargos[0]] });
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      const g = r.data!.salvarGrupoUsuarios;
      expect(g.dealers).toEqual([]);
      expect((g as unknown as { cargos: unknown[] }).cargos).toEqual([]);
    }
  });

  it('keeps names unique without case or accents, and grupoUsuariosByNome finds them folded', async () => {
    const nome = `Grupo Ação Única ${TAG}`;
    const id = await criar({ nome, possuiCargos: true, cargoIds: [net.cargos[0]] });
    const r = await salvar(staff, {
      nome: `  grupo acao ÚNICA ${TAG} `,
      possuiCargos: true,
      cargoIds: [net.cargos[1]],
    });
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
    expect(fields(r)).toEqual({ nome: V.nomeEmUso });
    const found = await gql<{ grupoUsuariosByNome: { id: string } | null }>(
      portal,
      'query($n: String!) { grupoUsuariosByNome(nome: $n) { id nome } }',
      { n: `GRUPO ACAO UNICA ${TAG}` },
      staff,
    );
    expect(found.data!.grupoUsuariosByNome).toEqual({ id: String(id), nome });
    // Saving the group under its own name (another case) is fine.
    const [row] = await db.select().from(s.gruposUsuarios).where(eq(s.gruposUsuarios.id, id));
    const own = await salvar(staff, {
      id,
      version: row.version,
      nome: nome.toUpperCase(),
      possuiCargos: true,
      cargoIds: [net.cargos[0]],
    });
    expect(own.errors, JSON.stringify(own.errors)).toBeUndefined();
    const same = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.gruposUsuarios)
      .where(sql`fold(${s.gruposUsuarios.nome}) = fold(${nome})`);
    expect(same[0].n).toBe(1);
  });

  it('10 concurrent creates with one name make exactly one group; the others get the field error', async () => {
    const nome = `Grupo Concorrente ${TAG}`;
    const variants = Array.from({ length: 10 }, (_, i) => (i % 2 ? nome.toUpperCase() : nome.toLowerCase()));
    const results = await Promise.all(
      variants.map((n) => salvar(staff, { nome: n, possuiCargos: true, cargoIds: [net.cargos[0]] })),
    );
    const ok = results.filter((r) => !r.errors);
    expect(ok).toHaveLength(1);
    for (const r of results.filter((x) => x.errors)) {
      expect(errorCode(r)).toBe('BAD_USER_INPUT');
      expect(fields(r)).toEqual({ nome: V.nomeEmUso });
    }
    const rows = await db
      .select({ id: s.gruposUsuarios.id })
      .from(s.gruposUsuarios)
      .where(sql`fold(${s.gruposUsuarios.nome}) = fold(${nome})`);
    expect(rows.map((r) => String(r.id))).toEqual([ok[0].data!.salvarGrupoUsuarios.id]);
    const audits = await db
      .select()
      .from(s.auditoria)
      .where(and(eq(s.auditoria.tipo, 'GRUPO_USUARIOS'), eq(s.auditoria.registroId, String(rows[0].id))));
    expect(audits).toHaveLength(1);
  });

  it('refuses a save from a stale version with CONFLICT and keeps the first', async () => {
    const id = await criar({ possuiCargos: true, cargoIds: [net.cargos[0]] });
    const [row] = await db.select().from(s.gruposUsuarios).where(eq(s.gruposUsuarios.id, id));
    const first = await salvar(staff, {
      id,
      version: row.version,
      nome: unique('Primeira'),
      possuiCargos: true,
      cargoIds: [net.cargos[1]],
    });
    expect(first.errors).toBeUndefined();
    const second = await salvar(staff, {
      id,
      version: row.version,
      nome: unique('Segunda'),
      possuiCargos: true,
      cargoIds: [net.cargos[2]],
    });
    expect(errorCode(second)).toBe('CONFLICT');
    const [after] = await db.select().from(s.gruposUsuarios).where(eq(s.gruposUsuarios.id, id));
    expect(after.nome).toBe(first.data!.salvarGrupoUsuarios.nome);
    const cargos = await db.select().from(s.grupoUsuariosCargos).where(eq(s.grupoUsuariosCargos.grupoUsuariosId, id));
    expect(cargos.map((c) => c.cargoId)).toEqual([net.cargos[1]]);
    // Without a version, an update is refused too.
    const none = await salvar(staff, { id, nome: unique('Sem versão'), possuiCargos: true, cargoIds: [net.cargos[2]] });
    expect(fields(none)).toEqual({ version: 'Campo obrigatório' });
  });

  it('keeps public or private as created', async () => {
    const id = await criar({ publico: false, possuiCargos: true, cargoIds: [net.cargos[0]] });
    const [row] = await db.select().from(s.gruposUsuarios).where(eq(s.gruposUsuarios.id, id));
    const r = await salvar(staff, {
      id,
      version: row.version,
      nome: row.nome,
      publico: true,
      possuiCargos: true,
      cargoIds: [net.cargos[0]],
    });
    expect(r.errors).toBeUndefined();
    expect(r.data!.salvarGrupoUsuarios.publico).toBe(false);
    const [after] = await db.select().from(s.gruposUsuarios).where(eq(s.gruposUsuarios.id, id));
    expect(after.publico).toBe(false);
  });

  it('keeps the stored state when a save sends none (a missing active never reactivates)', async () => {
    const id = await criar({ publico: false, possuiCargos: true, cargoIds: [net.cargos[0]] });
    await db.update(s.gruposUsuarios).set({ active: false }).where(eq(s.gruposUsuarios.id, id));
    const [row] = await db.select().from(s.gruposUsuarios).where(eq(s.gruposUsuarios.id, id));
    const r = await salvar(staff, {
      id,
      version: row.version,
      nome: row.nome,
      possuiCargos: true,
      cargoIds: [net.cargos[1]],
    });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    const [after] = await db.select().from(s.gruposUsuarios).where(eq(s.gruposUsuarios.id, id));
    expect(after.active).toBe(false);
    // A new group without a state is active.
    const novo = await salvar(staff, { nome: unique('Sem estado'), possuiCargos: true, cargoIds: [net.cargos[0]] });
    const [created] = await db
      .select()
      .from(s.gruposUsuarios)
      .where(eq(s.gruposUsuarios.id, Number(novo.data!.salvarGrupoUsuarios.id)));
    expect(created.active).toBe(true);
  });

  it('creates public groups only with PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS', async () => {
    const without = await newManufacturer();
    const withKey = await newManufacturer({ funcionalidades: [...KEYS, 'PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS'] });
    const input = { possuiCargos: true, cargoIds: [net.cargos[0]] };
    const before = await groupTables();
    const refused = await salvar(without.token, { nome: unique('Público'), publico: true, ...input });
    expect(errorCode(refused)).toBe('FORBIDDEN');
    expect(await groupTables()).toBe(before);
    // A missing visibility is never the wider choice (issue #25: the form's locked switch sent
    // nothing and the save was refused): private, for whoever saves it.
    for (const token of [without.token, withKey.token, staff]) {
      const missing = await salvar(token, { nome: unique('Sem visibilidade'), ...input });
      expect(missing.errors, JSON.stringify(missing.errors)).toBeUndefined();
      const [row] = await db
        .select({ publico: s.gruposUsuarios.publico })
        .from(s.gruposUsuarios)
        .where(eq(s.gruposUsuarios.id, Number(missing.data!.salvarGrupoUsuarios.id)));
      expect(row.publico).toBe(false);
    }
    const privado = await salvar(without.token, { nome: unique('Privado'), publico: false, ...input });
    expect(privado.errors).toBeUndefined();
    expect(privado.data!.salvarGrupoUsuarios).toMatchObject({ publico: false, criador: { id: String(without.id) } });
    const publico = await salvar(withKey.token, { nome: unique('Público'), publico: true, ...input });
    expect(publico.errors).toBeUndefined();
    expect(publico.data!.salvarGrupoUsuarios.publico).toBe(true);
  });

  it("refuses options outside the caller's scope, field by field, and changes nothing", async () => {
    const [M1, M2, M3] = net.marcas;
    const [T1, T2] = net.tiposAcesso;
    const [D0, , , D3, D4] = net.dealers.map((d) => d.id);
    const [G1, , G3] = net.grupos;
    const inativo = await createGrupo(db, unique('Grupo Inativo'), [M1], false);
    const me = await newManufacturer({ tipoAcessoIds: [T1] });
    // A user the caller sees (brand M1) and one they do not (a manufacturer of M3 only).
    const visivel = await addUser({ tipo: 'MONTADORA', marcas: [M1] });
    const alheio = await addUser({ tipo: 'MONTADORA', marcas: [M3] });
    const perfil = { possuiPerfil: true, marcaIds: [M1], tiposUsuario: ['DEALER_GRUPO'], dealerIds: [D0] };
    const before = await groupTables();
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ["another manufacturer's brand", { ...perfil, marcaIds: [M1, M2] }, { marcaIds: V.marcaNaoPermitida }],
      [
        'a type they do not administer',
        { ...perfil, tiposUsuario: ['TECSINAPSE', 'DEALER_GRUPO'] },
        { tiposUsuario: V.tipoNaoPermitido },
      ],
      [
        'an access type they do not hold',
        { ...perfil, tipoAcessoIds: [T1, T2] },
        { tipoAcessoIds: V.tipoAcessoNaoPermitido },
      ],
      ['an inactive dealer of their brand', { ...perfil, dealerIds: [D0, D4] }, { dealerIds: V.dealerNaoPermitido }],
      ['a dealer of another brand', { ...perfil, dealerIds: [D3] }, { dealerIds: V.dealerNaoPermitido }],
      [
        'a dealer group of another brand',
        { possuiGrupos: true, grupoIds: [G1, G3] },
        { grupoIds: V.grupoNaoPermitido },
      ],
      ['an inactive dealer group', { possuiGrupos: true, grupoIds: [inativo.id] }, { grupoIds: V.grupoNaoPermitido }],
      [
        'a manual user outside their scope',
        { possuiUsuariosManuais: true, usuarioManualIds: [visivel.id, alheio.id] },
        { usuarioManualIds: V.usuarioNaoPermitido },
      ],
      [
        'an excluded user outside their scope',
        { possuiCargos: true, cargoIds: [net.cargos[0]], usuarioRemovidoIds: [alheio.id] },
        { usuarioRemovidoIds: V.usuarioNaoPermitido },
      ],
      [
        'access lists naming users outside their scope',
        { possuiCargos: true, cargoIds: [net.cargos[0]], leitorIds: [alheio.id], editorIds: [alheio.id] },
        { leitorIds: V.usuarioNaoPermitido, editorIds: V.usuarioNaoPermitido },
      ],
    ];
    for (const [name, input, want] of cases) {
      const r = await salvar(me.token, { nome: unique('Escopo'), publico: false, ...input });
      expect([name, errorCode(r)]).toEqual([name, 'BAD_USER_INPUT']);
      expect([name, fields(r)]).toEqual([name, want]);
    }
    expect(await groupTables()).toBe(before);
    // Within their scope, every block goes through.
    const ok = await salvar(me.token, {
      nome: unique('Escopo'),
      publico: false,
      ...perfil,
      tipoAcessoIds: [T1],
      possuiGrupos: true,
      grupoIds: [G1],
      possuiUsuariosManuais: true,
      usuarioManualIds: [visivel.id],
      leitorIds: [visivel.id],
    });
    expect(ok.errors, JSON.stringify(ok.errors)).toBeUndefined();
  });

  it('keeps values another maintainer chose that the editor could not add, and refuses adding them', async () => {
    const [M1, M2] = net.marcas;
    const editor = await newManufacturer();
    const def: Def = { possuiPerfil: true, marcaIds: [M1, M2], tiposUsuario: ['MONTADORA'] };
    const id = await criar({ ...def, publico: false, editorIds: [editor.id] });
    const [row] = await db.select().from(s.gruposUsuarios).where(eq(s.gruposUsuarios.id, id));
    const r = await salvar(editor.token, {
      id,
      version: row.version,
      nome: `${row.nome} editado`,
      ...def,
      editorIds: [editor.id],
    });
    expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
    expect(r.data!.salvarGrupoUsuarios.marcas.map((m) => Number(m.id)).sort()).toEqual([M1, M2].sort());
    const again = await salvar(editor.token, {
      id,
      version: r.data!.salvarGrupoUsuarios.version,
      nome: row.nome,
      ...def,
      marcaIds: [M1, M2, net.marcas[2]],
      editorIds: [editor.id],
    });
    expect(fields(again)).toEqual({ marcaIds: V.marcaNaoPermitida });
  });
});

describe('read and edit access lists', () => {
  it('private groups: invisible to others, readable by the read list, changeable by the edit list and provider staff', async () => {
    const [M1] = net.marcas;
    const creator = await newManufacturer();
    const reader = await newManufacturer();
    const editor = await newManufacturer();
    const outsider = await newManufacturer();
    const def = { possuiPerfil: true, marcaIds: [M1], tiposUsuario: ['MONTADORA', 'DEALER_GRUPO'], todosDealers: true };
    const created = await salvar(creator.token, {
      nome: unique('Privado'),
      publico: false,
      ...def,
      leitorIds: [reader.id],
      editorIds: [editor.id],
    });
    expect(created.errors, JSON.stringify(created.errors)).toBeUndefined();
    const id = Number(created.data!.salvarGrupoUsuarios.id);
    const read = (token: string) => gql<{ grupoUsuarios: Grupo }>(portal, GRUPO, { id }, token);

    // Someone not named: NOT_FOUND everywhere, not in the lists.
    expect(errorCode(await read(outsider.token))).toBe('NOT_FOUND');
    expect(errorCode(await destinatarios(outsider.token, { grupos: [id] }))).toBe('NOT_FOUND');
    // Along with a group of their own (named twice, which is fine alone), or a missing id along with a group: still NOT_FOUND.
    const own = await criar({ ...def, tiposUsuario: ['MONTADORA'], publico: false }, outsider.token);
    expect((await destinatarios(outsider.token, { grupos: [own, own] })).errors).toBeUndefined();
    expect(errorCode(await destinatarios(outsider.token, { grupos: [own, id] }))).toBe('NOT_FOUND');
    expect(errorCode(await destinatarios(staff, { grupos: [id, 2_000_000_000] }))).toBe('NOT_FOUND');
    const listed = async (token: string) =>
      (
        await gql<{ gruposUsuarios: { content: { id: string }[] } }>(
          portal,
          LISTA,
          { f: { busca: TAG, rowsPerPage: 100 } },
          token,
        )
      ).data!.gruposUsuarios.content.map((g) => Number(g.id));
    expect(await listed(outsider.token)).not.toContain(id);
    const ativos = async (token: string) =>
      (
        await gql<{ gruposUsuariosAtivos: { id: string }[] }>(
          portal,
          '{ gruposUsuariosAtivos { id favorito } }',
          {},
          token,
        )
      ).data!.gruposUsuariosAtivos.map((g) => Number(g.id));
    expect(await ativos(outsider.token)).not.toContain(id);

    // The read list: reads and lists, may not save or (in)activate.
    const asReader = await read(reader.token);
    expect(asReader.errors).toBeUndefined();
    expect(asReader.data!.grupoUsuarios.podeEditar).toBe(false);
    expect(await listed(reader.token)).toContain(id);
    expect(await ativos(reader.token)).toContain(id);
    const before = await groupTables();
    const version = asReader.data!.grupoUsuarios.version;
    const input = { id, version, nome: unique('Tomado'), ...def, leitorIds: [reader.id], editorIds: [editor.id] };
    expect(errorCode(await salvar(reader.token, input))).toBe('FORBIDDEN');
    expect(
      errorCode(
        await gql(portal, 'mutation($id: ID!) { inativarGrupoUsuarios(id: $id) { id } }', { id }, reader.token),
      ),
    ).toBe('FORBIDDEN');
    expect(await groupTables()).toBe(before);

    // The edit list saves; provider staff see and change everything.
    const asEditor = await salvar(editor.token, { ...input, nome: unique('Editado') });
    expect(asEditor.errors, JSON.stringify(asEditor.errors)).toBeUndefined();
    expect(asEditor.data!.salvarGrupoUsuarios.podeEditar).toBe(true);
    const asStaff = await read(staff);
    expect(asStaff.data!.grupoUsuarios).toMatchObject({ podeEditar: true, publico: false });
    const byStaff = await salvar(staff, {
      ...input,
      version: asStaff.data!.grupoUsuarios.version,
      nome: unique('Pela equipe'),
    });
    expect(byStaff.errors, JSON.stringify(byStaff.errors)).toBeUndefined();

    // importarGrupoUsuarios: readable groups only.
    expect(
      errorCode(
        await gql(
          portal,
          'mutation($ids: [ID!]!) { importarGrupoUsuarios(ids: $ids) { id } }',
          { ids: [id] },
          outsider.token,
        ),
      ),
    ).toBe('NOT_FOUND');
    const imported = await gql<{ importarGrupoUsuarios: { id: string; marcas: { id: string }[] }[] }>(
      portal,
      'mutation($ids: [ID!]!) { importarGrupoUsuarios(ids: $ids) { id marcas { id } tiposUsuarios } }',
      { ids: [id] },
      reader.token,
    );
    expect(imported.errors).toBeUndefined();
    const [copy] = imported.data!.importarGrupoUsuarios as { id: string; marcas: unknown; tiposUsuarios: string[] }[];
    expect({ ...copy, tiposUsuarios: [...copy.tiposUsuarios].sort() }).toEqual({
      id: String(id),
      marcas: [{ id: String(M1) }],
      tiposUsuarios: ['DEALER_GRUPO', 'MONTADORA'],
    });
    // A list mixing a readable and an unreadable group is refused as a whole.
    const other = await criar({ publico: false, possuiCargos: true, cargoIds: [net.cargos[0]] });
    expect(
      errorCode(
        await gql(
          portal,
          'mutation($ids: [ID!]!) { importarGrupoUsuarios(ids: $ids) { id } }',
          { ids: [id, other] },
          reader.token,
        ),
      ),
    ).toBe('NOT_FOUND');
  });

  it("public groups: seen by users who see their creator and everyone for provider staff's, not by another manufacturer", async () => {
    const [M1, , M3] = net.marcas;
    const publicKeys: FunctionKey[] = [...KEYS, 'PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS'];
    const creator = await newManufacturer({ funcionalidades: publicKeys });
    const colleague = await newManufacturer(); // shares brand M1 with the creator
    const rival = await newManufacturer({ marcaIds: [M3] });
    const def = { possuiCargos: true, cargoIds: [net.cargos[0]] };
    const deManufacturer = await criar({ ...def, publico: true }, creator.token);
    const daEquipe = await criar({ ...def, publico: true });
    const privadoDaEquipe = await criar({ ...def, publico: false });
    const readable = async (token: string, id: number) => !errorCode(await gql(portal, GRUPO, { id }, token));
    expect(await readable(colleague.token, deManufacturer)).toBe(true);
    expect(await readable(rival.token, deManufacturer)).toBe(false);
    expect(await readable(rival.token, daEquipe)).toBe(true);
    expect(await readable(colleague.token, daEquipe)).toBe(true);
    expect(await readable(rival.token, privadoDaEquipe)).toBe(false);
    expect(await readable(staff, deManufacturer)).toBe(true);
    // The colleague reads it but may not change it.
    const g = (await gql<{ grupoUsuarios: Grupo }>(portal, GRUPO, { id: deManufacturer }, colleague.token)).data!
      .grupoUsuarios;
    expect(g.podeEditar).toBe(false);
    const r = await salvar(colleague.token, { id: deManufacturer, version: g.version, nome: unique('X'), ...def });
    expect(errorCode(r)).toBe('FORBIDDEN');
    void M1;
  });

  it("previews recipients within the caller's users only", async () => {
    const [M1, , M3] = net.marcas;
    const me = await newManufacturer({ marcaIds: [M1] });
    const def: Def = {
      possuiPerfil: true,
      marcaIds: [M1, M3],
      tiposUsuario: ['MONTADORA', 'DEALER_GRUPO'],
      todosDealers: true,
    };
    const all = expected(def);
    // usuarioScope of a manufacturer of M1, in plain TypeScript: manufacturer and dealer-group users
    // of brand M1 or working at any dealer (active or not) of brand M1.
    const seen = (id: number) => {
      const x = net.users.find((u) => u.id === id)!;
      return (
        (x.tipo === 'MONTADORA' || x.tipo === 'DEALER_GRUPO') &&
        (x.marcas.has(M1) || [...x.dealers].some((d) => dealerOf(d)!.marcas.includes(M1)))
      );
    };
    const want = all.filter(seen);
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(all.length);
    expect(await viaApi({ definicao: def }, me.token)).toEqual(want);
    // A saved group (provider staff's, public) through the same caller: the same scoping.
    const id = await criar({ ...def, publico: true });
    expect(await viaApi({ grupos: [id] }, me.token)).toEqual(want);
    expect(
      (await gql<{ grupoUsuarios: Grupo }>(portal, GRUPO, { id }, me.token)).data!.grupoUsuarios.totalDestinatarios,
    ).toBe(want.length);
  });
});

describe("users outside the caller's scope in a group (issue #25)", () => {
  /** A group's user lists as stored, by table. */
  async function storedLists(id: number) {
    const read = async (table: string) => {
      const { rows } = await db.execute<{ usuario_id: number }>(
        sql`select usuario_id from ${sql.raw(table)} where grupo_usuarios_id = ${id} order by usuario_id`,
      );
      return rows.map((r) => Number(r.usuario_id));
    };
    return {
      manuais: await read('grupo_usuarios_manuais'),
      removidos: await read('grupo_usuarios_removidos'),
      leitores: await read('grupo_usuarios_leitores'),
      editores: await read('grupo_usuarios_editores'),
    };
  }
  const sortedIds = (...ids: number[]) => [...ids].sort((a, b) => a - b);
  const idsOf = (list: { id: string }[]) => sortedIds(...list.map((x) => Number(x.id)));

  it('lists only the users the caller sees, and a save or inactivation keeps the others', async () => {
    const [M1, , M3] = net.marcas;
    const editor = await newManufacturer({ marcaIds: [M1] });
    const rival = await newManufacturer({ marcaIds: [M3] });
    // Users of brand M1 (seen by the editor) and of brand M3 (seen by the rival).
    const [m1a, m1b, m1x] = [
      await addUser({ tipo: 'MONTADORA', marcas: [M1] }),
      await addUser({ tipo: 'MONTADORA', marcas: [M1] }),
      await addUser({ tipo: 'MONTADORA', marcas: [M1] }),
    ].map((u) => u.id);
    const [m3a, m3x] = [
      await addUser({ tipo: 'MONTADORA', marcas: [M3] }),
      await addUser({ tipo: 'MONTADORA', marcas: [M3] }),
    ].map((u) => u.id);
    const def = { possuiCargos: true, cargoIds: [net.cargos[0]], possuiUsuariosManuais: true };
    // A public group of provider staff, which every manufacturer reads.
    const id = await criar({
      ...def,
      publico: true,
      usuarioManualIds: [m1a, m1b, m3a],
      usuarioRemovidoIds: [m1x, m3x],
      leitorIds: [m1a, m3a],
      editorIds: [editor.id, m3a],
    });
    const all = await storedLists(id);
    const listsOf = (g: Grupo & { usuariosRemovidos: { id: string }[] }) => ({
      manuais: idsOf(g.usuariosManuais),
      removidos: idsOf(g.usuariosRemovidos),
      leitores: idsOf(g.leitores),
      editores: idsOf(g.editores),
    });
    type Full = Grupo & { usuariosRemovidos: { id: string }[] };
    const read = async (token: string) =>
      listsOf((await gql<{ grupoUsuarios: Full }>(portal, GRUPO, { id }, token)).data!.grupoUsuarios as Full);
    const seenByRival = { manuais: [m3a], removidos: [m3x], leitores: [m3a], editores: [m3a] };
    const seenByEditor = {
      manuais: sortedIds(m1a, m1b),
      removidos: [m1x],
      leitores: [m1a],
      editores: [editor.id],
    };
    expect(await read(staff)).toEqual(all);
    expect(await read(rival.token)).toEqual(seenByRival);
    expect(await read(editor.token)).toEqual(seenByEditor);
    // The same in the list and in the import.
    const listed = await gql<{ gruposUsuarios: { content: Full[] } }>(
      portal,
      `query($f: GrupoUsuariosFilterInput!) { gruposUsuarios(filterInput: $f) { content { ${GRUPO_FIELDS} } } }`,
      { f: { busca: (await db.select().from(s.gruposUsuarios).where(eq(s.gruposUsuarios.id, id)))[0].nome } },
      rival.token,
    );
    expect(listed.data!.gruposUsuarios.content.map(listsOf)).toEqual([seenByRival]);
    const imported = await gql<{ importarGrupoUsuarios: Full[] }>(
      portal,
      `mutation($ids: [ID!]!) { importarGrupoUsuarios(ids: $ids) { ${GRUPO_FIELDS} } }`,
      { ids: [id] },
      rival.token,
    );
    expect(imported.data!.importarGrupoUsuarios.map(listsOf)).toEqual([seenByRival]);

    // The editor drops one of their users from each list and saves: the rival's users stay.
    const [row] = await db.select().from(s.gruposUsuarios).where(eq(s.gruposUsuarios.id, id));
    const saved = await salvar(editor.token, {
      id,
      version: row.version,
      nome: row.nome,
      ...def,
      usuarioManualIds: [m1b],
      usuarioRemovidoIds: [],
      leitorIds: [],
      editorIds: [editor.id],
    });
    expect(saved.errors, JSON.stringify(saved.errors)).toBeUndefined();
    expect(listsOf(saved.data!.salvarGrupoUsuarios as Full)).toEqual({
      manuais: [m1b],
      removidos: [],
      leitores: [],
      editores: [editor.id],
    });
    const kept = {
      manuais: sortedIds(m1b, m3a),
      removidos: [m3x],
      leitores: [m3a],
      editores: sortedIds(editor.id, m3a),
    };
    expect(await storedLists(id)).toEqual(kept);
    // Inactivated and activated again by the editor (a save of the group as they read it): the same.
    for (const op of ['inativarGrupoUsuarios', 'ativarGrupoUsuarios']) {
      const r = await gql(portal, `mutation($id: ID!) { ${op}(id: $id) { id } }`, { id }, editor.token);
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      expect(await storedLists(id)).toEqual(kept);
    }
    // Naming a user they do not see is still refused, and changes nothing.
    const [now] = await db.select().from(s.gruposUsuarios).where(eq(s.gruposUsuarios.id, id));
    const before = await groupTables();
    const refused = await salvar(editor.token, {
      id,
      version: now.version,
      nome: now.nome,
      ...def,
      usuarioManualIds: [m1b, m3a],
      editorIds: [editor.id],
    });
    expect(fields(refused)).toEqual({ usuarioManualIds: V.usuarioNaoPermitido });
    expect(await groupTables()).toBe(before);
  });

  it('grupoUsuariosByNome names only groups the caller may read', async () => {
    const creator = await newManufacturer();
    const outsider = await newManufacturer();
    const nome = unique('Grupo Secreto');
    const id = await criar({ nome, publico: false, possuiCargos: true, cargoIds: [net.cargos[0]] }, creator.token);
    const byNome = async (token: string) =>
      (
        await gql<{ grupoUsuariosByNome: { id: string; nome: string } | null }>(
          portal,
          'query($n: String!) { grupoUsuariosByNome(nome: $n) { id nome } }',
          { n: nome.toUpperCase() },
          token,
        )
      ).data!.grupoUsuariosByNome;
    expect(await byNome(outsider.token)).toBeNull();
    expect(await byNome(creator.token)).toEqual({ id: String(id), nome });
    expect(await byNome(staff)).toEqual({ id: String(id), nome });
  });
});

describe('favourites', () => {
  it('toggles the caller’s favourite and lists favourites first (list and gruposUsuariosAtivos)', async () => {
    const me = await newManufacturer();
    const def = { possuiCargos: true, cargoIds: [net.cargos[0]] };
    const ids = [];
    for (const nome of ['Aa', 'Bb', 'Cc'])
      ids.push(await criar({ ...def, publico: false, nome: `Fav ${nome} ${TAG}` }, me.token));
    const toggle = (id: number) =>
      gql<{ atualizarGrupoFavorito: { id: string; favorito: boolean } }>(
        portal,
        'mutation($id: ID!) { atualizarGrupoFavorito(id: $id) { id favorito } }',
        { id },
        me.token,
      );
    expect((await toggle(ids[2])).data!.atualizarGrupoFavorito.favorito).toBe(true);
    const list = async () =>
      (
        await gql<{ gruposUsuarios: { content: { id: string; favorito: boolean }[] } }>(
          portal,
          LISTA,
          { f: { busca: `Fav`, rowsPerPage: 100 } },
          me.token,
        )
      ).data!.gruposUsuarios.content;
    expect((await list()).map((g) => [Number(g.id), g.favorito])).toEqual([
      [ids[2], true],
      [ids[0], false],
      [ids[1], false],
    ]);
    const ativos = (
      await gql<{ gruposUsuariosAtivos: { id: string; favorito: boolean }[] }>(
        portal,
        '{ gruposUsuariosAtivos { id favorito } }',
        {},
        me.token,
      )
    ).data!.gruposUsuariosAtivos;
    expect(ativos[0]).toEqual({ id: String(ids[2]), favorito: true });
    expect(ativos.filter((g) => g.favorito)).toHaveLength(1);
    // Favourites are the caller's own: another reader sees none; staff's toggle does not touch it.
    const staffView = (await gql<{ grupoUsuarios: Grupo }>(portal, GRUPO, { id: ids[2] }, staff)).data!.grupoUsuarios;
    expect(staffView.favorito).toBe(false);
    // Toggled again: no longer a favourite, back in name order.
    expect((await toggle(ids[2])).data!.atualizarGrupoFavorito.favorito).toBe(false);
    expect((await list()).map((g) => Number(g.id))).toEqual(ids);
    // A group the caller may not read: NOT_FOUND and nothing stored.
    const other = await newManufacturer();
    const before = await groupTables();
    expect(
      errorCode(
        await gql(portal, 'mutation($id: ID!) { atualizarGrupoFavorito(id: $id) { id } }', { id: ids[0] }, other.token),
      ),
    ).toBe('NOT_FOUND');
    expect(await groupTables()).toBe(before);
  });
});

describe('audit', () => {
  it('records creation, change, inactivation and activation, and the audit page follows the read list', async () => {
    const creator = await newManufacturer();
    const reader = await newManufacturer();
    const outsider = await newManufacturer();
    const def = { possuiCargos: true, cargoIds: [net.cargos[0]] };
    const id = await criar({ ...def, publico: false, leitorIds: [reader.id] }, creator.token);
    const [row] = await db.select().from(s.gruposUsuarios).where(eq(s.gruposUsuarios.id, id));
    const r = await salvar(creator.token, {
      id,
      version: row.version,
      nome: row.nome,
      possuiCargos: true,
      cargoIds: [net.cargos[0], net.cargos[1]],
      leitorIds: [reader.id],
    });
    expect(r.errors).toBeUndefined();
    // A save that changes nothing adds no entry.
    const unchanged = await salvar(creator.token, {
      id,
      version: r.data!.salvarGrupoUsuarios.version,
      nome: row.nome,
      possuiCargos: true,
      cargoIds: [net.cargos[1], net.cargos[0]],
      leitorIds: [reader.id],
    });
    expect(unchanged.errors).toBeUndefined();
    for (const m of ['inativarGrupoUsuarios', 'ativarGrupoUsuarios']) {
      expect(
        (await gql(portal, `mutation($id: ID!) { ${m}(id: $id) { id } }`, { id }, creator.token)).errors,
      ).toBeUndefined();
    }
    const audits = await db
      .select()
      .from(s.auditoria)
      .where(and(eq(s.auditoria.tipo, 'GRUPO_USUARIOS'), eq(s.auditoria.registroId, String(id))))
      .orderBy(s.auditoria.id);
    expect(audits.map((a) => a.alteracao)).toEqual(['CRIACAO', 'ALTERACAO', 'INATIVACAO', 'ATIVACAO']);
    expect(audits.every((a) => a.autorId === creator.id)).toBe(true);
    expect(audits[1].valorAnterior).toEqual({ cargoIds: [net.cargos[0]] });
    expect(audits[1].valorNovo).toEqual({ cargoIds: [net.cargos[0], net.cargos[1]].sort((a, b) => a - b) });
    const AUDITORIA = `query($f: AuditoriaFilterInput!) { auditoria(filterInput: $f) { totalElements } }`;
    const f = { tipo: 'GRUPO_USUARIOS', registroId: id };
    for (const [who, token] of [
      ['creator', creator.token],
      ['reader', reader.token],
      ['staff', staff],
    ] as const) {
      const a = await gql<{ auditoria: { totalElements: number } }>(portal, AUDITORIA, { f }, token);
      expect([who, a.errors]).toEqual([who, undefined]);
      expect(a.data!.auditoria.totalElements).toBe(4);
    }
    const refused = await gql(portal, AUDITORIA, { f }, outsider.token);
    expect(errorCode(refused)).toMatch(/^(FORBIDDEN|NOT_FOUND)$/);
    // Without the user-group key, not even the creator's colleague with the read list.
    const noKey = await newManufacturer({ funcionalidades: ['PORTAL_MANUTENCAO_USUARIOS'] });
    expect(errorCode(await gql(portal, AUDITORIA, { f }, noKey.token))).toBe('FORBIDDEN');
  });
});

describe('isRecipient in an enclosing query', () => {
  it('answers for the enclosing row when that row is itself a user (usuarios.id)', async () => {
    const def: Def = { possuiSetores: true, setorIds: [net.setores[0]] };
    const id = await criar(def);
    const want = expected(def);
    const rows = await db
      .select({ id: s.usuarios.id })
      .from(s.usuarios)
      .where(and(inArray(s.usuarios.id, mine()), isRecipient(id, sql`${s.usuarios.id}`)));
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(want);
  });
});
