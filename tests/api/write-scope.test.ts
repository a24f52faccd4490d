import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { getNamedType, isInputObjectType, type GraphQLInputType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { createGrupo } from '../../server/db/seed/builders';
import { notify } from '../../server/features/notificacoes';
import { buildSchema } from '../../server/graphql/schema';
import { seedKit } from './kit';
import { DEMO, errorCode, gql, signIn, signInAsNew, type GraphQLResponse, type TestPortal, versionOf } from './portal';

// Scope on every write (issue #10): a caller never changes, nor reads through an id, a record
// outside their scope, and a cascade never reaches a dealer or user outside it. Every answer is
// checked in the data afterwards, not only in the response.

const kit = seedKit({ seed: 1010, domain: 'escopo.test' });
const { unique } = kit;
let portal: TestPortal;
let db: TestPortal['database']['db'];
let marcaA: number, marcaC: number;
let montadora: string;
let staff: string;

beforeAll(async () => {
  ({ portal, db, staff } = await kit.start());
  // A library manager reads and writes every folder by design (issue #29): the montadora caller is
  // not one here, so the library's operations are refused for the folder's scope.
  await db.execute(sql`delete from usuario_funcionalidades where usuario_id = (select id from usuarios where email = ${DEMO.montadora})
    and funcionalidade_id = (select id from funcionalidades where chave = 'PORTAL_GERENCIAR_BIBLIOTECA')`);
  montadora = (await signIn(portal, DEMO.montadora)).access_token;
  // The montadora demo user holds Aurora and Boreal; Cometa (C) is another manufacturer's.
  const marcas = await db.select().from(s.marcas).orderBy(s.marcas.nome);
  [marcaA, , marcaC] = marcas.map((m) => m.id);
  // The temporary-absence key too, so its operations are refused for scope, not for the key.
  const [me] = await db.select().from(s.usuarios).where(eq(s.usuarios.email, DEMO.montadora));
  const [key] = await db
    .select()
    .from(s.funcionalidades)
    .where(eq(s.funcionalidades.chave, 'PORTAL_AUSENCIA_TEMPORARIA'));
  await db.insert(s.usuarioFuncionalidades).values({ usuarioId: me.id, funcionalidadeId: key.id });
});
const newDealer = (marcaIds: number[], grupoIds: number[] = []) =>
  kit.dealer({ marcaIds, grupoIds, razaoSocial: 'Concessionária de Escopo Ltda', codigos: ['E1'] });

const newDealerUser = (dealerIds: number[]) => kit.usuario({ tipo: 'DEALER_GRUPO', dealer: dealerIds });

const SALVAR_GRUPO = `mutation($grupo: GrupoInput!) { salvarGrupo(grupo: $grupo) { id nome active } }`;
const INATIVAR_GRUPO = 'mutation($id: ID!) { inativarGrupo(id: $id) { id active } }';
const ATIVAR_GRUPO = 'mutation($id: ID!) { ativarGrupo(id: $id) { id active } }';
const INATIVAR_DEALER = 'mutation($id: ID!) { inativarDealer(id: $id) { id active } }';
const IMPACTO = `query($grupo: GrupoInput!) {
  impactoGrupo(grupo: $grupo) { dealersDesvinculados dealersInativados usuariosInativados } }`;
const DEALER = `query($id: ID!) { dealer(id: $id) {
  id nomeExibicao razaoSocial cnpj cnpjsAdicionais codigos divisaoId setorId telefones celulares
  endereco { logradouro bairro cidade estado cep complemento } marcaIds grupoIds active
  dadosComplementares { produtoId uri } } }`;
const SALVAR_DEALER = `mutation($dealer: DealerInput!) { salvarDealer(dealer: $dealer) { id grupoIds active } }`;

const activeOf = async (table: typeof s.dealers | typeof s.usuarios | typeof s.grupos, ids: number[]) =>
  Object.fromEntries(
    (await db.select({ id: table.id, active: table.active }).from(table).where(inArray(table.id, ids))).map((r) => [
      r.id,
      r.active,
    ]),
  );
const linksOf = async (grupoId: number) =>
  (await db.select().from(s.dealerGrupos).where(eq(s.dealerGrupos.grupoId, grupoId))).map((l) => l.dealerId).sort();
const auditCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(s.auditoria))[0].n;
const message = (r: GraphQLResponse) => r.errors?.[0]?.message;

describe('a manufacturer on dealer groups', () => {
  it('is told which brands it may assign: its own', async () => {
    const query = '{ marcas { id atribuivel } }';
    const read = async (token: string) =>
      Object.fromEntries(
        (await gql<{ marcas: { id: string; atribuivel: boolean }[] }>(portal, query, {}, token)).data!.marcas.map(
          (m) => [Number(m.id), m.atribuivel],
        ),
      );
    expect(await read(montadora)).toMatchObject({ [marcaA]: true, [marcaC]: false });
    expect(Object.values(await read(staff)).every(Boolean)).toBe(true);
  });

  it("counts a group's dealers within the caller's scope", async () => {
    const grupo = await createGrupo(db, unique('Grupo Contado'), [marcaA, marcaC]);
    await newDealer([marcaA], [grupo.id]);
    await newDealer([marcaC], [grupo.id]);
    const query = 'query($f: GrupoFilterInput!) { grupos(filterInput: $f) { content { totalDealers } } }';
    const counted = async (token: string) =>
      (
        await gql<{ grupos: { content: { totalDealers: number }[] } }>(
          portal,
          query,
          { f: { busca: grupo.nome } },
          token,
        )
      ).data!.grupos.content;
    expect(await counted(montadora)).toEqual([{ totalDealers: 1 }]);
    expect(await counted(staff)).toEqual([{ totalDealers: 2 }]);
  });

  it('inactivating its own group inactivates only the dealers wholly of its brands; one also serving another brand is unlinked and stays active with its users', async () => {
    const grupo = await createGrupo(db, unique('Grupo Aurora'), [marcaA]);
    const own = await newDealer([marcaA], [grupo.id]);
    const shared = await newDealer([marcaA, marcaC], [grupo.id]);
    const ownUser = await newDealerUser([own.id]);
    const sharedUser = await newDealerUser([shared.id]);

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
      montadora,
    );
    expect(impact.data).toEqual({
      impactoGrupo: { dealersDesvinculados: 1, dealersInativados: 1, usuariosInativados: 1 },
    });

    const response = await gql(portal, INATIVAR_GRUPO, { id: grupo.id }, montadora);
    expect(response.errors).toBeUndefined();
    expect(await activeOf(s.dealers, [own.id, shared.id])).toEqual({ [own.id]: false, [shared.id]: true });
    expect(await activeOf(s.usuarios, [ownUser.id, sharedUser.id])).toEqual({
      [ownUser.id]: false,
      [sharedUser.id]: true,
    });
    expect(await linksOf(grupo.id)).toEqual([own.id]);
  });

  it('may not inactivate or reactivate a group shared with another brand: FORBIDDEN, translated, and nothing changes', async () => {
    const grupo = await createGrupo(db, unique('Grupo Compartilhado'), [marcaA, marcaC]);
    const ofA = await newDealer([marcaA], [grupo.id]);
    const ofC = await newDealer([marcaC], [grupo.id]);
    const userC = await newDealerUser([ofC.id]);
    const before = await auditCount();

    for (const attempt of [
      () => gql(portal, INATIVAR_GRUPO, { id: grupo.id }, montadora),
      async () =>
        gql(
          portal,
          SALVAR_GRUPO,
          {
            grupo: {
              id: grupo.id,
              version: await versionOf(db, s.grupos, grupo.id),
              nome: grupo.nome,
              marcaIds: [marcaA, marcaC],
              active: false,
            },
          },
          montadora,
        ),
    ]) {
      const response = await attempt();
      expect(errorCode(response)).toBe('FORBIDDEN');
      expect(message(response)).toMatch(/pertence a outras marcas/);
      expect(response.data?.inativarGrupo ?? response.data?.salvarGrupo ?? null).toBeNull();
    }
    expect(await activeOf(s.grupos, [grupo.id])).toEqual({ [grupo.id]: true });
    expect(await activeOf(s.dealers, [ofA.id, ofC.id])).toEqual({ [ofA.id]: true, [ofC.id]: true });
    expect(await activeOf(s.usuarios, [userC.id])).toEqual({ [userC.id]: true });
    expect(await linksOf(grupo.id)).toEqual([ofA.id, ofC.id].sort());
    expect(await auditCount()).toBe(before);
  });

  it('removing its own brand from a shared group reaches only its own dealers', async () => {
    const grupo = await createGrupo(db, unique('Grupo Dividido'), [marcaA, marcaC]);
    const ofA = await newDealer([marcaA], [grupo.id]);
    const ofC = await newDealer([marcaC], [grupo.id]);
    const both = await newDealer([marcaA, marcaC], [grupo.id]);
    const userC = await newDealerUser([ofC.id]);
    const response = await gql(
      portal,
      SALVAR_GRUPO,
      {
        grupo: {
          id: grupo.id,
          version: await versionOf(db, s.grupos, grupo.id),
          nome: grupo.nome,
          marcaIds: [marcaC],
          active: true,
        },
      },
      montadora,
    );
    expect(response.errors).toBeUndefined();
    expect(await linksOf(grupo.id)).toEqual([ofC.id, both.id].sort());
    expect(await activeOf(s.dealers, [ofA.id, ofC.id, both.id])).toEqual({
      [ofA.id]: false,
      [ofC.id]: true,
      [both.id]: true,
    });
    expect(await activeOf(s.usuarios, [userC.id])).toEqual({ [userC.id]: true });
  });

  it("refuses any write on another manufacturer's group with FORBIDDEN, and changes nothing", async () => {
    const grupo = await createGrupo(db, unique('Grupo Cometa'), [marcaC]);
    const dealer = await newDealer([marcaC], [grupo.id]);
    const before = await auditCount();
    for (const response of [
      await gql(portal, INATIVAR_GRUPO, { id: grupo.id }, montadora),
      await gql(portal, ATIVAR_GRUPO, { id: grupo.id }, montadora),
      await gql(
        portal,
        SALVAR_GRUPO,
        {
          grupo: {
            id: grupo.id,
            version: await versionOf(db, s.grupos, grupo.id),
            nome: 'Tomado',
            marcaIds: [marcaC],
            active: true,
          },
        },
        montadora,
      ),
    ]) {
      expect(errorCode(response)).toBe('FORBIDDEN');
      expect(message(response)).toBe('Este registro está fora do seu escopo: você não pode alterá-lo.');
    }
    const [row] = await db.select().from(s.grupos).where(eq(s.grupos.id, grupo.id));
    expect(row).toMatchObject({ nome: grupo.nome, active: true });
    expect(await activeOf(s.dealers, [dealer.id])).toEqual({ [dealer.id]: true });
    expect(await auditCount()).toBe(before);
  });
});

describe('a manufacturer on dealers', () => {
  it('may not inactivate a dealer that also serves another brand, but edits its data and keeps its links to groups it cannot see', async () => {
    const grupoC = await createGrupo(db, unique('Grupo Cometa'), [marcaC]);
    const grupoA = await createGrupo(db, unique('Grupo Aurora'), [marcaA]);
    const shared = await newDealer([marcaA, marcaC], [grupoC.id, grupoA.id]);

    const refused = await gql(portal, INATIVAR_DEALER, { id: shared.id }, montadora);
    expect(errorCode(refused)).toBe('FORBIDDEN');
    expect(await activeOf(s.dealers, [shared.id])).toEqual({ [shared.id]: true });

    const { dealer } = (await gql<{ dealer: Record<string, unknown> }>(portal, DEALER, { id: shared.id }, montadora))
      .data!;
    const renamed = await gql<{ salvarDealer: { grupoIds: string[] } }>(
      portal,
      SALVAR_DEALER,
      {
        dealer: {
          ...dealer,
          version: await versionOf(db, s.dealers, shared.id),
          razaoSocial: 'Razão Social Nova do Dealer Ltda',
        },
      },
      montadora,
    );
    expect(renamed.errors).toBeUndefined();
    expect(await linksOfDealer(shared.id)).toEqual([grupoA.id, grupoC.id].sort());

    const dropped = await gql(
      portal,
      SALVAR_DEALER,
      { dealer: { ...dealer, version: await versionOf(db, s.dealers, shared.id), grupoIds: [String(grupoA.id)] } },
      montadora,
    );
    expect(errorCode(dropped)).toBe('BAD_USER_INPUT');
    expect(await linksOfDealer(shared.id)).toEqual([grupoA.id, grupoC.id].sort());

    const deactivated = await gql(
      portal,
      SALVAR_DEALER,
      { dealer: { ...dealer, version: await versionOf(db, s.dealers, shared.id), active: false } },
      montadora,
    );
    expect(errorCode(deactivated)).toBe('FORBIDDEN');
    expect(await activeOf(s.dealers, [shared.id])).toEqual({ [shared.id]: true });
  });
});

const linksOfDealer = async (dealerId: number) =>
  (await db.select().from(s.dealerGrupos).where(eq(s.dealerGrupos.dealerId, dealerId))).map((l) => l.grupoId).sort();

describe('a dealer-group user with the maintenance key', () => {
  it('changes a group only when every dealer of it is theirs', async () => {
    const grupo = await createGrupo(db, unique('Grupo Misto'), [marcaA]);
    const mine = await newDealer([marcaA], [grupo.id]);
    const theirs = await newDealer([marcaA], [grupo.id]);
    const onlyMine = await createGrupo(db, unique('Grupo Só Meu'), [marcaA]);
    await db.insert(s.dealerGrupos).values({ dealerId: mine.id, grupoId: onlyMine.id });
    const user = await signInAsNew(portal, {
      nome: 'Gestor de Grupo',
      email: `gestor.${kit.seq()}@escopo.test`,
      tipo: 'DEALER_GRUPO',
      funcionalidades: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'],
      marcaIds: [marcaA],
      dealerIds: [mine.id],
    });
    const before = await auditCount();
    for (const response of [
      await gql(
        portal,
        SALVAR_GRUPO,
        {
          grupo: {
            id: grupo.id,
            version: await versionOf(db, s.grupos, grupo.id),
            nome: 'Renomeado',
            marcaIds: [marcaA],
            active: true,
          },
        },
        user.token,
      ),
      await gql(portal, INATIVAR_GRUPO, { id: grupo.id }, user.token),
    ]) {
      expect(errorCode(response)).toBe('FORBIDDEN');
    }
    const [row] = await db.select().from(s.grupos).where(eq(s.grupos.id, grupo.id));
    expect(row).toMatchObject({ nome: grupo.nome, active: true });
    expect(await activeOf(s.dealers, [mine.id, theirs.id])).toEqual({ [mine.id]: true, [theirs.id]: true });
    expect(await auditCount()).toBe(before);

    const renamed = await gql(
      portal,
      SALVAR_GRUPO,
      {
        grupo: {
          id: onlyMine.id,
          version: await versionOf(db, s.grupos, onlyMine.id),
          nome: `${onlyMine.nome} II`,
          marcaIds: [marcaA],
          active: true,
        },
      },
      user.token,
    );
    expect(renamed.errors).toBeUndefined();
  });
});

describe('audit history of users', () => {
  const AUDITORIA = `query($f: AuditoriaFilterInput!) { auditoria(filterInput: $f) { totalElements content { valorNovo } } }`;

  it("is refused outside the caller's scope and readable within it", async () => {
    const [superUser] = await db.select().from(s.usuarios).where(eq(s.usuarios.email, DEMO.super));
    const outside = await gql(portal, AUDITORIA, { f: { tipo: 'USUARIO', registroId: superUser.id } }, montadora);
    expect(errorCode(outside)).toBe('FORBIDDEN');
    expect(outside.data?.auditoria ?? null).toBeNull();
    const dealer = await newDealer([marcaA]);
    const colleague = await newDealerUser([dealer.id]);
    const inside = await gql(portal, AUDITORIA, { f: { tipo: 'USUARIO', registroId: colleague.id } }, montadora);
    expect(inside.errors).toBeUndefined();
  });
});

// Every operation that takes an id (directly or inside its input) is probed with another scope's
// ids by a manufacturer and by a dealer-group user with every function key: refused, no data, and
// nothing changed in the database. A new operation with an id argument fails this test until it
// is added to PROBES.
describe('ids of another scope on every operation', () => {
  interface Targets {
    grupo: number;
    dealer: number;
    /** The other scope's dealer as the wizard sends it, turned inactive: valid input, wrong scope. */
    dealerInput: Record<string, unknown>;
    usuario: number;
    /** A temporary absence of that user. */
    ausencia: number;
    marca: number;
    any: number;
    /** A private user group of that user: nobody else but provider staff reads it. */
    grupoUsuarios: number;
    /** A notification of that user alone. */
    notificacao: number;
    /** An import uploaded by that user. */
    importacao: number;
    /** A Web Push device of that user. */
    dispositivo: number;
    /** A generic notification written by that user. */
    notificacaoGenerica: number;
    /** An announcement written by that user, in approval with that user as approver. */
    comunicado: number;
    /** A private library folder of that user, a file item in it and the file's stored arquivos id. */
    pasta: number;
    itemArquivo: number;
    arquivoBiblioteca: number;
    /** A slide and an advert of that user, to their private group. */
    slide: number;
    anuncio: number;
  }
  type Probe =
    | { refused: (t: Targets) => [string, Record<string, unknown>] }
    | { scopedList: (t: Targets) => [string, Record<string, unknown>, string, number[]?] }
    | { notScoped: string };
  const GRUPO = (t: Targets, extra = {}) => ({
    grupo: { id: t.grupo, nome: 'X Grupo', marcaIds: [t.marca], ...extra },
  });

  const VITRINE = (t: Targets) => ({
    titulo: 'X',
    inicioDate: new Date(Date.now() - 3600_000).toISOString(),
    fimDate: new Date(Date.now() + 3600_000).toISOString(),
    arquivoId: t.any,
    grupoIds: [t.grupoUsuarios],
  });

  const PROBES: Record<string, Probe> = {
    'Query.auditoria': {
      refused: (t) => [
        `query($f: AuditoriaFilterInput!) { auditoria(filterInput: $f) { totalElements } }`,
        { f: { tipo: 'DEALER', registroId: t.dealer } },
      ],
    },
    'Query.grupo': { refused: (t) => ['query($id: ID!) { grupo(id: $id) { id nome } }', { id: t.grupo }] },
    'Query.dealer': { refused: (t) => ['query($id: ID!) { dealer(id: $id) { id nomeExibicao } }', { id: t.dealer }] },
    'Query.impactoGrupo': { refused: (t) => [IMPACTO, GRUPO(t, { active: false })] },
    'Query.grupos': {
      scopedList: (t) => [
        'query($f: GrupoFilterInput!) { grupos(filterInput: $f) { totalElements content { id } } }',
        { f: { marcaIds: [t.marca] } },
        'grupos',
      ],
    },
    'Query.dealers': {
      scopedList: (t) => [
        'query($f: DealerFilterInput!) { dealers(filterInput: $f) { totalElements content { id } } }',
        { f: { marcaIds: [t.marca] } },
        'dealers',
      ],
    },
    'Query.dealersOpcoes': {
      scopedList: (t) => [
        'query($f: DealerFilterInput!) { dealersOpcoes(filterInput: $f) { totalElements content { id } } }',
        { f: { marcaIds: [t.marca] } },
        'dealersOpcoes',
      ],
    },
    'Query.usuarios': {
      scopedList: (t) => [
        'query($f: UsuarioFilterInput!) { usuarios(filterInput: $f) { totalElements content { id } } }',
        { f: { marcaIds: [t.marca], dealerIds: [t.dealer] } },
        'usuarios',
        [t.usuario],
      ],
    },
    'Query.usuario': { refused: (t) => ['query($id: ID!) { usuario(id: $id) { id nome } }', { id: t.usuario }] },
    'Query.infoUsuario': {
      refused: (t) => ['query($id: ID!) { infoUsuario(usuarioId: $id) { produtoId } }', { id: t.usuario }],
    },
    'Query.produtosByDealersAndTipoUsuario': {
      notScoped: 'answers the products of the chosen dealers the caller sees; others are ignored (usuarios.test.ts)',
    },
    'Query.usuariosByTipoUsuario': {
      notScoped: 'answers only users in the caller scope whatever dealers are named (usuarios.test.ts)',
    },
    'Mutation.exportarUsuarios': {
      notScoped:
        "writes the caller's scoped list: filters naming another scope's ids match none (usuarios-export.test.ts)",
    },
    'Query.podeAdicionarCargo': { notScoped: 'answers false for a dealer outside the caller scope (usuarios.test.ts)' },
    'Mutation.salvarUsuario': {
      refused: (t) => [
        'mutation($u: UsuarioInput!) { salvarUsuario(usuario: $u) { id } }',
        {
          u: {
            id: t.usuario,
            version: 1,
            nome: 'Outro Nome',
            email: 'outro@escopo.test',
            cpf: '529.982.247-25',
            tipo: 'MONTADORA',
            marcaIds: [t.marca],
          },
        },
      ],
    },
    'Mutation.ativarUsuario': {
      refused: (t) => ['mutation($id: ID!) { ativarUsuario(id: $id) { id } }', { id: t.usuario }],
    },
    'Mutation.inativarUsuario': {
      refused: (t) => ['mutation($id: ID!) { inativarUsuario(id: $id) { id } }', { id: t.usuario }],
    },
    'Mutation.liberarAtivacaoEspecial': {
      refused: (t) => ['mutation($id: ID!) { liberarAtivacaoEspecial(usuarioId: $id) { id } }', { id: t.usuario }],
    },
    'Mutation.removerAtivacaoEspecial': {
      refused: (t) => ['mutation($id: ID!) { removerAtivacaoEspecial(usuarioId: $id) { id } }', { id: t.usuario }],
    },
    'Query.ausenciasTemporarias': {
      refused: (t) => [
        'query($u: ID!) { ausenciasTemporarias(filterInput: { usuarioId: $u }) { totalElements } }',
        { u: t.usuario },
      ],
    },
    'Query.ausenciaTemporaria': {
      refused: (t) => ['query($id: ID!) { ausenciaTemporaria(id: $id) { id motivo } }', { id: t.ausencia }],
    },
    'Query.substitutosAusencia': {
      refused: (t) => ['query($u: ID!) { substitutosAusencia(usuarioId: $u) { id } }', { u: t.usuario }],
    },
    // An update of the other scope's absence (creating one for that user: ausencias.test.ts).
    'Mutation.salvarAusenciaTemporaria': {
      refused: (t) => [
        'mutation($a: AusenciaTemporariaInput!) { salvarAusenciaTemporaria(ausencia: $a) { id } }',
        {
          a: {
            id: t.ausencia,
            version: 1,
            usuarioId: t.usuario,
            inicio: '2099-03-01',
            retorno: '2099-03-09',
            motivo: 'X',
            justificativa: 'x'.repeat(20),
          },
        },
      ],
    },
    'Mutation.excluirAusenciaTemporaria': {
      refused: (t) => ['mutation($id: ID!) { excluirAusenciaTemporaria(id: $id, version: 1) }', { id: t.ausencia }],
    },
    'Query.grupoUsuarios': {
      refused: (t) => ['query($id: ID!) { grupoUsuarios(id: $id) { id nome } }', { id: t.grupoUsuarios }],
    },
    'Query.usuariosByGruposUsuariosPaged': {
      refused: (t) => [
        `query($id: ID!) {
          usuariosByGruposUsuariosPaged(filterInput: { grupos: [$id] }) { totalElements content { id } } }`,
        { id: t.grupoUsuarios },
      ],
    },
    'Mutation.salvarGrupoUsuarios': {
      refused: (t) => [
        'mutation($g: GrupoUsuariosInput!) { salvarGrupoUsuarios(grupoUsuarios: $g) { id } }',
        {
          g: {
            id: t.grupoUsuarios,
            version: 1,
            nome: 'X Grupo de Usuários',
            publico: false,
            possuiUsuariosManuais: true,
            usuarioManualIds: [t.usuario],
          },
        },
      ],
    },
    'Mutation.atualizarGrupoFavorito': {
      refused: (t) => ['mutation($id: ID!) { atualizarGrupoFavorito(id: $id) { id } }', { id: t.grupoUsuarios }],
    },
    'Mutation.importarGrupoUsuarios': {
      refused: (t) => ['mutation($id: ID!) { importarGrupoUsuarios(ids: [$id]) { id } }', { id: t.grupoUsuarios }],
    },
    'Mutation.ativarGrupoUsuarios': {
      refused: (t) => ['mutation($id: ID!) { ativarGrupoUsuarios(id: $id) { id } }', { id: t.grupoUsuarios }],
    },
    'Mutation.inativarGrupoUsuarios': {
      refused: (t) => ['mutation($id: ID!) { inativarGrupoUsuarios(id: $id) { id } }', { id: t.grupoUsuarios }],
    },
    'Query.errosImportacao': {
      refused: (t) => [
        'query($id: ID!) { errosImportacao(id: $id) { totalElements content { linha } } }',
        { id: t.importacao },
      ],
    },
    'Mutation.marcarNotificacaoComoLida': {
      refused: (t) => ['mutation($id: ID!) { marcarNotificacaoComoLida(id: $id) { id lida } }', { id: t.notificacao }],
    },
    'Mutation.removerDispositivoPush': {
      refused: (t) => ['mutation($id: ID!) { removerDispositivoPush(id: $id) }', { id: t.dispositivo }],
    },
    'Query.notificacaoGenerica': {
      refused: (t) => ['query($id: ID!) { notificacaoGenerica(id: $id) { id } }', { id: t.notificacaoGenerica }],
    },
    'Query.versoesNotificacaoGenerica': {
      refused: (t) => [
        'query($id: ID!) { versoesNotificacaoGenerica(id: $id) { versao } }',
        { id: t.notificacaoGenerica },
      ],
    },
    'Query.previaNotificacaoGenerica': {
      refused: (t) => ['query($id: ID!) { previaNotificacaoGenerica(grupoIds: [$id]) }', { id: t.grupoUsuarios }],
    },
    'Mutation.salvarNotificacaoGenerica': {
      refused: (t) => [
        'mutation($n: NotificacaoGenericaInput!) { salvarNotificacaoGenerica(notificacaoGenerica: $n) { id } }',
        { n: { id: t.notificacaoGenerica, version: 1, tipo: 'comModelo', titulo: 'X', texto: 'X' } },
      ],
    },
    'Mutation.copiarNotificacaoGenerica': {
      refused: (t) => [
        'mutation($id: ID!) { copiarNotificacaoGenerica(id: $id) { id } }',
        { id: t.notificacaoGenerica },
      ],
    },
    'Mutation.enviarNotificacaoGenerica': {
      refused: (t) => [
        'mutation($id: ID!) { enviarNotificacaoGenerica(id: $id, version: 1) { id } }',
        { id: t.notificacaoGenerica },
      ],
    },
    'Mutation.cancelarAgendamentoNotificacaoGenerica': {
      refused: (t) => [
        'mutation($id: ID!) { cancelarAgendamentoNotificacaoGenerica(id: $id, version: 1) { id } }',
        { id: t.notificacaoGenerica },
      ],
    },
    'Query.slide': { refused: (t) => ['query($id: ID!) { slide(id: $id) { id } }', { id: t.slide }] },
    'Query.anuncio': { refused: (t) => ['query($id: ID!) { anuncio(id: $id) { id } }', { id: t.anuncio }] },
    'Mutation.salvarSlide': {
      refused: (t) => [
        'mutation($s: SlideInput!) { salvarSlide(slide: $s) { id } }',
        {
          s: {
            ...VITRINE(t),
            id: t.slide,
            version: 1,
            corTitulo: '#FFFFFF',
            tamanhoTitulo: 40,
            corSubtitulo: '#FFFFFF',
            tamanhoSubtitulo: 20,
          },
        },
      ],
    },
    'Mutation.ativarSlide': { refused: (t) => ['mutation($id: ID!) { ativarSlide(id: $id) { id } }', { id: t.slide }] },
    'Mutation.inativarSlide': {
      refused: (t) => ['mutation($id: ID!) { inativarSlide(id: $id) { id } }', { id: t.slide }],
    },
    'Mutation.moverSlide': {
      refused: (t) => ['mutation($id: ID!) { moverSlide(id: $id, posicao: 0) { id } }', { id: t.slide }],
    },
    'Mutation.salvarAnuncio': {
      refused: (t) => [
        'mutation($a: AnuncioInput!) { salvarAnuncio(anuncio: $a) { id } }',
        { a: { ...VITRINE(t), id: t.anuncio, version: 1 } },
      ],
    },
    'Mutation.ativarAnuncio': {
      refused: (t) => ['mutation($id: ID!) { ativarAnuncio(id: $id) { id } }', { id: t.anuncio }],
    },
    'Mutation.inativarAnuncio': {
      refused: (t) => ['mutation($id: ID!) { inativarAnuncio(id: $id) { id } }', { id: t.anuncio }],
    },
    'Query.comunicado': {
      refused: (t) => ['query($id: ID!) { comunicado(id: $id) { id } }', { id: t.comunicado }],
    },
    'Query.comunicados': {
      scopedList: (t) => [
        '{ comunicados(filterInput: { aba: "PENDENTES_APROVACAO" }) { totalElements content { id } } }',
        {},
        'comunicados',
        [t.comunicado],
      ],
    },
    'Query.previaDestinatariosComunicado': {
      refused: (t) => ['query($id: ID!) { previaDestinatariosComunicado(grupoIds: [$id]) }', { id: t.grupoUsuarios }],
    },
    'Query.visualizarEnvio': {
      refused: (t) => ['query($id: ID!) { visualizarEnvio(id: $id) { destinatarios } }', { id: t.comunicado }],
    },
    'Query.comunicadoEmails': {
      refused: (t) => ['query($id: ID!) { comunicadoEmails(id: $id) { totalElements } }', { id: t.comunicado }],
    },
    'Mutation.salvarComunicado': {
      refused: (t) => [
        'mutation($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id } }',
        { c: { id: t.comunicado, version: 1, titulo: 'X', mensagem: '<p>X</p>' } },
      ],
    },
    ...Object.fromEntries(
      [
        ['excluirComunicado', ''],
        ['retirarComunicadoDaAprovacao', ' { id }'],
        ['aprovarComunicado', ' { id }'],
        ['cancelarAgendamentoComunicado', ' { id }'],
        ['enviarComunicado', ' { id }'],
      ].map(([name, fields]) => [
        `Mutation.${name}`,
        {
          refused: (t: Targets) => [
            `mutation($id: ID!) { ${name}(id: $id, version: 1)${fields} }`,
            { id: t.comunicado },
          ],
        },
      ]),
    ),
    'Mutation.enviarComunicadoParaAprovacao': {
      refused: (t) => [
        'mutation($id: ID!, $a: ID!) { enviarComunicadoParaAprovacao(id: $id, version: 1, aprovadorId: $a) { id } }',
        { id: t.comunicado, a: t.usuario },
      ],
    },
    'Mutation.rejeitarComunicado': {
      refused: (t) => [
        'mutation($id: ID!) { rejeitarComunicado(id: $id, version: 1, motivo: "X") { id } }',
        { id: t.comunicado },
      ],
    },
    'Mutation.arquivarComunicado': {
      refused: (t) => [
        'mutation($id: ID!) { arquivarComunicado(id: $id, arquivado: true) { id } }',
        { id: t.comunicado },
      ],
    },
    'Mutation.criarErrataComunicado': {
      refused: (t) => [
        'mutation($e: ErrataComunicadoInput!) { criarErrataComunicado(errata: $e) { id } }',
        { e: { idParent: t.comunicado, titulo: 'X', mensagem: '<p>X</p>', justificativa: 'Justificativa alheia' } },
      ],
    },
    'Mutation.salvarSerieComunicado': {
      notScoped: "series are shared by every announcement writer (a prefix is the network's), as labels",
    },
    'Mutation.salvarEtiquetaComunicado': { notScoped: 'labels are shared by every announcement writer' },
    'Mutation.excluirEtiquetaComunicado': { notScoped: 'labels are shared by every announcement writer' },
    // The reading side of issue #28: every statement is behind the caller's own deliveries (or the
    // dashboard's access rule); another scope's ids are tried in comunicados-leitura.test.ts and
    // comunicados-dashboard.test.ts, with the rows read back.
    ...Object.fromEntries(
      [
        'Query.comunicadoEnvios',
        'Query.comunicadoEnvio',
        'Query.linkDownloadAnexoComunicado',
        'Query.comunicadoDashboard',
        'Query.comunicadoDashboardRollup',
        'Query.comunicadoNaoLidos',
        'Mutation.abrirComunicado',
        'Mutation.marcarComunicadosLidos',
        'Mutation.favoritarComunicados',
        'Mutation.arquivarComunicadoEnvios',
        'Mutation.confirmarLeituraComunicado',
        'Mutation.lembrarNaoLidosComunicado',
      ].map((name) => [name, { notScoped: "probed with other users' ids in comunicados-leitura/dashboard tests" }]),
    ),
    // The library (issue #29) is scoped by each folder's own groups, not by brand: here the other
    // scope's user owns a private folder with a file in it, which the caller may neither read nor
    // change (the matrix of owner, read and write groups, managers and outsiders is in
    // biblioteca-permissoes.test.ts and biblioteca-busca.test.ts).
    'Query.pasta': { refused: (t) => ['query($id: ID!) { pasta(idPasta: $id) { id nome } }', { id: t.pasta }] },
    'Query.itemsPorPasta': {
      refused: (t) => [
        'query($id: ID) { itemsPorPasta(idPasta: $id) { totalElements content { id } } }',
        { id: t.pasta },
      ],
    },
    'Query.arquivo': {
      refused: (t) => ['query($id: ID!) { arquivo(idArquivo: $id) { id nome } }', { id: t.arquivoBiblioteca }],
    },
    'Query.linkDownloadByArquivo': {
      refused: (t) => ['query($id: ID!) { linkDownloadByArquivo(idArquivo: $id) }', { id: t.arquivoBiblioteca }],
    },
    'Mutation.linkDownloadByArquivo': {
      refused: (t) => [
        'mutation($id: ID!) { linkDownloadByArquivo(idArquivo: $id, registrarDownload: true) }',
        { id: t.arquivoBiblioteca },
      ],
    },
    'Query.buscaBibliotecaPage': {
      scopedList: (t) => [
        'query($f: BuscaBibliotecaFilterInput!) { buscaBibliotecaPage(filterInput: $f) { totalElements content { id } } }',
        { f: { busca: 'Pasta Alheia' } },
        'buscaBibliotecaPage',
        [t.pasta, t.itemArquivo],
      ],
    },
    'Mutation.gerarLinkDownloadByItemBiblioteca': {
      refused: (t) => [
        'mutation($id: ID!) { gerarLinkDownloadByItemBiblioteca(idItemBiblioteca: $id) }',
        { id: t.pasta },
      ],
    },
    'Mutation.concederAcesso': {
      refused: (t) => [
        'mutation($p: NovasPermissoesInput!) { concederAcesso(novasPermissoes: $p) { id } }',
        {
          p: { idPasta: t.pasta, tiposAcesso: [{ idGrupoAcesso: t.grupoUsuarios, permissao: 'LEITURA' }], version: 1 },
        },
      ],
    },
    'Mutation.excluirItemBiblioteca': {
      refused: (t) => ['mutation($id: ID!) { excluirItemBiblioteca(idItem: $id, version: 1) }', { id: t.itemArquivo }],
    },
    'Mutation.moverItemBiblioteca': {
      refused: (t) => [
        'mutation($id: ID!) { moverItemBiblioteca(idItemBiblioteca: $id, idNovaLocalizacao: 0, version: 1) { id } }',
        { id: t.itemArquivo },
      ],
    },
    'Mutation.renomearItemBiblioteca': {
      refused: (t) => [
        'mutation($id: ID!) { renomearItemBiblioteca(idItemBiblioteca: $id, novoNome: "Tomado", version: 1) { id } }',
        { id: t.pasta },
      ],
    },
    // Creating folders and placing uploads need PORTAL_GERENCIAR_BIBLIOTECA, whose holders read and
    // write every folder (issue #29: a private folder is its owner's and the managers'); the caller's
    // own uploads only (another user's upload is refused in biblioteca-upload.test.ts).
    'Mutation.criarNovaPasta': { notScoped: 'library managers write every folder (biblioteca-permissoes tests)' },
    'Mutation.uploadArquivos': {
      notScoped: 'library managers place their own uploads anywhere (biblioteca-upload tests)',
    },
    'Query.cargos': { notScoped: 'positions are reference data; usuarioId does not filter yet (users issue)' },
    // Reports (issue #31): definitions are the provider's staff's (refused here by policy); a built-in
    // report's figures are always cut to the caller's scope, so another scope's brand, group or dealer
    // filters to nothing (relatorios.test.ts reads the figures back).
    'Mutation.salvarRelatorio': {
      refused: () => [
        'mutation($r: RelatorioInput!) { salvarRelatorio(relatorio: $r) { id } }',
        { r: { slug: 'x', tituloPtBr: 'X', tituloEs: 'X', tituloEn: 'X', tipo: 'INTERNO', interno: 'USUARIOS' } },
      ],
    },
    'Mutation.excluirRelatorio': {
      refused: (t) => ['mutation($id: ID!) { excluirRelatorio(id: $id, version: 1) }', { id: t.any }],
    },
    'Query.relatorioAlcance': { notScoped: "figures in the caller's scope: relatorios.test.ts filters by another's" },
    'Query.relatorioUsuarios': { notScoped: "figures in the caller's scope: relatorios.test.ts filters by another's" },
    'Query.relatorioBiblioteca': {
      notScoped: "figures in the caller's scope: relatorios-biblioteca-importacoes.test.ts filters by another's",
    },
    'Query.relatorioImportacoes': {
      notScoped: "figures in the caller's scope: relatorios-biblioteca-importacoes.test.ts filters by another's",
    },
    'Query.redesSociais': { notScoped: "a brand's social networks are the public links shown on every home page" },
    'Mutation.mudarLinguaUsuario': {
      refused: (t) => ['mutation($id: ID!) { mudarLinguaUsuario(id: $id, idioma: EN) { id nome } }', { id: t.usuario }],
    },
    'Mutation.salvarGrupo': { refused: (t) => [SALVAR_GRUPO, GRUPO(t, { active: false })] },
    'Mutation.ativarGrupo': { refused: (t) => [ATIVAR_GRUPO, { id: t.grupo }] },
    'Mutation.inativarGrupo': { refused: (t) => [INATIVAR_GRUPO, { id: t.grupo }] },
    'Mutation.salvarDealer': {
      refused: (t) => [SALVAR_DEALER, { dealer: t.dealerInput }],
    },
    'Mutation.ativarDealer': {
      refused: (t) => ['mutation($id: ID!) { ativarDealer(id: $id) { id } }', { id: t.dealer }],
    },
    'Mutation.inativarDealer': { refused: (t) => [INATIVAR_DEALER, { id: t.dealer }] },
    'Mutation.editarProduto': {
      refused: (t) => [
        'mutation($p: ProdutoEdicaoInput!) { editarProduto(produto: $p) { id } }',
        { p: { id: t.any, baseUriHomolog: 'https://x.test' } },
      ],
    },
    ...Object.fromEntries(
      ['Marca', 'Cargo', 'Departamento', 'Divisao', 'Setor', 'Desligamento', 'RedeSocial'].flatMap((kind) => {
        const input = {
          Marca: { nome: 'X' },
          Cargo: { nome: 'X' },
          Departamento: { nome: 'X', sigla: 'X' },
          Divisao: { nome: 'X' },
          Setor: { nome: 'X', divisaoId: 1 },
          Desligamento: { motivo: 'X' },
          RedeSocial: { nome: 'X', icone: 'fa|x', marcaId: 1, url: 'https://x.test' },
        }[kind];
        const arg = kind[0].toLowerCase() + kind.slice(1);
        const remove = kind === 'Marca' ? ['ativarMarca', 'inativarMarca'] : [`excluir${kind}`];
        return [
          [
            `Mutation.salvar${kind}`,
            {
              refused: (t: Targets) => [
                `mutation($v: ${kind}Input!) { salvar${kind}(${arg}: $v) { id } }`,
                { v: { ...input, id: t.any } },
              ],
            },
          ],
          ...remove.map((name) => [
            `Mutation.${name}`,
            {
              refused: (t: Targets) => [
                `mutation($id: ID!) { ${name}(id: $id)${kind === 'Marca' ? ' { id }' : ''} }`,
                { id: t.any },
              ],
            },
          ]),
        ];
      }),
    ),
  };

  function hasId(type: GraphQLInputType, seen = new Set<string>()): boolean {
    const named = getNamedType(type);
    if (named.name === 'ID') return true;
    if (!isInputObjectType(named) || seen.has(named.name)) return false;
    seen.add(named.name);
    return Object.values(named.getFields()).some((field) => hasId(field.type, seen));
  }

  it('has a probe for every operation that takes an id', () => {
    const schema = buildSchema();
    const withIds = [schema.getQueryType()!, schema.getMutationType()!].flatMap((root) =>
      Object.values(root.getFields())
        .filter((field) => field.args.some((arg) => hasId(arg.type)))
        .map((field) => `${root.name}.${field.name}`),
    );
    expect(withIds.sort()).toEqual(Object.keys(PROBES).sort());
  });

  /** A digest of every table a write could touch: equal before and after means nothing changed. */
  async function fingerprint() {
    const tables = [
      'grupos',
      'grupo_marcas',
      'dealers',
      'dealer_marcas',
      'dealer_grupos',
      'dealer_produtos',
      'usuarios',
      'usuario_marcas',
      'usuario_dealers',
      'usuario_grupos',
      'usuario_cargos',
      'usuario_tipos_acesso',
      'usuario_funcionalidades',
      'marcas',
      'cargos',
      'departamentos',
      'divisoes',
      'setores',
      'desligamentos',
      'redes_sociais',
      'produtos',
      'auditoria',
      'ausencias_temporarias',
      'arquivos',
      'slides',
      'slide_grupos',
      'anuncios',
      'anuncio_grupos',
      'grupos_usuarios',
      'grupo_usuarios_manuais',
      'grupo_usuarios_removidos',
      'grupo_usuarios_leitores',
      'grupo_usuarios_editores',
      'grupo_usuarios_favoritos',
      'notificacoes',
      'notificacao_destinatarios',
      'push_subscriptions',
      'notificacoes_genericas',
      'notificacao_generica_grupos',
      'notificacao_generica_versoes',
      'comunicados',
      'comunicado_grupos',
      'comunicado_usuarios_removidos',
      'comunicado_emails',
      'comunicado_etiquetas',
      'comunicado_etiquetas_comunicados',
      'comunicado_arquivos',
      'comunicado_series',
      'comunicado_envios',
      'biblioteca_itens',
      'biblioteca_permissoes',
      'biblioteca_downloads',
    ];
    const parts = await Promise.all(
      tables.map(async (table) => {
        const { rows } = await portal.database.db.execute<{ digest: string }>(
          sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`),
        );
        return `${table}:${rows[0].digest}`;
      }),
    );
    return parts.join(',');
  }

  // The probes in three parts, each a test with its own time budget and its own records of another scope.
  const PARTES = 3;
  const casos = (['MONTADORA', 'DEALER_GRUPO'] as const).flatMap((tipo) =>
    Array.from({ length: PARTES }, (_, i) => [tipo, i + 1] as const),
  );
  it.each(casos)(
    `refuses a %s caller every record outside their scope (probes, part %i of ${PARTES})`,
    async (tipo, parte) => {
      const grupoC = await createGrupo(db, unique('Grupo Alheio'), [marcaC]);
      const dealerC = await newDealer([marcaC], [grupoC.id]);
      const userC = await newDealerUser([dealerC.id]);
      await db.update(s.usuarios).set({ idioma: 'ES' }).where(eq(s.usuarios.id, userC.id));
      const ownDealer = await newDealer([marcaA]);
      const caller =
        tipo === 'MONTADORA'
          ? montadora
          : (
              await signInAsNew(portal, {
                nome: 'Dealer com todas as chaves',
                email: `todas.${kit.seq()}@escopo.test`,
                tipo: 'DEALER_GRUPO',
                funcionalidades: [
                  'PORTAL_MANUTENCAO_DEALERS_GRUPO',
                  'PORTAL_MANUTENCAO_USUARIOS',
                  'PORTAL_ADMINISTRATIVO_TECSINAPSE',
                  'PORTAL_AUSENCIA_TEMPORARIA',
                  'PORTAL_MANUTENCAO_GRUPOS_USUARIOS',
                  'PORTAL_CRIACAO_COMUNICADOS',
                  'PORTAL_APROVACAO_ENVIO_COMUNICADOS',
                ],
                marcaIds: [marcaA, marcaC],
                dealerIds: [ownDealer.id],
              })
            ).token;
      const [{ id: anyId }] = await db.select({ id: s.marcas.id }).from(s.marcas).limit(1);
      const superToken = (await signIn(portal, DEMO.super)).access_token;
      const { dealer } = (
        await gql<{ dealer: Record<string, unknown> }>(portal, DEALER, { id: dealerC.id }, superToken)
      ).data!;
      const [{ id: ausenciaC }] = await db
        .insert(s.ausenciasTemporarias)
        .values({
          usuarioId: userC.id,
          inicio: '2099-02-01',
          retorno: '2099-02-03',
          motivo: 'Alheia',
          justificativa: 'Ausência de outro escopo',
          autorId: userC.id,
        })
        .returning();
      // A private group of the other scope's user, whose only block names that user.
      const [grupoUsuariosC] = await db
        .insert(s.gruposUsuarios)
        .values({
          nome: unique('Grupo de Usuários Alheio'),
          publico: false,
          criadorId: userC.id,
          possuiUsuariosManuais: true,
        })
        .returning();
      await db.insert(s.grupoUsuariosManuais).values({ grupoUsuariosId: grupoUsuariosC.id, usuarioId: userC.id });
      const notificacaoC = await notify(
        db,
        { usuarios: sql`select ${userC.id}::int` },
        { titulo: 'Só dele', texto: '<p>Alheia</p>', origem: 'TESTE' },
      );
      const [importacaoC] = await db
        .insert(s.importacoes)
        .values({
          autorId: userC.id,
          idioma: 'PT_BR',
          nomeArquivo: 'alheia.xlsx',
          chave: `importacoes/alheia-${kit.seq()}.xlsx`,
          tamanho: 1,
          sha256: `alheia-${kit.seq()}-${tipo}`,
        })
        .returning();
      const [dispositivoC] = await db
        .insert(s.pushSubscriptions)
        .values({
          usuarioId: userC.id,
          endpoint: `https://fcm.googleapis.com/fcm/send/alheio-${kit.seq()}-${tipo}`,
          auth: 'a',
          p256dh: 'b',
        })
        .returning();
      const [notificacaoGenericaC] = await db
        .insert(s.notificacoesGenericas)
        .values({ tipo: 'comModelo', titulo: 'Alheia', texto: '<p>Alheia</p>', autorId: userC.id })
        .returning();
      await db
        .insert(s.notificacaoGenericaGrupos)
        .values({ notificacaoGenericaId: notificacaoGenericaC.id, grupoUsuariosId: grupoUsuariosC.id });
      const [comunicadoC] = await db
        .insert(s.comunicados)
        .values({
          titulo: 'Alheio',
          mensagem: '<p>Alheio</p>',
          autorId: userC.id,
          aprovadorId: userC.id,
          estado: 'EM_APROVACAO',
        })
        .returning();
      await db.insert(s.comunicadoGrupos).values({ comunicadoId: comunicadoC.id, grupoUsuariosId: grupoUsuariosC.id });
      const [pastaC] = await db
        .insert(s.bibliotecaItens)
        .values({ nome: unique('Pasta Alheia'), isPasta: true, proprietarioId: userC.id })
        .returning();
      const [arquivoC] = await db
        .insert(s.arquivos)
        .values({
          chave: `documentos/alheio-${kit.seq()}`,
          nome: 'alheio.pdf',
          tipoMime: 'application/pdf',
          tamanho: 1,
          sha256: 'alheio',
          autorId: userC.id,
        })
        .returning();
      const [itemC] = await db
        .insert(s.bibliotecaItens)
        .values({
          nome: 'Pasta Alheia arquivo.pdf',
          isPasta: false,
          pastaPaiId: pastaC.id,
          arquivoId: arquivoC.id,
          proprietarioId: userC.id,
        })
        .returning();
      const [imagemC] = await db
        .insert(s.arquivos)
        .values({
          chave: `vitrine/${randomUUID()}`,
          nome: 'alheia.png',
          tipoMime: 'image/png',
          tamanho: 1,
          sha256: 'x',
          autorId: userC.id,
        })
        .returning();
      const periodo = { inicio: new Date(Date.now() - 3600_000), fim: new Date(Date.now() + 3600_000) };
      const [slideC] = await db
        .insert(s.slides)
        .values({
          titulo: 'Alheio',
          corTitulo: '#FFFFFF',
          tamanhoTitulo: 40,
          corSubtitulo: '#FFFFFF',
          tamanhoSubtitulo: 20,
          ...periodo,
          arquivoId: imagemC.id,
          ordem: 1,
          autorId: userC.id,
        })
        .returning();
      await db.insert(s.slideGrupos).values({ slideId: slideC.id, grupoUsuariosId: grupoUsuariosC.id });
      const [anuncioC] = await db
        .insert(s.anuncios)
        .values({ titulo: 'Alheio', ...periodo, arquivoId: imagemC.id, autorId: userC.id })
        .returning();
      await db.insert(s.anuncioGrupos).values({ anuncioId: anuncioC.id, grupoUsuariosId: grupoUsuariosC.id });
      const targets: Targets = {
        pasta: pastaC.id,
        itemArquivo: itemC.id,
        arquivoBiblioteca: arquivoC.id,
        slide: slideC.id,
        anuncio: anuncioC.id,
        comunicado: comunicadoC.id,
        dispositivo: dispositivoC.id,
        notificacaoGenerica: notificacaoGenericaC.id,
        importacao: importacaoC.id,
        notificacao: notificacaoC.id,
        grupoUsuarios: grupoUsuariosC.id,
        ausencia: ausenciaC,
        grupo: grupoC.id,
        dealer: dealerC.id,
        dealerInput: { ...dealer, active: false },
        usuario: userC.id,
        marca: marcaC,
        any: anyId,
      };

      // Every probe must leave the data as it found it: the digest after one is the next one's before.
      const before = await fingerprint();
      for (const [name, probe] of Object.entries(PROBES).filter((_, i) => i % PARTES === parte - 1)) {
        if ('notScoped' in probe) continue;
        if ('refused' in probe) {
          const [query, variables] = probe.refused(targets);
          const response = await gql(portal, query, variables, caller);
          expect([name, errorCode(response)]).toEqual([name, expect.stringMatching(/^(FORBIDDEN|NOT_FOUND)$/)]);
          expect([name, Object.values(response.data ?? {}).filter((v) => v !== null)]).toEqual([name, []]);
        } else {
          const [query, variables, field, forbidden = [grupoC.id, dealerC.id]] = probe.scopedList(targets);
          const response = await gql<Record<string, { totalElements: number; content: { id: string }[] }>>(
            portal,
            query,
            variables,
            caller,
          );
          const ids = response.data![field].content.map((row) => Number(row.id));
          expect([name, ids.filter((id) => forbidden.includes(id))]).toEqual([name, []]);
        }
        expect([name, await fingerprint()]).toEqual([name, before]);
      }
    },
    // About 130 probes in all, each followed by a digest of every table: past 30 s at load 17, and as
    // one test past 120 s beside both journey shards in CI.
    120_000,
  );
});
