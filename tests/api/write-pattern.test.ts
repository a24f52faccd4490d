import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { cnpjFrom, createDealer, createGrupo, createLargeGroup } from '../../server/db/seed/builders';
import { seededRandom } from '../../server/db/seed/random';
import { DEMO, errorCode, gql, signIn, startPortal, versionOf, type GraphQLResponse, type TestPortal } from './portal';

// The one way to write (issue #12): versions refuse stale saves, unique indexes refuse duplicates
// under concurrency with field errors, and a group's cascade is set-based at any size.

let portal: TestPortal;
let db: TestPortal['database']['db'];
let token: string;
let marcaA: number;
let setor: { id: number; divisaoId: number };
const random = seededRandom(1212);
const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  portal = await startPortal();
  db = portal.database.db;
  token = (await signIn(portal, DEMO.super)).access_token;
  [{ id: marcaA }] = await db.select().from(s.marcas).orderBy(s.marcas.nome).limit(1);
  [setor] = await db.select().from(s.setores).limit(1);
});
afterAll(() => portal?.close());

const SALVAR_GRUPO = `mutation($grupo: GrupoInput!) { salvarGrupo(grupo: $grupo) { id nome version } }`;
const SALVAR_DEALER = `mutation($dealer: DealerInput!) { salvarDealer(dealer: $dealer) { id version } }`;
const fieldErrors = (r: GraphQLResponse) =>
  r.errors?.[0]?.extensions?.fieldErrors as Record<string, string> | undefined;
const auditOf = (tipo: string, id: number) =>
  db
    .select()
    .from(s.auditoria)
    .where(and(eq(s.auditoria.tipo, tipo), eq(s.auditoria.registroId, String(id))));

let seq = 0;
const unique = (prefix: string) => `${prefix} ${++seq} ${random.digits(5)}`;

const dealerInput = (nome: string, cnpj = cnpjFrom(random)) => ({
  nomeExibicao: nome,
  razaoSocial: 'Concessionária Versionada Ltda',
  cnpj,
  codigos: ['V1'],
  divisaoId: setor.divisaoId,
  setorId: setor.id,
  marcaIds: [marcaA],
});

describe('saves carry the version they read', () => {
  it('gives the second of two saves from one read a translated CONFLICT and keeps the first', async () => {
    const grupo = await createGrupo(db, unique('Grupo Versão'), [marcaA]);
    const read = { id: grupo.id, version: grupo.version, marcaIds: [marcaA], active: true };
    const first = await gql(portal, SALVAR_GRUPO, { grupo: { ...read, nome: `${grupo.nome} A` } }, token);
    expect(first.errors).toBeUndefined();
    expect(first.data).toMatchObject({ salvarGrupo: { version: grupo.version + 1 } });

    const second = await gql(portal, SALVAR_GRUPO, { grupo: { ...read, nome: `${grupo.nome} B` } }, token);
    expect(errorCode(second)).toBe('CONFLICT');
    expect(second.errors?.[0]?.message).toBe(
      'Outra pessoa salvou este registro depois que você o abriu. Recarregue a página para ver a versão atual e refaça a sua alteração.',
    );
    const [row] = await db.select().from(s.grupos).where(eq(s.grupos.id, grupo.id));
    expect(row).toMatchObject({ nome: `${grupo.nome} A`, version: grupo.version + 1 });
    expect((await auditOf('GRUPO', grupo.id)).map((a) => a.valorNovo)).toEqual([{ nome: `${grupo.nome} A` }]);
  });

  it('of 20 concurrent saves of a dealer from one read, exactly one lands', async () => {
    const dealer = await createDealer(db, { ...dealerInput(unique('Dealer Versão')), marcaIds: [marcaA] });
    const read = { ...dealerInput(dealer.nomeExibicao, dealer.cnpj), id: dealer.id, version: dealer.version };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        gql(portal, SALVAR_DEALER, { dealer: { ...read, razaoSocial: `Razão Social Concorrente ${i} Ltda` } }, token),
      ),
    );
    const landed = answers.filter((a) => !a.errors);
    expect(landed).toHaveLength(1);
    expect(answers.filter((a) => errorCode(a) === 'CONFLICT')).toHaveLength(19);
    const [row] = await db.select().from(s.dealers).where(eq(s.dealers.id, dealer.id));
    expect(row.version).toBe(dealer.version + 1);
    const audit = await auditOf('DEALER', dealer.id);
    expect(audit).toHaveLength(1);
    expect(audit[0].valorNovo).toEqual({ razaoSocial: row.razaoSocial });
  });

  it('requires the version on an update, and a list action (inactivate) makes earlier reads stale', async () => {
    const dealer = await createDealer(db, { ...dealerInput(unique('Dealer Lista')), marcaIds: [marcaA] });
    const read = { ...dealerInput(dealer.nomeExibicao, dealer.cnpj), id: dealer.id };
    const missing = await gql(portal, SALVAR_DEALER, { dealer: read }, token);
    expect(fieldErrors(missing)).toEqual({ version: 'Campo obrigatório' });

    const inactivated = await gql(
      portal,
      'mutation($id: ID!) { inativarDealer(id: $id) { version } }',
      { id: dealer.id },
      token,
    );
    expect(inactivated.data).toEqual({ inativarDealer: { version: dealer.version + 1 } });
    const stale = await gql(portal, SALVAR_DEALER, { dealer: { ...read, version: dealer.version } }, token);
    expect(errorCode(stale)).toBe('CONFLICT');
    const [row] = await db.select().from(s.dealers).where(eq(s.dealers.id, dealer.id));
    expect(row).toMatchObject({ active: false, razaoSocial: dealer.razaoSocial });
  });
});

describe('reference data saves carry their version too', () => {
  it('refuses the second of two saves of a position from one read', async () => {
    const mutation = `mutation($cargo: CargoInput!) { salvarCargo(cargo: $cargo) { id nome version } }`;
    const created = await gql<{ salvarCargo: { id: string; version: number } }>(
      portal,
      mutation,
      { cargo: { nome: unique('Cargo Versão') } },
      token,
    );
    const read = created.data!.salvarCargo;
    const first = await gql(portal, mutation, { cargo: { ...read, nome: unique('Cargo A') } }, token);
    expect(first.errors).toBeUndefined();
    const second = await gql(portal, mutation, { cargo: { ...read, nome: unique('Cargo B') } }, token);
    expect(errorCode(second)).toBe('CONFLICT');
    const [row] = await db
      .select()
      .from(s.cargos)
      .where(eq(s.cargos.id, Number(read.id)));
    expect(row.nome).toMatch(/^Cargo A/);
  });

  it('keeps a position saved since it was read when its removal sends the old version', async () => {
    const salvar = `mutation($cargo: CargoInput!) { salvarCargo(cargo: $cargo) { id nome version } }`;
    const excluir = 'mutation($id: ID!, $version: Int) { excluirCargo(id: $id, version: $version) }';
    const created = await gql<{ salvarCargo: { id: string; version: number } }>(
      portal,
      salvar,
      { cargo: { nome: unique('Cargo Excluir') } },
      token,
    );
    const read = created.data!.salvarCargo;
    expect(
      (await gql(portal, salvar, { cargo: { ...read, nome: unique('Cargo Renomeado') } }, token)).errors,
    ).toBeUndefined();

    const stale = await gql(portal, excluir, { id: read.id, version: read.version }, token);
    expect(errorCode(stale)).toBe('CONFLICT');
    const kept = await db
      .select()
      .from(s.cargos)
      .where(eq(s.cargos.id, Number(read.id)));
    expect(kept).toHaveLength(1);
    expect(kept[0].nome).toMatch(/^Cargo Renomeado/);

    const current = await gql(portal, excluir, { id: read.id, version: kept[0].version }, token);
    expect(current.errors).toBeUndefined();
    expect(
      await db
        .select()
        .from(s.cargos)
        .where(eq(s.cargos.id, Number(read.id))),
    ).toHaveLength(0);
  });
});

describe('uniqueness is a unique index on the folded value', () => {
  it('of 10 concurrent creates of one group name (case and accents differ), one lands and nine get the field error', async () => {
    const nome = unique('Grupo Único');
    const variants = Array.from({ length: 10 }, (_, i) => (i % 2 ? nome.toUpperCase() : nome.replace('Ú', 'U')));
    const answers = await Promise.all(
      variants.map((v) => gql(portal, SALVAR_GRUPO, { grupo: { nome: v, marcaIds: [marcaA], active: true } }, token)),
    );
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.errors)) {
      expect(fieldErrors(refused)).toEqual({ nome: 'Já existe um grupo com este nome' });
    }
    const rows = await db
      .select()
      .from(s.grupos)
      .where(sql`fold(${s.grupos.nome}) = fold(${nome})`);
    expect(rows).toHaveLength(1);
  });

  it('of 10 concurrent creates of dealers sharing a CNPJ (as main or additional), one lands; the others name the field', async () => {
    const cnpj = cnpjFrom(random);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const own = dealerInput(unique('Dealer Disputa'));
        const dealer = i % 2 ? { ...own, cnpjsAdicionais: [cnpj] } : { ...own, cnpj };
        return gql(portal, SALVAR_DEALER, { dealer }, token);
      }),
    );
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.errors)) {
      expect(Object.values(fieldErrors(refused) ?? {})).toEqual(['Este CNPJ já pertence a outro dealer']);
      expect(Object.keys(fieldErrors(refused) ?? {})[0]).toMatch(/^(cnpj|cnpjsAdicionais\.0)$/);
    }
    expect(await db.select().from(s.dealerCnpjs).where(eq(s.dealerCnpjs.cnpj, cnpj))).toHaveLength(1);
  });

  it('refuses a reference name differing only in case and accents, as a field error', async () => {
    const nome = unique('Cargo Único');
    const mutation = 'mutation($nome: String!) { salvarCargo(cargo: { nome: $nome }) { id } }';
    const answers = await Promise.all(
      [nome, nome.toLowerCase(), nome.replace('Ú', 'U')].map((n) => gql(portal, mutation, { nome: n }, token)),
    );
    expect(answers.filter((a) => !a.errors)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.errors)) {
      expect(fieldErrors(refused)).toEqual({ nome: 'Já existe um registro com este nome' });
    }
  });
});

describe('the group cascade is set-based', () => {
  // 20,000 dealers on the PostgreSQL pass (issue #12); 2,000 on PGlite, whose single process runs every test file.
  const size = onPostgres ? 20_000 : 2_000;

  it(`inactivating a group of ${size} dealers inactivates them all and their users, with the change in the history of each`, async () => {
    const grupo = await createLargeGroup(db, { tag: String(size), marcaId: marcaA, dealers: size, usersPerDealer: 1 });
    const impact = await gql(
      portal,
      `query($grupo: GrupoInput!) { impactoGrupo(grupo: $grupo) { dealersDesvinculados dealersInativados usuariosInativados } }`,
      { grupo: { id: grupo.id, nome: grupo.nome, marcaIds: [marcaA], active: false } },
      token,
    );
    expect(impact.data).toEqual({
      impactoGrupo: { dealersDesvinculados: 0, dealersInativados: size, usuariosInativados: size },
    });

    const response = await gql(
      portal,
      'mutation($id: ID!) { inativarGrupo(id: $id) { active } }',
      { id: grupo.id },
      token,
    );
    expect(response.errors).toBeUndefined();
    const members = db
      .select({ id: s.dealerGrupos.dealerId })
      .from(s.dealerGrupos)
      .where(eq(s.dealerGrupos.grupoId, grupo.id));
    // Records named by this cascade's audit entry (one entry per kind names them all).
    const audited = (tipo: string, table: typeof s.dealers | typeof s.usuarios) =>
      sql<number>`count(*) filter (where exists (select 1 from ${s.auditoria} a where a.tipo = ${tipo}
        and a.alteracao = 'INATIVACAO_CASCATA' and a.valor_novo->>'grupoId' = ${String(grupo.id)}
        and a.registros @> array[${table}.id]))::int`;
    const [dealers] = await db
      .select({
        active: sql<number>`count(*) filter (where ${s.dealers.active})::int`,
        all: sql<number>`count(*)::int`,
        audited: audited('DEALER', s.dealers),
      })
      .from(s.dealers)
      .where(inArray(s.dealers.id, members));
    expect(dealers).toEqual({ active: 0, all: size, audited: size });
    const [usuarios] = await db
      .select({
        active: sql<number>`count(*) filter (where ${s.usuarios.active})::int`,
        all: sql<number>`count(*)::int`,
        audited: audited('USUARIO', s.usuarios),
      })
      .from(s.usuarios)
      .where(sql`${s.usuarios.email} like ${`massa.${size}.%`}`);
    expect(usuarios).toEqual({ active: 0, all: size, audited: size });
    // And the audit page of a dealer and of a user shows it.
    const [usuario] = await db
      .select({ id: s.usuarios.id })
      .from(s.usuarios)
      .where(sql`${s.usuarios.email} like ${`massa.${size}.%`}`)
      .limit(1);
    const dealerId = (await members.limit(1))[0].id;
    for (const [tipo, id] of [
      ['DEALER', dealerId],
      ['USUARIO', usuario.id],
    ] as const) {
      const history = await gql<{ auditoria: { content: { alteracao: string; valorNovo: string }[] } }>(
        portal,
        `query($f: AuditoriaFilterInput!) { auditoria(filterInput: $f) { content { alteracao valorNovo } } }`,
        { f: { tipo, registroId: String(id), page: 0, rowsPerPage: 10 } },
        token,
      );
      expect(history.data?.auditoria.content).toEqual([
        { alteracao: 'INATIVACAO_CASCATA', valorNovo: JSON.stringify({ active: false, grupoId: grupo.id }) },
      ]);
    }
    // The cascade bumped every dealer's version: a form opened before it cannot overwrite it.
    expect(await versionOf(db, s.dealers, dealerId)).toBe(2);
  });
});
