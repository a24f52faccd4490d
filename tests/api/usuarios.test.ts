import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FunctionKey } from '../../domain/enums';
import * as s from '../../server/db/schema';
import { createGrupo, createUsuario } from '../../server/db/seed/builders';
import { seedKit } from './kit';
import { errorCode, gql, signInAsNew, type TestPortal } from './portal';

// Users (issue #13): the scoped list, salvarUsuario with every rule of spec section 5, the caller's
// reach on every link, locked fields, concurrency, activation and the look-ups. Every write is
// checked in the data afterwards.

const kit = seedKit({ seed: 1313, domain: 'usuarios.test' });
const { unique, email, fields, cpf } = kit;
let portal: TestPortal;
let db: TestPortal['database']['db'];
let marcaA: number, marcaB: number, marcaC: number;
let staff: string;
let cargoVendas: number, cargoGerente: number, departamento: number, desligamento: number;
let portalProduto: number;
/** An access type of the portal whose defaults are two keys the manager below holds. */
let tipoGestao: { id: number; padrao: number[] };

beforeAll(async () => {
  ({ portal, db, staff } = await kit.start());
  const marcas = await db.select().from(s.marcas).orderBy(s.marcas.nome);
  [marcaA, marcaB, marcaC] = marcas.map((m) => m.id);
  ({ cargoVendas, cargoGerente, departamento, desligamento } = await kit.referencias());
  [{ id: portalProduto }] = await db
    .select({ id: s.produtos.id })
    .from(s.produtos)
    .where(eq(s.produtos.nome, 'Portal'));
  const keys = await db
    .select({ id: s.funcionalidades.id })
    .from(s.funcionalidades)
    .where(inArray(s.funcionalidades.chave, ['PORTAL_CRIACAO_COMUNICADOS', 'PORTAL_GERENCIAR_BIBLIOTECA']));
  tipoGestao = await kit.tipoAcesso(
    portalProduto,
    keys.map((k) => k.id),
    'Editor',
  );
});

const newDealer = (marcaIds: number[], extra: Partial<typeof s.dealers.$inferInsert> = {}) =>
  kit.dealer({ marcaIds, razaoSocial: 'Concessionária de Usuários Ltda', codigos: ['U1'], extra });

const MANAGER_KEYS: FunctionKey[] = [
  'PORTAL_MANUTENCAO_USUARIOS',
  'PORTAL_CRIACAO_COMUNICADOS',
  'PORTAL_GERENCIAR_BIBLIOTECA',
];

/** A manufacturer of brands A and B who maintains users and holds the "Editor" access type. */
async function newManager(extra: { funcionalidades?: FunctionKey[]; marcaIds?: number[] } = {}) {
  return kit.caller({
    nome: unique('Gestora'),
    tipo: 'MONTADORA',
    funcionalidades: extra.funcionalidades ?? MANAGER_KEYS,
    tipoAcessoIds: [tipoGestao.id],
    marca: extra.marcaIds ?? [marcaA, marcaB],
  });
}

const SALVAR = `mutation($u: UsuarioInput!, $c: [CargoUsuarioInput!], $i: [InfoProdutoInput!]) {
  salvarUsuario(usuario: $u, cargos: $c, infos: $i) {
    id version nome email cpf tipo { id } active marcaIds dealerIds grupoIds
    cargos { cargoId cargoNome dealerId dealerNome departamentoId dataInicio }
    dataAdmissao emailSuperior desligamentoId dataDesligamento } }`;

type Saved = {
  id: string;
  version: number;
  email: string;
  cpf: string | null;
  tipo: { id: string };
  active: boolean;
  marcaIds: string[];
  dealerIds: string[];
  grupoIds: string[];
  cargos: { cargoId: string; dealerId: string; dealerNome: string; dataInicio: string }[];
};

const salvar = (token: string, u: Record<string, unknown>, c: unknown[] = [], i: unknown[] = []) =>
  gql<{ salvarUsuario: Saved }>(portal, SALVAR, { u, c, i }, token);

/** A valid dealer-group user at `dealerId` with one position and management data. */
const dealerUserInput = (dealerId: number, extra: Record<string, unknown> = {}) => ({
  u: {
    nome: unique('Vendedor'),
    email: email(),
    cpf: cpf(),
    tipo: 'DEALER_GRUPO',
    marcaIds: [marcaA],
    dealerIds: [dealerId],
    telefones: ['(11) 3333-4444'],
    celulares: ['(11) 98888-7777'],
    dataAdmissao: '2026-01-05',
    emailSuperior: 'chefe@usuarios.test',
    ...extra,
  },
  c: [{ cargoId: cargoVendas, dealerId, departamentoId: departamento, dataInicio: '2026-01-05' }],
  i: [{ produtoId: portalProduto, tiposAcessoIds: [tipoGestao.id], funcionalidadeIds: [tipoGestao.padrao[0]] }],
});

describe('salvarUsuario', () => {
  it('creates a dealer-group user with a position and permissions, audits it and e-mails a set-password link', async () => {
    const manager = await newManager();
    const dealer = await newDealer([marcaA]);
    const input = dealerUserInput(dealer.id, { email: '  Novo.Vendedor@Usuarios.TEST ' });
    const r = await salvar(manager.token, input.u, input.c, input.i);
    expect(r.errors).toBeUndefined();
    const saved = r.data!.salvarUsuario;
    expect(saved).toMatchObject({
      email: 'novo.vendedor@usuarios.test',
      tipo: { id: 'DEALER_GRUPO' },
      active: true,
      dealerIds: [String(dealer.id)],
      cargos: [{ cargoId: String(cargoVendas), dealerNome: dealer.nomeExibicao, dataInicio: '2026-01-05' }],
    });
    const id = Number(saved.id);
    const [row] = await db.select().from(s.usuarios).where(eq(s.usuarios.id, id));
    expect(row).toMatchObject({ telefones: ['1133334444'], celulares: ['11988887777'], dataAdmissao: '2026-01-05' });
    const funcs = await db.select().from(s.usuarioFuncionalidades).where(eq(s.usuarioFuncionalidades.usuarioId, id));
    expect(funcs.map((f) => f.funcionalidadeId)).toEqual([tipoGestao.padrao[0]]);
    const tipos = await db.select().from(s.usuarioTiposAcesso).where(eq(s.usuarioTiposAcesso.usuarioId, id));
    expect(tipos.map((t) => t.tipoAcessoId)).toEqual([tipoGestao.id]);
    const audit = await db
      .select()
      .from(s.auditoria)
      .where(and(eq(s.auditoria.tipo, 'USUARIO'), eq(s.auditoria.registroId, String(id))));
    expect(audit.map((a) => a.alteracao)).toEqual(['CRIACAO']);
    expect(audit[0].autorId).toBe(manager.id);
    const mails = await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.para, 'novo.vendedor@usuarios.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0].texto).toMatch(/\/esqueci-senha\?token=/);
  });

  it('refuses each rule of spec section 5 with a field error and changes nothing', async () => {
    const manager = await newManager();
    const dealer = await newDealer([marcaA]);
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(s.usuarios))[0].n;
    const cases: [
      string,
      Record<string, unknown>,
      unknown[] | undefined,
      unknown[] | undefined,
      Record<string, string>,
    ][] = [
      ['bad CPF', { cpf: '111.111.111-11' }, undefined, undefined, { cpf: 'CPF inválido' }],
      ['CPF required for the type', { cpf: null }, undefined, undefined, { cpf: 'Campo obrigatório' }],
      ['dealer required', { dealerIds: [] }, [], undefined, { dealerIds: 'Escolha pelo menos um dealer' }],
      ['position required', {}, [], undefined, { cargos: 'Informe um cargo para cada dealer escolhido' }],
      [
        'position twice at a dealer',
        {},
        [
          { cargoId: cargoVendas, dealerId: dealer.id, departamentoId: departamento, dataInicio: '2026-01-05' },
          { cargoId: cargoVendas, dealerId: dealer.id, departamentoId: departamento, dataInicio: '2026-02-05' },
        ],
        undefined,
        { 'cargos.1.cargoId': 'Este cargo já foi adicionado a este dealer' },
      ],
      [
        'department required',
        {},
        [{ cargoId: cargoVendas, dealerId: dealer.id, dataInicio: '2026-01-05' }],
        undefined,
        { 'cargos.0.departamentoId': 'Campo obrigatório' },
      ],
      [
        'management data',
        { dataAdmissao: null, emailSuperior: '' },
        undefined,
        undefined,
        { dataAdmissao: 'Campo obrigatório', emailSuperior: 'Campo obrigatório' },
      ],
      [
        'dismissal reason without date',
        { desligamentoId: desligamento },
        undefined,
        undefined,
        { dataDesligamento: 'Campo obrigatório' },
      ],
      [
        'dismissal before admission',
        { desligamentoId: desligamento, dataDesligamento: '2025-12-31' },
        undefined,
        undefined,
        { dataDesligamento: 'O desligamento não pode ser anterior à admissão' },
      ],
      [
        'access type without its defaults',
        {},
        undefined,
        [{ produtoId: portalProduto, tiposAcessoIds: [tipoGestao.id], funcionalidadeIds: [] }],
        { produtos: expect.stringContaining('Marque pelo menos uma funcionalidade padrão destes tipos de acesso') },
      ],
      ['bad phone', { telefones: ['(11) 3333'] }, undefined, undefined, { 'telefones.0': 'Formato inválido' }],
    ];
    for (const [name, override, cargos, infos, expected] of cases) {
      const input = dealerUserInput(dealer.id, override);
      const r = await salvar(manager.token, input.u, cargos ?? input.c, infos ?? input.i);
      expect([name, errorCode(r)]).toEqual([name, 'BAD_USER_INPUT']);
      expect([name, fields(r)]).toEqual([name, expect.objectContaining(expected)]);
    }
    const after = (await db.select({ n: sql<number>`count(*)::int` }).from(s.usuarios))[0].n;
    expect(after).toBe(before);
  });

  it('lists the access types left without defaults in the message', async () => {
    const manager = await newManager();
    const dealer = await newDealer([marcaA]);
    const input = dealerUserInput(dealer.id);
    const r = await salvar(manager.token, input.u, input.c, [
      { produtoId: portalProduto, tiposAcessoIds: [tipoGestao.id], funcionalidadeIds: [] },
    ]);
    const [tipo] = await db.select().from(s.tiposAcesso).where(eq(s.tiposAcesso.id, tipoGestao.id));
    expect(fields(r).produtos).toContain(tipo.nome);
  });

  it('refuses an e-mail or CPF already in use, also in other case or with the mask', async () => {
    const manager = await newManager();
    const dealer = await newDealer([marcaA]);
    const first = dealerUserInput(dealer.id);
    expect((await salvar(manager.token, first.u, first.c, first.i)).errors).toBeUndefined();
    const digits = String(first.u.cpf);
    const again = dealerUserInput(dealer.id, {
      email: String(first.u.email).toUpperCase(),
      cpf: `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`,
    });
    const r = await salvar(manager.token, again.u, again.c, again.i);
    expect(fields(r)).toEqual({
      email: 'Este e-mail já pertence a outro usuário',
      cpf: 'Este CPF já pertence a outro usuário',
    });
  });

  it('creates one user out of 10 concurrent creates with one e-mail; the others get the field error', async () => {
    const manager = await newManager();
    const dealer = await newDealer([marcaA]);
    const shared = email();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => {
        const input = dealerUserInput(dealer.id, { email: shared });
        return salvar(manager.token, input.u, input.c, input.i);
      }),
    );
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    for (const r of results.filter((r) => r.errors))
      expect(fields(r)).toMatchObject({ email: 'Este e-mail já pertence a outro usuário' });
    const rows = await db.select().from(s.usuarios).where(eq(s.usuarios.email, shared));
    expect(rows).toHaveLength(1);
  });

  it('keeps a manufacturer to its own brands, dealers, types and the keys it holds', async () => {
    const manager = await newManager();
    const own = await newDealer([marcaA]);
    const other = await newDealer([marcaC]);
    const inactive = await newDealer([marcaA], { active: false });
    const before = (await db.select({ n: sql<number>`count(*)::int` }).from(s.usuarios))[0].n;
    const cases: [string, ReturnType<typeof dealerUserInput>, Record<string, string>][] = [
      [
        'other brand',
        dealerUserInput(own.id, { marcaIds: [marcaC] }),
        { marcaIds: 'Você não pode atribuir uma destas marcas' },
      ],
      [
        'other dealer',
        {
          ...dealerUserInput(other.id),
          c: [{ cargoId: cargoVendas, dealerId: other.id, departamentoId: departamento, dataInicio: '2026-01-05' }],
        },
        { dealerIds: 'Você não pode atribuir um destes dealers' },
      ],
      [
        'inactive dealer',
        {
          ...dealerUserInput(inactive.id),
          c: [{ cargoId: cargoVendas, dealerId: inactive.id, departamentoId: departamento, dataInicio: '2026-01-05' }],
        },
        { dealerIds: 'Você não pode atribuir um destes dealers' },
      ],
      [
        'provider staff type',
        dealerUserInput(own.id, { tipo: 'TECSINAPSE' }),
        { tipo: 'Você não pode atribuir este tipo de usuário' },
      ],
    ];
    for (const [name, input, expected] of cases) {
      const r = await salvar(manager.token, input.u, input.c, input.i);
      expect([name, fields(r)]).toEqual([name, expect.objectContaining(expected)]);
    }
    // A key the manager does not hold (user maintenance is held; superAdmin's is not).
    const [{ id: notHeld }] = await db
      .select({ id: s.funcionalidades.id })
      .from(s.funcionalidades)
      .where(eq(s.funcionalidades.chave, 'PORTAL_ADMINISTRATIVO_TECSINAPSE'));
    const input = dealerUserInput(own.id);
    const r = await salvar(manager.token, input.u, input.c, [
      { produtoId: portalProduto, tiposAcessoIds: [tipoGestao.id], funcionalidadeIds: [tipoGestao.padrao[0], notHeld] },
    ]);
    expect(fields(r)).toEqual({ produtos: 'Você não pode dar uma destas funcionalidades' });
    const after = (await db.select({ n: sql<number>`count(*)::int` }).from(s.usuarios))[0].n;
    expect(after).toBe(before);
  });

  it("refuses a user maintenance-less or view-only caller, and another scope's user", async () => {
    const viewer = await newManager({ funcionalidades: ['PORTAL_CONSULTA_VISUALIZACAO_USUARIOS'] });
    const dealer = await newDealer([marcaA]);
    const input = dealerUserInput(dealer.id);
    expect(errorCode(await salvar(viewer.token, input.u, input.c, input.i))).toBe('FORBIDDEN');
    const list = await gql<{ usuarios: { totalElements: number } }>(
      portal,
      'query { usuarios(filterInput: { page: 0, rowsPerPage: 5 }) { totalElements } }',
      {},
      viewer.token,
    );
    expect(list.errors).toBeUndefined();

    const manager = await newManager();
    const otherDealer = await newDealer([marcaC]);
    const stranger = await createUsuario(db, {
      nome: unique('Alheio'),
      email: email(),
      tipo: 'DEALER_GRUPO',
      dealerIds: [otherDealer.id],
      cpf: cpf(),
    });
    const edit = dealerUserInput(dealer.id, { id: stranger.id, version: 1 });
    const r = await salvar(manager.token, edit.u, edit.c, edit.i);
    expect(errorCode(r)).toBe('FORBIDDEN');
    const [row] = await db.select().from(s.usuarios).where(eq(s.usuarios.id, stranger.id));
    expect(row).toMatchObject({ nome: stranger.nome, version: 1 });
    expect(errorCode(await gql(portal, 'mutation { inativarUsuario(id: 2147483000) { id } }', {}, manager.token))).toBe(
      'NOT_FOUND',
    );
  });
});

describe('editing a user', () => {
  async function created(token: string, dealerId: number) {
    const input = dealerUserInput(dealerId);
    const r = await salvar(token, input.u, input.c, input.i);
    expect(r.errors).toBeUndefined();
    return { input, saved: r.data!.salvarUsuario };
  }

  it('keeps e-mail, type and a filled CPF locked', async () => {
    const manager = await newManager();
    const dealer = await newDealer([marcaA]);
    const { input, saved } = await created(manager.token, dealer.id);
    const r = await salvar(
      manager.token,
      {
        ...input.u,
        id: saved.id,
        version: saved.version,
        email: email(),
        cpf: cpf(),
        tipo: 'MONTADORA',
        nome: 'Nome Novo',
      },
      input.c,
      input.i,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data!.salvarUsuario).toMatchObject({
      nome: 'Nome Novo',
      email: saved.email,
      cpf: saved.cpf,
      tipo: { id: 'DEALER_GRUPO' },
    });
  });

  it('answers CONFLICT to the second of two saves from one read', async () => {
    const manager = await newManager();
    const dealer = await newDealer([marcaA]);
    const { input, saved } = await created(manager.token, dealer.id);
    const first = await salvar(
      manager.token,
      { ...input.u, id: saved.id, version: saved.version, nome: 'Primeira' },
      input.c,
      input.i,
    );
    const second = await salvar(
      manager.token,
      { ...input.u, id: saved.id, version: saved.version, nome: 'Segunda' },
      input.c,
      input.i,
    );
    expect(first.errors).toBeUndefined();
    expect(errorCode(second)).toBe('CONFLICT');
    const [row] = await db
      .select()
      .from(s.usuarios)
      .where(eq(s.usuarios.id, Number(saved.id)));
    expect(row.nome).toBe('Primeira');
    expect(row.version).toBe(saved.version + 1);
  });

  it('keeps the links and positions the caller cannot see', async () => {
    const manager = await newManager();
    const own = await newDealer([marcaA]);
    const foreign = await newDealer([marcaC]);
    const grupoC = await createGrupo(db, unique('Grupo C'), [marcaC]);
    // Provider staff create a user of two manufacturers' dealers.
    const input = dealerUserInput(own.id, {
      dealerIds: [own.id, foreign.id],
      marcaIds: [marcaA, marcaC],
      grupoIds: [grupoC.id],
    });
    const both = [
      ...input.c,
      { cargoId: cargoGerente, dealerId: foreign.id, departamentoId: departamento, dataInicio: '2026-01-05' },
    ];
    const made = await salvar(staff, input.u, both, input.i);
    expect(made.errors).toBeUndefined();
    const id = Number(made.data!.salvarUsuario.id);

    const read = await gql<{ usuario: Saved }>(
      portal,
      `query($id: ID!) { usuario(id: $id) { id version dealerIds marcaIds grupoIds cargos { dealerId } } }`,
      { id },
      manager.token,
    );
    expect(read.data!.usuario).toMatchObject({
      dealerIds: [String(own.id)],
      marcaIds: [String(marcaA)],
      grupoIds: [],
      cargos: [{ dealerId: String(own.id) }],
    });

    const edit = await salvar(
      manager.token,
      {
        ...input.u,
        id,
        version: read.data!.usuario.version,
        dealerIds: [own.id],
        marcaIds: [marcaA],
        grupoIds: [],
        nome: 'Editado',
      },
      input.c,
      input.i,
    );
    expect(edit.errors).toBeUndefined();
    const dealers = await db.select().from(s.usuarioDealers).where(eq(s.usuarioDealers.usuarioId, id));
    expect(dealers.map((d) => d.dealerId).sort((a, b) => a - b)).toEqual([own.id, foreign.id].sort((a, b) => a - b));
    const marcas = await db.select().from(s.usuarioMarcas).where(eq(s.usuarioMarcas.usuarioId, id));
    expect(marcas.map((m) => m.marcaId).sort((a, b) => a - b)).toEqual([marcaA, marcaC].sort((a, b) => a - b));
    const grupos = await db.select().from(s.usuarioGrupos).where(eq(s.usuarioGrupos.usuarioId, id));
    expect(grupos.map((g) => g.grupoId)).toEqual([grupoC.id]);
    const cargos = await db.select().from(s.usuarioCargos).where(eq(s.usuarioCargos.usuarioId, id));
    expect(cargos.map((c) => c.dealerId).sort((a, b) => a - b)).toEqual([own.id, foreign.id].sort((a, b) => a - b));
  });

  it("refuses a save that would take the user out of the caller's sight", async () => {
    const manager = await newManager({ marcaIds: [marcaA] });
    const r = await salvar(manager.token, {
      nome: unique('Sem Marca'),
      email: email(),
      cpf: cpf(),
      tipo: 'MONTADORA',
      marcaIds: [],
    });
    expect(fields(r)).toEqual({ marcaIds: expect.stringContaining('fora do seu alcance') });
  });
});

describe('activation', () => {
  it('inactivates with audit and revocation, activates again; nobody inactivates themselves', async () => {
    const manager = await newManager();
    const dealer = await newDealer([marcaA]);
    const target = await signInAsNew(portal, {
      nome: unique('Alvo'),
      email: email(),
      tipo: 'DEALER_GRUPO',
      dealerIds: [dealer.id],
      marcaIds: [marcaA],
    });
    const grants = async () =>
      (
        await db.execute<{ n: number }>(
          sql`select count(*)::int as n from oidc_payloads where payload->>'accountId' = ${String(target.id)}`,
        )
      ).rows[0].n;
    expect(await grants()).toBeGreaterThan(0);
    const off = await gql<{ inativarUsuario: { active: boolean } }>(
      portal,
      'mutation($id: ID!) { inativarUsuario(id: $id) { active } }',
      { id: target.id },
      manager.token,
    );
    expect(off.data?.inativarUsuario.active).toBe(false);
    expect(await grants()).toBe(0);
    await db.update(s.usuarios).set({ inativadoPorInatividade: true }).where(eq(s.usuarios.id, target.id));
    const on = await gql<{ ativarUsuario: { active: boolean; inativadoPorInatividade: boolean } }>(
      portal,
      'mutation($id: ID!) { ativarUsuario(id: $id) { active inativadoPorInatividade } }',
      { id: target.id },
      manager.token,
    );
    expect(on.data?.ativarUsuario).toEqual({ active: true, inativadoPorInatividade: false });
    const audit = await db
      .select({ alteracao: s.auditoria.alteracao })
      .from(s.auditoria)
      .where(and(eq(s.auditoria.tipo, 'USUARIO'), eq(s.auditoria.registroId, String(target.id))))
      .orderBy(desc(s.auditoria.id));
    expect(audit.map((a) => a.alteracao)).toEqual(['ATIVACAO', 'INATIVACAO']);
    const self = await gql(
      portal,
      'mutation($id: ID!) { inativarUsuario(id: $id) { id } }',
      { id: manager.id },
      manager.token,
    );
    expect(errorCode(self)).toBe('FORBIDDEN');
    const [me] = await db.select().from(s.usuarios).where(eq(s.usuarios.id, manager.id));
    expect(me.active).toBe(true);
  });
});

describe('the user list', () => {
  const LIST = `query($f: UsuarioFilterInput!) { usuarios(filterInput: $f) {
    totalElements content { id nome email cpf tipo { id } marcas { nome } dealers { nomeExibicao } } } }`;
  type Page = { usuarios: { totalElements: number; content: { id: string; nome: string; cpf: string }[] } };

  it('pages a known set exactly, scoped to the caller, and searches by name, e-mail and CPF', async () => {
    const marca = (
      await db
        .insert(s.marcas)
        .values({ nome: unique('Marca Lista') })
        .returning()
    )[0];
    const dealer = await newDealer([marca.id]);
    const prefix = unique('Zuleica').replace(/\s/g, '');
    const made = [];
    for (let i = 0; i < 7; i++) {
      made.push(
        await createUsuario(db, {
          nome: `${prefix} ${i}`,
          email: email(),
          tipo: 'DEALER_GRUPO',
          cpf: cpf(),
          dealerIds: [dealer.id],
        }),
      );
    }
    const manager = await newManager({ marcaIds: [marca.id] });
    const page2 = await gql<Page>(portal, LIST, { f: { busca: prefix, page: 1, rowsPerPage: 3 } }, manager.token);
    expect(page2.data!.usuarios.totalElements).toBe(7);
    expect(page2.data!.usuarios.content.map((u) => u.nome)).toEqual([`${prefix} 3`, `${prefix} 4`, `${prefix} 5`]);
    // Another manufacturer sees none of them.
    const outsider = await newManager({ marcaIds: [marcaC] });
    const none = await gql<Page>(portal, LIST, { f: { busca: prefix } }, outsider.token);
    expect(none.data!.usuarios.totalElements).toBe(0);
    // CPF with and without its mask, e-mail in capitals.
    const d = made[2].cpf!;
    for (const busca of [
      d,
      `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`,
      made[2].email.toUpperCase(),
    ]) {
      const r = await gql<Page>(portal, LIST, { f: { busca } }, manager.token);
      expect([busca, r.data!.usuarios.content.map((u) => u.nome)]).toEqual([busca, [made[2].nome]]);
    }
  });

  it('searches within the scope of each user type: brands, dealers, oneself; sorted both ways; a page past the end', async () => {
    const [mine, other] = await db
      .insert(s.marcas)
      .values([{ nome: unique('Marca Busca') }, { nome: unique('Marca Busca') }])
      .returning();
    const ours = await newDealer([mine.id]);
    const theirs = await newDealer([other.id]);
    const prefix = unique('Quiteria').replace(/\s/g, '');
    const user = (n: number, tipo: 'MONTADORA' | 'DEALER_GRUPO' | 'TECSINAPSE', links: object) =>
      createUsuario(db, { nome: `${prefix} ${n}`, email: email(), tipo, ...links });
    const byBrand = await user(1, 'MONTADORA', { marcaIds: [mine.id] });
    const byDealer = await user(2, 'DEALER_GRUPO', { dealerIds: [ours.id] });
    const dealerByBrand = await user(3, 'DEALER_GRUPO', { dealerIds: [theirs.id], marcaIds: [mine.id] });
    const colleague = await user(4, 'DEALER_GRUPO', { dealerIds: [theirs.id] });
    await user(5, 'TECSINAPSE', { marcaIds: [mine.id] });
    await user(6, 'MONTADORA', { marcaIds: [other.id] });
    const manager = await signInAsNew(portal, {
      nome: `${prefix} 7`,
      email: email(),
      tipo: 'MONTADORA',
      funcionalidades: MANAGER_KEYS,
      marcaIds: [mine.id],
    });
    const dealerUser = await signInAsNew(portal, {
      nome: `${prefix} 8`,
      email: email(),
      tipo: 'DEALER_GRUPO',
      funcionalidades: MANAGER_KEYS,
      dealerIds: [theirs.id],
    });
    const list = async (token: string, f: Record<string, unknown>) => {
      const r = await gql<Page>(portal, LIST, { f: { busca: prefix, ...f } }, token);
      return { total: r.data!.usuarios.totalElements, ids: r.data!.usuarios.content.map((u) => Number(u.id)) };
    };
    const managerSees = [byBrand.id, byDealer.id, dealerByBrand.id, manager.id];
    expect(await list(manager.token, {})).toEqual({ total: 4, ids: managerSees });
    expect(await list(manager.token, { sort: { field: 'nome', order: 'DESC' } })).toEqual({
      total: 4,
      ids: [...managerSees].reverse(),
    });
    expect(await list(manager.token, { page: 1, rowsPerPage: 3 })).toEqual({ total: 4, ids: [manager.id] });
    expect(await list(manager.token, { page: 5, rowsPerPage: 3 })).toEqual({ total: 4, ids: [] });
    expect(await list(manager.token, { tipos: ['DEALER_GRUPO'] })).toEqual({
      total: 2,
      ids: [byDealer.id, dealerByBrand.id],
    });
    expect(await list(dealerUser.token, {})).toEqual({
      total: 3,
      ids: [dealerByBrand.id, colleague.id, dealerUser.id],
    });
    expect((await list(staff, {})).total).toBe(8);

    // The list and the one-user read apply one condition: each user the search shows opens, each it
    // hides is refused (not found).
    const everyone = (await gql<Page>(portal, LIST, { f: { busca: prefix } }, staff)).data!.usuarios.content;
    for (const caller of [manager, dealerUser]) {
      const shown = new Set((await list(caller.token, { rowsPerPage: 100 })).ids);
      for (const { id } of everyone) {
        const read = await gql(portal, 'query($id: ID!) { usuario(id: $id) { id } }', { id }, caller.token);
        expect([id, read.data ? 'opens' : errorCode(read)]).toEqual([
          id,
          shown.has(Number(id)) ? 'opens' : 'NOT_FOUND',
        ]);
      }
    }
  });

  it('filters by type, dealer, position, active and inactivated for inactivity', async () => {
    const marca = (
      await db
        .insert(s.marcas)
        .values({ nome: unique('Marca Filtro') })
        .returning()
    )[0];
    const d1 = await newDealer([marca.id]);
    const d2 = await newDealer([marca.id]);
    const a = await createUsuario(db, {
      nome: unique('Ana'),
      email: email(),
      tipo: 'DEALER_GRUPO',
      dealerIds: [d1.id],
    });
    const b = await createUsuario(db, {
      nome: unique('Bia'),
      email: email(),
      tipo: 'DEALER_GRUPO',
      dealerIds: [d2.id],
    });
    const c = await createUsuario(db, {
      nome: unique('Caio'),
      email: email(),
      tipo: 'MONTADORA',
      marcaIds: [marca.id],
    });
    await db
      .insert(s.usuarioCargos)
      .values({ usuarioId: b.id, cargoId: cargoGerente, dealerId: d2.id, dataInicio: '2026-01-01' });
    await db.update(s.usuarios).set({ active: false, inativadoPorInatividade: true }).where(eq(s.usuarios.id, c.id));
    const manager = await newManager({ marcaIds: [marca.id] });
    const ids = async (f: Record<string, unknown>) =>
      (await gql<Page>(portal, LIST, { f: { rowsPerPage: 100, ...f } }, manager.token))
        .data!.usuarios.content.map((u) => Number(u.id))
        .filter((id) => [a.id, b.id, c.id].includes(id))
        .sort((x, y) => x - y);
    expect(await ids({ tipos: ['MONTADORA'] })).toEqual([c.id]);
    expect(await ids({ dealerIds: [d1.id] })).toEqual([a.id]);
    expect(await ids({ cargoIds: [cargoGerente] })).toEqual([b.id]);
    expect(await ids({ active: true })).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(await ids({ inativadoPorInatividade: true })).toEqual([c.id]);
    expect(await ids({ marcaIds: [marca.id] })).toEqual([c.id]);
  });
});

describe('look-ups', () => {
  it('answers CPF and e-mail look-ups only within the scope', async () => {
    const manager = await newManager();
    const foreign = await newDealer([marcaC]);
    const stranger = await createUsuario(db, {
      nome: unique('Oculto'),
      email: email(),
      tipo: 'DEALER_GRUPO',
      cpf: cpf(),
      dealerIds: [foreign.id],
    });
    const byCpf = await gql<{ usuarioByCpf: unknown }>(
      portal,
      'query($c: String!) { usuarioByCpf(cpf: $c) { id } }',
      { c: stranger.cpf },
      manager.token,
    );
    expect(byCpf.data!.usuarioByCpf).toBeNull();
    const byEmail = await gql<{ usuarioByEmail: unknown }>(
      portal,
      'query($e: String!) { usuarioByEmail(email: $e) { id } }',
      { e: stranger.email },
      manager.token,
    );
    expect(byEmail.data!.usuarioByEmail).toBeNull();
    const own = await gql<{ usuarioByEmail: { id: string } }>(
      portal,
      'query($e: String!) { usuarioByEmail(email: $e) { id } }',
      { e: stranger.email.toUpperCase() },
      staff,
    );
    expect(own.data!.usuarioByEmail.id).toBe(String(stranger.id));
  });

  it("checks a position to add: rule, references and the caller's dealers", async () => {
    const manager = await newManager();
    const own = await newDealer([marcaA]);
    const foreign = await newDealer([marcaC]);
    const Q = `query($n: CargoUsuarioInput!, $e: [CargoUsuarioInput!]) { podeAdicionarCargo(cargoAdicionadoInput: $n, cargosInputs: $e) }`;
    const ask = async (n: Record<string, unknown>, e: unknown[] = []) =>
      (await gql<{ podeAdicionarCargo: boolean }>(portal, Q, { n, e }, manager.token)).data!.podeAdicionarCargo;
    const novo = { cargoId: cargoGerente, dealerId: own.id, departamentoId: departamento, dataInicio: '2026-03-01' };
    const existing = { cargoId: cargoVendas, dealerId: own.id, departamentoId: departamento, dataInicio: '2026-02-01' };
    expect(await ask(novo, [existing])).toBe(true);
    expect(await ask({ ...novo, dataInicio: '2026-01-01' }, [existing])).toBe(false);
    expect(await ask({ ...novo, cargoId: cargoVendas }, [existing])).toBe(false);
    expect(await ask({ ...novo, dealerId: foreign.id })).toBe(false);
    expect(await ask({ ...novo, cargoId: 2147483000 })).toBe(false);
  });

  it('offers a dealer-group user the portal and the products of the chosen dealers the caller sees', async () => {
    const [p1] = await db
      .insert(s.produtos)
      .values({ nome: unique('Produto Dealer') })
      .returning();
    const [p2] = await db
      .insert(s.produtos)
      .values({ nome: unique('Produto Alheio') })
      .returning();
    for (const p of [p1, p2]) await db.insert(s.tiposAcesso).values({ nome: 'Acesso', produtoId: p.id });
    const own = await newDealer([marcaA]);
    const foreign = await newDealer([marcaC]);
    await db.insert(s.dealerProdutos).values([
      { dealerId: own.id, produtoId: p1.id, uri: 'https://p1.test' },
      { dealerId: foreign.id, produtoId: p2.id, uri: 'https://p2.test' },
    ]);
    const Q = `query($d: [ID!]!, $t: TipoUsuario!) { produtosByDealersAndTipoUsuario(idsDealer: $d, tipoUsuario: $t) { id nome } }`;
    const r = await gql<{ produtosByDealersAndTipoUsuario: { nome: string }[] }>(
      portal,
      Q,
      { d: [own.id, foreign.id], t: 'DEALER_GRUPO' },
      staff,
    );
    const names = r.data!.produtosByDealersAndTipoUsuario.map((p) => p.nome);
    expect(names).toContain('Portal');
    expect(names).toContain(p1.nome);
    expect(names).toContain(p2.nome);
    const manager = await newManager();
    const mine = await gql<{ produtosByDealersAndTipoUsuario: { nome: string }[] }>(
      portal,
      Q,
      { d: [own.id, foreign.id], t: 'DEALER_GRUPO' },
      manager.token,
    );
    // The manager holds only the portal's Editor type: p1 is not theirs to give, p2's dealer is not theirs to see.
    expect(mine.data!.produtosByDealersAndTipoUsuario.map((p) => p.nome)).toEqual(['Portal']);
  });

  it('lists users to clone permissions from within the scope, and their permissions per product', async () => {
    const manager = await newManager();
    const dealer = await newDealer([marcaA]);
    const input = dealerUserInput(dealer.id);
    const made = await salvar(manager.token, input.u, input.c, input.i);
    const id = made.data!.salvarUsuario.id;
    const foreign = await newDealer([marcaC]);
    const stranger = await createUsuario(db, {
      nome: String(input.u.nome),
      email: email(),
      tipo: 'DEALER_GRUPO',
      dealerIds: [foreign.id],
    });
    const Q = `query($b: String) { usuariosByTipoUsuario(tipo: DEALER_GRUPO, busca: $b) { id } }`;
    const r = await gql<{ usuariosByTipoUsuario: { id: string }[] }>(portal, Q, { b: input.u.nome }, manager.token);
    expect(r.data!.usuariosByTipoUsuario.map((u) => u.id)).toEqual([id]);
    expect(r.data!.usuariosByTipoUsuario.map((u) => u.id)).not.toContain(String(stranger.id));
    const info = await gql<{ infoUsuario: unknown[] }>(
      portal,
      'query($id: ID!) { infoUsuario(usuarioId: $id) { produtoId produto { nome } tiposAcessoIds funcionalidadeIds } }',
      { id },
      manager.token,
    );
    expect(info.data!.infoUsuario).toEqual([
      {
        produtoId: String(portalProduto),
        produto: { nome: 'Portal' },
        tiposAcessoIds: [String(tipoGestao.id)],
        funcionalidadeIds: [String(tipoGestao.padrao[0])],
      },
    ]);
  });

  it('offers a user maintainer without the network key the dealers of their scope as picker choices', async () => {
    const tag = unique('Opcao');
    const { id: mine } = await newDealer([marcaA], { nomeExibicao: `${tag} mine` });
    const { id: inactive } = await newDealer([marcaB], { nomeExibicao: `${tag} inactive`, active: false });
    await newDealer([marcaC], { nomeExibicao: `${tag} other brand` });
    const manager = await newManager();
    const ask = (filter: string) =>
      gql<{
        dealersOpcoes: { content: { id: string; nomeExibicao: string; active: boolean }[]; totalElements: number };
      }>(
        portal,
        `query { dealersOpcoes(filterInput: { busca: ${JSON.stringify(tag)} ${filter} }) { content { id nomeExibicao active } totalElements } }`,
        {},
        manager.token,
      );
    const all = await ask('');
    expect(all.errors).toBeUndefined();
    expect(all.data!.dealersOpcoes).toEqual({
      content: [
        { id: String(inactive), nomeExibicao: `${tag} inactive`, active: false },
        { id: String(mine), nomeExibicao: `${tag} mine`, active: true },
      ],
      totalElements: 2,
    });
    const active = await ask('active: true');
    expect(active.data!.dealersOpcoes.content.map((d) => d.id)).toEqual([String(mine)]);
    // The full dealer list stays with the network maintainers.
    const list = await gql(portal, '{ dealers(filterInput: {}) { totalElements } }', {}, manager.token);
    expect(errorCode(list)).toBe('FORBIDDEN');
  });

  it('offers the caller only their brands, active groups and the products they may give', async () => {
    const manager = await newManager();
    const r = await gql<{
      dominioUsuario: {
        tiposUsuario: string[];
        marcas: { id: string }[];
        produtos: { nome: string; tiposAcesso: { id: string }[] }[];
      };
    }>(
      portal,
      'query { dominioUsuario { tiposUsuario idiomas marcas { id } grupos { id } produtos { nome tiposAcesso { id } funcionalidades { id } } } }',
      {},
      manager.token,
    );
    expect(r.data!.dominioUsuario.tiposUsuario).toEqual(['MONTADORA', 'DEALER_GRUPO']);
    expect(r.data!.dominioUsuario.marcas.map((m) => Number(m.id)).sort((a, b) => a - b)).toEqual(
      [marcaA, marcaB].sort((a, b) => a - b),
    );
    expect(r.data!.dominioUsuario.produtos).toEqual([
      { nome: 'Portal', tiposAcesso: [{ id: String(tipoGestao.id) }], funcionalidades: expect.any(Array) },
    ]);
  });
});
