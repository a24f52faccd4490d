import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import type { Session } from '../../server/authz';
import { historico } from '../../server/features/auditoria/queries';
import { createGrupo } from '../../server/db/seed/builders';
import { formatCnpj } from '../../domain/documentos';
import { seedKit } from './kit';
import { DEMO, errorCode, gql, signIn, signInAsNew, type TestPortal, versionOf } from './portal';

// Dealer groups and dealers (issue #4): validation, uniqueness, row scoping, cascades and audit.

const kit = seedKit({ seed: 4242, domain: 't.test' });
const { unique, fields } = kit;
let portal: TestPortal;
const token: Record<'super' | 'montadora', string> = { super: '', montadora: '' };
let db: TestPortal['database']['db'];
let marcaA: number, marcaB: number, marcaC: number;
let setor: { id: number; divisaoId: number };
let produtoId: number;

beforeAll(async () => {
  ({ portal, db, staff: token.super } = await kit.start());
  token.montadora = (await signIn(portal, DEMO.montadora)).access_token;
  // Brands A and B belong to the montadora demo user (Aurora, Boreal); C (Cometa) does not.
  const marcas = await db.select().from(s.marcas).orderBy(s.marcas.nome);
  [marcaA, marcaB, marcaC] = marcas.map((m) => m.id);
  setor = await kit.setor();
  [{ id: produtoId }] = await db.select({ id: s.produtos.id }).from(s.produtos).limit(1);
});

const newDealer = (marcaIds: number[], grupoIds: number[] = [], extra: Partial<typeof s.dealers.$inferInsert> = {}) =>
  kit.dealer({ marcaIds, grupoIds, codigos: ['X1'], extra });

const newDealerUser = (dealerIds: number[], extra: { funcionalidades?: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] } = {}) =>
  kit.usuario({ tipo: 'DEALER_GRUPO', dealer: dealerIds, ...extra });

const validDealer = () => ({
  nomeExibicao: unique('Aurora Centro'),
  razaoSocial: 'Aurora Centro Comércio de Veículos Ltda',
  cnpj: kit.cnpj(),
  cnpjsAdicionais: [],
  codigos: ['A-100', 'B200'],
  divisaoId: String(setor.divisaoId),
  setorId: String(setor.id),
  telefones: ['(11) 3222-4444'],
  celulares: ['(11) 98888-7777'],
  endereco: { logradouro: 'Rua A, 10', cidade: 'São Paulo', estado: 'sp', cep: '01001-000' },
  marcaIds: [String(marcaA)],
  grupoIds: [],
  dadosComplementares: [{ produtoId: String(produtoId), uri: 'https://pecas.exemplo.test/d1' }],
  active: true,
});

const SALVAR_DEALER = `mutation($dealer: DealerInput!) { salvarDealer(dealer: $dealer) {
  id nomeExibicao cnpj codigos telefones celulares endereco { cidade estado cep } marcaIds grupoIds
  dadosComplementares { produtoId uri } active } }`;
const SALVAR_GRUPO = `mutation($grupo: GrupoInput!) { salvarGrupo(grupo: $grupo) { id nome active marcaIds totalDealers } }`;
const IMPACTO = `query($grupo: GrupoInput!) { impactoGrupo(grupo: $grupo) { dealersDesvinculados dealersInativados usuariosInativados } }`;

async function dealerCount() {
  const [{ total }] = await db.select({ total: count() }).from(s.dealers);
  return total;
}

/** A record's history as its audit page reads it (a cascade's entry names many records), oldest first. */
async function auditOf(tipo: string, id: number) {
  const staff: Session = {
    usuarioId: 0,
    email: '',
    nome: '',
    tipo: 'TECSINAPSE',
    idioma: 'PT_BR',
    funcionalidades: [],
  };
  const { content } = await historico(db, staff, { tipo, registroId: String(id), page: 0, rowsPerPage: 100 });
  return content.reverse();
}

describe('salvarDealer', () => {
  it('creates a dealer with every field, normalised, and audits the creation', async () => {
    const input = validDealer();
    const response = await gql<{ salvarDealer: Record<string, unknown> }>(
      portal,
      SALVAR_DEALER,
      { dealer: input },
      token.super,
    );
    expect(response.errors).toBeUndefined();
    const saved = response.data!.salvarDealer;
    expect(saved).toMatchObject({
      nomeExibicao: input.nomeExibicao,
      cnpj: input.cnpj,
      codigos: ['A-100', 'B200'],
      telefones: ['1132224444'],
      celulares: ['11988887777'],
      endereco: { cidade: 'São Paulo', estado: 'SP', cep: '01001000' },
      marcaIds: [String(marcaA)],
      dadosComplementares: [{ produtoId: String(produtoId), uri: 'https://pecas.exemplo.test/d1' }],
      active: true,
    });
    const audit = await auditOf('DEALER', Number(saved.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ alteracao: 'CRIACAO', valorNovo: expect.objectContaining({ cnpj: input.cnpj }) });
  });

  it('saves an alphanumeric CNPJ typed with its mask, stored bare in upper case, and finds it by either form', async () => {
    const input = { ...validDealer(), cnpj: '12.abc.345/01DE-35', cnpjsAdicionais: ['A1.B2C.3D4/E5F6-68'] };
    const response = await gql<{ salvarDealer: { id: string; cnpj: string } }>(
      portal,
      SALVAR_DEALER,
      { dealer: input },
      token.super,
    );
    expect(response.errors).toBeUndefined();
    expect(response.data!.salvarDealer.cnpj).toBe('12ABC34501DE35');
    const [row] = await db
      .select()
      .from(s.dealers)
      .where(eq(s.dealers.id, Number(response.data!.salvarDealer.id)));
    expect(row.cnpjsAdicionais).toEqual(['A1B2C3D4E5F668']);
    const LIST = `query($f: DealerFilterInput!) { dealers(filterInput: $f) { content { id } } }`;
    for (const busca of ['12.ABC.345/01DE-35', '12abc34501de35', '12.ABC.345']) {
      const found = await gql<{ dealers: { content: { id: string }[] } }>(portal, LIST, { f: { busca } }, token.super);
      expect(
        found.data!.dealers.content.map((d) => d.id),
        busca,
      ).toContain(response.data!.salvarDealer.id);
    }
    const wrong = await gql(
      portal,
      SALVAR_DEALER,
      { dealer: { ...validDealer(), cnpj: '12.ABC.345/01DE-36' } },
      token.super,
    );
    expect(fields(wrong)).toMatchObject({ cnpj: 'CNPJ inválido' });
  });

  it('refuses each rule of spec section 5 with a translated field error and writes nothing', async () => {
    const before = await dealerCount();
    const bad = {
      ...validDealer(),
      razaoSocial: 'AB 123456789 ltd',
      cnpj: '11.222.333/0001-00',
      codigos: ['ok', '', 'x'.repeat(21), 'OK'],
      divisaoId: '',
      setorId: null,
      telefones: ['(11) 3222-444'],
      celulares: ['(11) 38888-7777'],
      dadosComplementares: [{ produtoId: null, uri: '' }],
    };
    const response = await gql(portal, SALVAR_DEALER, { dealer: bad }, token.super);
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
    expect(fields(response)).toEqual({
      razaoSocial: 'A razão social deve ter pelo menos 10 letras',
      cnpj: 'CNPJ inválido',
      'codigos.1': 'O código não pode ficar vazio',
      'codigos.2': 'Deve ter no máximo 20 caracteres',
      'codigos.3': 'Código duplicado',
      divisaoId: 'Campo obrigatório',
      setorId: 'Campo obrigatório',
      'telefones.0': 'Formato inválido',
      'celulares.0': 'Valor inválido',
      'dadosComplementares.0.produtoId': 'Campo obrigatório',
      'dadosComplementares.0.uri': 'Campo obrigatório',
    });
    expect(await dealerCount()).toBe(before);
  });

  it('requires at least one code and one brand, and an additional CNPJ different from the main one', async () => {
    const input = validDealer();
    const response = await gql(
      portal,
      SALVAR_DEALER,
      { dealer: { ...input, codigos: [], marcaIds: [], cnpjsAdicionais: [input.cnpj] } },
      token.super,
    );
    expect(fields(response)).toMatchObject({
      codigos: 'Informe pelo menos um código',
      marcaIds: 'Selecione pelo menos 1',
      'cnpjsAdicionais.0': 'O CNPJ adicional deve ser diferente do CNPJ principal',
    });
  });

  it('answers in the caller language (Spanish for a Spanish-speaking user)', async () => {
    const spanish = await signInAsNew(portal, {
      nome: 'Hablante',
      email: 'hablante@t.test',
      tipo: 'TECSINAPSE',
      idioma: 'ES',
    });
    const response = await gql(
      portal,
      SALVAR_DEALER,
      { dealer: { ...validDealer(), telefones: ['123'] } },
      spanish.token,
    );
    expect(fields(response)['telefones.0']).toBe('Formato inválido');
    expect(response.errors?.[0]?.message).toBe('¡Verifique los datos!');
  });

  it('rejects a display name, CNPJ or additional CNPJ another dealer holds (name without case or accents)', async () => {
    const first = validDealer();
    const created = await gql<{ salvarDealer: { id: string } }>(portal, SALVAR_DEALER, { dealer: first }, token.super);
    expect(created.errors).toBeUndefined();
    const second = { ...validDealer(), nomeExibicao: first.nomeExibicao.toUpperCase().replace('CENTRO', 'CÊNTRO') };
    const byName = await gql(portal, SALVAR_DEALER, { dealer: second }, token.super);
    expect(fields(byName)).toEqual({ nomeExibicao: 'Já existe um dealer com este nome' });
    const byCnpj = await gql(portal, SALVAR_DEALER, { dealer: { ...validDealer(), cnpj: first.cnpj } }, token.super);
    expect(fields(byCnpj)).toEqual({ cnpj: 'Este CNPJ já pertence a outro dealer' });
    const byAdditional = await gql(
      portal,
      SALVAR_DEALER,
      { dealer: { ...validDealer(), cnpjsAdicionais: [first.cnpj] } },
      token.super,
    );
    expect(fields(byAdditional)).toEqual({ 'cnpjsAdicionais.0': 'Este CNPJ já pertence a outro dealer' });
    // Saving the same dealer again keeps its own name and CNPJ.
    const again = await gql(
      portal,
      SALVAR_DEALER,
      {
        dealer: {
          ...first,
          id: created.data!.salvarDealer.id,
          version: await versionOf(db, s.dealers, created.data!.salvarDealer.id),
          razaoSocial: 'Outra Razão Social Ltda',
        },
      },
      token.super,
    );
    expect(again.errors).toBeUndefined();
    const audit = await auditOf('DEALER', Number(created.data!.salvarDealer.id));
    expect(audit.map((a) => a.alteracao)).toEqual(['CRIACAO', 'ALTERACAO']);
    expect(audit[1].valorAnterior).toEqual({ razaoSocial: first.razaoSocial });
    expect(audit[1].valorNovo).toEqual({ razaoSocial: 'Outra Razão Social Ltda' });
  });

  it('refuses a sector of another division', async () => {
    const [outro] = await db
      .select()
      .from(s.setores)
      .where(eq(s.setores.divisaoId, setor.divisaoId + 1));
    const response = await gql(
      portal,
      SALVAR_DEALER,
      { dealer: { ...validDealer(), setorId: String(outro.id) } },
      token.super,
    );
    expect(fields(response)).toEqual({ setorId: 'O setor não pertence à divisão escolhida' });
  });
});

describe('dealer scoping', () => {
  const LIST = `query($f: DealerFilterInput!) { dealers(filterInput: $f) { content { id nomeExibicao marcas { id } marcaIds grupoIds } totalElements } }`;

  it('shows a manufacturer only the dealers of their brands, and provider staff all', async () => {
    const outside = await newDealer([marcaC]);
    const inside = await newDealer([marcaB, marcaC]);
    const all = await gql<{ dealers: { totalElements: number } }>(
      portal,
      LIST,
      { f: { rowsPerPage: 100 } },
      token.super,
    );
    expect(all.data!.dealers.totalElements).toBe(await dealerCount());
    const scoped = await gql<{
      dealers: { content: { id: string; marcas: { id: string }[] }[]; totalElements: number };
    }>(portal, LIST, { f: { rowsPerPage: 100 } }, token.montadora);
    const ids = scoped.data!.dealers.content.map((d) => Number(d.id));
    expect(ids).toContain(inside.id);
    expect(ids).not.toContain(outside.id);
    for (const dealer of scoped.data!.dealers.content) {
      expect(dealer.marcas.some((m) => [marcaA, marcaB].includes(Number(m.id)))).toBe(true);
    }
    const one = await gql(portal, 'query($id: ID!) { dealer(id: $id) { id } }', { id: outside.id }, token.montadora);
    expect(errorCode(one)).toBe('NOT_FOUND');
    const edit = await gql(
      portal,
      'mutation($id: ID!) { inativarDealer(id: $id) { id } }',
      { id: outside.id },
      token.montadora,
    );
    expect(errorCode(edit)).toBe('FORBIDDEN');
  });

  it('refuses a manufacturer assigning a brand that is not theirs', async () => {
    const response = await gql(
      portal,
      SALVAR_DEALER,
      { dealer: { ...validDealer(), marcaIds: [String(marcaC)] } },
      token.montadora,
    );
    expect(fields(response)).toEqual({ marcaIds: 'Você não pode atribuir uma destas marcas' });
  });

  it('lets a manufacturer edit a dealer shared with another brand, without touching that brand', async () => {
    const shared = await gql<{ salvarDealer: { id: string } }>(
      portal,
      SALVAR_DEALER,
      { dealer: { ...validDealer(), marcaIds: [String(marcaA), String(marcaC)] } },
      token.super,
    );
    const id = shared.data!.salvarDealer.id;
    const dealer = (
      await gql<{ dealer: Record<string, unknown> }>(
        portal,
        `query($id: ID!) { dealer(id: $id) { nomeExibicao razaoSocial cnpj codigos divisaoId setorId marcaIds } }`,
        { id },
        token.montadora,
      )
    ).data!.dealer;
    const kept = await gql(
      portal,
      SALVAR_DEALER,
      {
        dealer: {
          ...dealer,
          id,
          version: await versionOf(db, s.dealers, id),
          razaoSocial: 'Razão Social Compartilhada Ltda',
        },
      },
      token.montadora,
    );
    expect(kept.errors).toBeUndefined();
    const dropped = await gql(
      portal,
      SALVAR_DEALER,
      { dealer: { ...dealer, id, version: await versionOf(db, s.dealers, id), marcaIds: [String(marcaA)] } },
      token.montadora,
    );
    expect(fields(dropped)).toEqual({ marcaIds: 'Você não pode atribuir uma destas marcas' });
    const added = await gql(
      portal,
      SALVAR_DEALER,
      {
        dealer: {
          ...dealer,
          id,
          version: await versionOf(db, s.dealers, id),
          marcaIds: [String(marcaA), String(marcaB), String(marcaC)],
        },
      },
      token.montadora,
    );
    expect(added.errors).toBeUndefined();
  });

  it('shows a dealer-group user only their own dealers; they edit them but create none', async () => {
    const mine = await newDealer([marcaA]);
    await newDealer([marcaA]);
    const user = await signInAsNew(portal, {
      nome: 'Gestor do Dealer',
      email: 'gestor.dealer@t.test',
      tipo: 'DEALER_GRUPO',
      funcionalidades: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'],
      marcaIds: [marcaA],
      dealerIds: [mine.id],
    });
    const list = await gql<{ dealers: { content: { id: string }[]; totalElements: number } }>(
      portal,
      LIST,
      { f: {} },
      user.token,
    );
    expect(list.data!.dealers.content.map((d) => Number(d.id))).toEqual([mine.id]);
    expect(list.data!.dealers.totalElements).toBe(1);
    const create = await gql(portal, SALVAR_DEALER, { dealer: validDealer() }, user.token);
    expect(errorCode(create)).toBe('FORBIDDEN');
    const inactivate = await gql(
      portal,
      'mutation($id: ID!) { inativarDealer(id: $id) { active } }',
      { id: mine.id },
      user.token,
    );
    expect(inactivate.data).toEqual({ inativarDealer: { active: false } });
  });

  it('finds a dealer by its CNPJ typed with or without the mask', async () => {
    const dealer = await newDealer([marcaA]);
    for (const busca of [formatCnpj(dealer.cnpj), dealer.cnpj, ` ${formatCnpj(dealer.cnpj).slice(0, 10)} `]) {
      const found = await gql<{ dealers: { content: { id: string }[] } }>(portal, LIST, { f: { busca } }, token.super);
      expect(
        found.data!.dealers.content.map((d) => Number(d.id)),
        busca,
      ).toContain(dealer.id);
    }
    const other = await gql<{ dealers: { totalElements: number } }>(
      portal,
      LIST,
      { f: { busca: '00.000.000/0000-00' } },
      token.super,
    );
    expect(other.data!.dealers.totalElements).toBe(0);
  });

  it('searches without case or accents, filters, sorts and pages with the total', async () => {
    const city = unique('Jaú');
    await newDealer([marcaA], [], { cidade: city, active: false });
    await newDealer([marcaA], [], { cidade: city });
    const found = await gql<{ dealers: { content: { id: string }[]; totalElements: number } }>(
      portal,
      LIST,
      { f: { busca: city.replace('Jaú', 'JAU') } },
      token.super,
    );
    expect(found.data!.dealers.totalElements).toBe(2);
    const active = await gql<{ dealers: { totalElements: number } }>(
      portal,
      LIST,
      { f: { busca: city, active: true } },
      token.super,
    );
    expect(active.data!.dealers.totalElements).toBe(1);
    const total = await dealerCount();
    const page = await gql<{ dealers: { content: { id: string; nomeExibicao: string }[]; totalElements: number } }>(
      portal,
      LIST,
      { f: { page: 1, rowsPerPage: 5, sort: { field: 'nomeExibicao', order: 'DESC' } } },
      token.super,
    );
    expect(page.data!.dealers.totalElements).toBe(total);
    const names = (await db.select({ n: s.dealers.nomeExibicao, id: s.dealers.id }).from(s.dealers)).sort((a, b) =>
      a.n === b.n ? b.id - a.id : b.n.localeCompare(a.n, 'en', { sensitivity: 'variant' }) > 0 ? 1 : -1,
    );
    expect(page.data!.dealers.content).toHaveLength(5);
    expect(page.data!.dealers.content.map((d) => d.nomeExibicao)).toEqual(
      [...page.data!.dealers.content.map((d) => d.nomeExibicao)].sort().reverse(),
    );
    expect(names.length).toBe(total);
    const badSort = await gql(portal, LIST, { f: { sort: { field: 'senha', order: 'ASC' } } }, token.super);
    expect(errorCode(badSort)).toBe('BAD_USER_INPUT');
  });
});

describe('dealer groups', () => {
  const LIST = `query($f: GrupoFilterInput!) { grupos(filterInput: $f) { content { id nome marcaIds } totalElements } }`;

  it('validates name (unique, without case or accents) and brands, writing nothing when refused', async () => {
    const [{ total: before }] = await db.select({ total: count() }).from(s.grupos);
    const empty = await gql(portal, SALVAR_GRUPO, { grupo: { nome: ' ', marcaIds: [] } }, token.super);
    expect(fields(empty)).toEqual({ nome: 'Campo obrigatório', marcaIds: 'Selecione pelo menos 1' });
    const dup = await gql(
      portal,
      SALVAR_GRUPO,
      { grupo: { nome: 'grupo horizónte', marcaIds: [marcaA] } },
      token.super,
    );
    expect(fields(dup)).toEqual({ nome: 'Já existe um grupo com este nome' });
    const notMine = await gql(
      portal,
      SALVAR_GRUPO,
      { grupo: { nome: unique('Grupo'), marcaIds: [marcaC] } },
      token.montadora,
    );
    expect(fields(notMine)).toEqual({ marcaIds: 'Você não pode atribuir uma destas marcas' });
    const [{ total: after }] = await db.select({ total: count() }).from(s.grupos);
    expect(after).toBe(before);
  });

  it('lets a manufacturer rename a group shared with another brand, but not remove that brand', async () => {
    const grupo = await createGrupo(db, unique('Grupo Compartilhado'), [marcaA, marcaC]);
    const renamed = await gql(
      portal,
      SALVAR_GRUPO,
      {
        grupo: {
          id: grupo.id,
          version: await versionOf(db, s.grupos, grupo.id),
          nome: `${grupo.nome} II`,
          marcaIds: [marcaA, marcaC],
          active: true,
        },
      },
      token.montadora,
    );
    expect(renamed.errors).toBeUndefined();
    const dropped = await gql(
      portal,
      SALVAR_GRUPO,
      {
        grupo: {
          id: grupo.id,
          version: await versionOf(db, s.grupos, grupo.id),
          nome: `${grupo.nome} II`,
          marcaIds: [marcaA],
          active: true,
        },
      },
      token.montadora,
    );
    expect(fields(dropped)).toEqual({ marcaIds: 'Você não pode atribuir uma destas marcas' });
  });

  it('scopes the list: brands for a manufacturer, own dealers for a dealer user', async () => {
    const other = await createGrupo(db, unique('Grupo Cometa'), [marcaC]);
    const mine = await createGrupo(db, unique('Grupo Aurora'), [marcaA]);
    const dealer = await newDealer([marcaA], [mine.id]);
    const viaMontadora = await gql<{ grupos: { content: { id: string }[] } }>(
      portal,
      LIST,
      { f: { rowsPerPage: 100 } },
      token.montadora,
    );
    const seen = viaMontadora.data!.grupos.content.map((g) => Number(g.id));
    expect(seen).toContain(mine.id);
    expect(seen).not.toContain(other.id);
    const user = await signInAsNew(portal, {
      nome: 'Dealer do grupo',
      email: 'dealer.grupo@t.test',
      tipo: 'DEALER_GRUPO',
      funcionalidades: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'],
      dealerIds: [dealer.id],
    });
    const viaDealer = await gql<{ grupos: { content: { id: string }[] } }>(portal, LIST, { f: {} }, user.token);
    expect(viaDealer.data!.grupos.content.map((g) => Number(g.id))).toEqual([mine.id]);
    const create = await gql(
      portal,
      SALVAR_GRUPO,
      { grupo: { nome: unique('Grupo'), marcaIds: [marcaA] } },
      user.token,
    );
    expect(errorCode(create)).toBe('FORBIDDEN');
  });

  it('removing a brand unlinks the dealers left without a shared brand and inactivates those tied only to it', async () => {
    const grupo = await createGrupo(db, unique('Grupo Cascata'), [marcaA, marcaB]);
    const onlyA = await newDealer([marcaA], [grupo.id]);
    const aAndB = await newDealer([marcaA, marcaB], [grupo.id]);
    const onlyB = await newDealer([marcaB], [grupo.id]);
    const aAndC = await newDealer([marcaA, marcaC], [grupo.id]);
    const alone = await newDealerUser([onlyA.id]);
    const elsewhere = await newDealerUser([onlyA.id, onlyB.id]);
    const change = {
      id: grupo.id,
      version: await versionOf(db, s.grupos, grupo.id),
      nome: grupo.nome,
      marcaIds: [marcaB],
      active: true,
    };

    const impact = await gql(portal, IMPACTO, { grupo: change }, token.super);
    expect(impact.data).toEqual({
      impactoGrupo: { dealersDesvinculados: 2, dealersInativados: 1, usuariosInativados: 1 },
    });

    const saved = await gql(portal, SALVAR_GRUPO, { grupo: change }, token.super);
    expect(saved.errors).toBeUndefined();
    const links = await db.select().from(s.dealerGrupos).where(eq(s.dealerGrupos.grupoId, grupo.id));
    expect(links.map((l) => l.dealerId).sort()).toEqual([aAndB.id, onlyB.id].sort());
    const states = new Map(
      (
        await db
          .select()
          .from(s.dealers)
          .where(inArray(s.dealers.id, [onlyA.id, aAndB.id, onlyB.id, aAndC.id]))
      ).map((d) => [d.id, d.active]),
    );
    expect(Object.fromEntries(states)).toEqual({
      [onlyA.id]: false,
      [aAndB.id]: true,
      [onlyB.id]: true,
      [aAndC.id]: true,
    });
    const users = await db
      .select()
      .from(s.usuarios)
      .where(inArray(s.usuarios.id, [alone.id, elsewhere.id]));
    expect(users.find((u) => u.id === alone.id)!.active).toBe(false);
    expect(users.find((u) => u.id === elsewhere.id)!.active).toBe(true);

    expect((await auditOf('GRUPO', grupo.id)).map((a) => [a.alteracao, a.valorAnterior, a.valorNovo])).toEqual([
      ['ALTERACAO', { marcaIds: [marcaA, marcaB].sort((a, b) => a - b) }, { marcaIds: [marcaB] }],
    ]);
    expect((await auditOf('DEALER', onlyA.id)).map((a) => a.alteracao)).toEqual([
      'DESVINCULO_GRUPO',
      'INATIVACAO_CASCATA',
    ]);
    expect((await auditOf('DEALER', aAndC.id)).map((a) => a.alteracao)).toEqual(['DESVINCULO_GRUPO']);
    expect((await auditOf('USUARIO', alone.id)).map((a) => a.alteracao)).toEqual(['INATIVACAO_CASCATA']);
    expect(await auditOf('USUARIO', elsewhere.id)).toEqual([]);
  });

  it('inactivating a group inactivates its dealers and the users left without an active dealer, in one audited step', async () => {
    const grupo = await createGrupo(db, unique('Grupo Inativado'), [marcaA]);
    const d1 = await newDealer([marcaA], [grupo.id]);
    const d2 = await newDealer([marcaA], [grupo.id]);
    const outside = await newDealer([marcaA]);
    const u1 = await newDealerUser([d1.id]);
    const u2 = await newDealerUser([d2.id, outside.id]);
    const impact = await gql(
      portal,
      IMPACTO,
      {
        grupo: {
          id: grupo.id,
          version: await versionOf(db, s.grupos, grupo.id),
          nome: grupo.nome,
          marcaIds: [marcaA],
          active: false,
        },
      },
      token.montadora,
    );
    expect(impact.data).toEqual({
      impactoGrupo: { dealersDesvinculados: 0, dealersInativados: 2, usuariosInativados: 1 },
    });

    const response = await gql(
      portal,
      'mutation($id: ID!) { inativarGrupo(id: $id) { active totalDealers } }',
      { id: grupo.id },
      token.montadora,
    );
    expect(response.data).toEqual({ inativarGrupo: { active: false, totalDealers: 2 } });
    const dealers = await db
      .select()
      .from(s.dealers)
      .where(inArray(s.dealers.id, [d1.id, d2.id, outside.id]));
    expect(
      dealers
        .filter((d) => !d.active)
        .map((d) => d.id)
        .sort(),
    ).toEqual([d1.id, d2.id].sort());
    const users = await db
      .select()
      .from(s.usuarios)
      .where(inArray(s.usuarios.id, [u1.id, u2.id]));
    expect(users.filter((u) => !u.active).map((u) => u.id)).toEqual([u1.id]);
    expect((await auditOf('GRUPO', grupo.id)).map((a) => a.alteracao)).toEqual(['INATIVACAO']);
    expect((await auditOf('DEALER', d1.id)).map((a) => a.alteracao)).toEqual(['INATIVACAO_CASCATA']);

    const reactivated = await gql(
      portal,
      'mutation($id: ID!) { ativarGrupo(id: $id) { active } }',
      { id: grupo.id },
      token.montadora,
    );
    expect(reactivated.data).toEqual({ ativarGrupo: { active: true } });
    expect((await auditOf('GRUPO', grupo.id)).map((a) => a.alteracao)).toEqual(['INATIVACAO', 'ATIVACAO']);
  });

  it('creates a group and lists it among the active groups', async () => {
    const nome = unique('Grupo Novo');
    const created = await gql<{ salvarGrupo: { id: string; marcaIds: string[] } }>(
      portal,
      SALVAR_GRUPO,
      { grupo: { nome, marcaIds: [marcaA, marcaB] } },
      token.montadora,
    );
    expect(created.data!.salvarGrupo.marcaIds.sort()).toEqual([String(marcaA), String(marcaB)].sort());
    const ativos = await gql<{ gruposAtivos: { nome: string }[] }>(
      portal,
      '{ gruposAtivos { nome } }',
      {},
      token.montadora,
    );
    expect(ativos.data!.gruposAtivos.map((g) => g.nome)).toContain(nome);
    expect((await auditOf('GRUPO', Number(created.data!.salvarGrupo.id)))[0]).toMatchObject({
      alteracao: 'CRIACAO',
      valorNovo: { nome, active: true, marcaIds: [marcaA, marcaB].sort((a, b) => a - b) },
    });
  });
});

describe('export of the filtered list', () => {
  const url = (lista: string, formato: string, filtro: unknown) =>
    `${portal.url}/api/exportar/${lista}?formato=${formato}&filtro=${encodeURIComponent(JSON.stringify(filtro))}`;
  const get = (address: string, bearer?: string) =>
    fetch(address, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

  it('writes the scoped, filtered dealers as CSV with translated headers', async () => {
    const city = unique('Itú');
    const visible = await newDealer([marcaA], [], { cidade: city });
    await newDealer([marcaC], [], { cidade: city });
    const response = await get(url('dealers', 'csv', { busca: city.replace('Itú', 'itu') }), token.montadora);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toContain('Dealers.csv');
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Nome de exibição');
    expect(lines[0]).toContain('Razão social');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(visible.nomeExibicao);
    expect(lines[1]).toContain('Ativo');
  });

  it('writes groups as XLSX that a spreadsheet reader opens', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const nome = unique('Grupo Exportado');
    await createGrupo(db, nome, [marcaA]);
    const response = await get(
      url('grupos', 'xlsx', { busca: nome, sort: { field: 'nome', order: 'ASC' } }),
      token.super,
    );
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, 'Nome', 'Marcas', 'Dealers', 'Ativo']);
    expect(sheet.getRow(2).getCell(1).value).toBe(nome);
    expect(sheet.rowCount).toBe(2);
  });

  it('refuses the anonymous, callers without the key, unknown lists and bad input', async () => {
    expect((await get(url('dealers', 'csv', {}))).status).toBe(401);
    const dealer = (await signIn(portal, DEMO.dealer)).access_token;
    expect((await get(url('dealers', 'csv', {}), dealer)).status).toBe(403);
    expect((await get(url('senhas', 'csv', {}), token.super)).status).toBe(404);
    expect((await get(url('dealers', 'pdf', {}), token.super)).status).toBe(400);
    const badSort = await get(url('dealers', 'csv', { sort: { field: 'x', order: 'ASC' } }), token.super);
    expect(badSort.status).toBe(400);
    expect(((await badSort.json()) as { code: string }).code).toBe('BAD_USER_INPUT');
  });
});
