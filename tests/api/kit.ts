import { afterAll } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FunctionKey, Idioma, TipoUsuario } from '../../domain/enums';
import * as s from '../../server/db/schema';
import {
  cnpjFrom,
  cpfFrom,
  createDealer,
  createGrupo,
  createMarca,
  createUsuario,
} from '../../server/db/seed/builders';
import { seededRandom } from '../../server/db/seed/random';
import { DEMO, fieldErrors, signIn, signInAsNew, startPortal, type TestPortal } from './portal';

// The seed kit of the API tests: a test file's portal (the demo database), its provider-staff token,
// and the records a test needs made in one call each (a brand, a dealer group, a dealer in a brand,
// a user of a type in a brand's dealer, a signed-in caller with exactly these keys), with unique
// names and valid documents. Each file passes its own seed, so its documents repeat run after run.

type Db = TestPortal['database']['db'];

export interface KitOptions {
  /** Seed of the file's CPFs and CNPJs. */
  seed: number;
  /** Domain of the e-mails the kit makes, e.g. 'usuarios.test'. */
  domain: string;
  /** Prefix of the e-mails' local part [u]. */
  local?: string;
}

export interface DealerOf {
  marcaIds?: number[];
  grupoIds?: number[];
  active?: boolean;
  nome?: string;
  razaoSocial?: string;
  codigos?: string[];
  extra?: Partial<typeof s.dealers.$inferInsert>;
}

export interface UsuarioOf {
  tipo: TipoUsuario;
  /** The user's brand (or brands). */
  marca?: number | number[];
  /** The user's dealer (or dealers); a DEALER_GRUPO user with a brand and `dealer` left out gets a new dealer of that brand (`dealer: []` for none). */
  dealer?: number | number[];
  nome?: string;
  idioma?: Idioma;
  cpf?: boolean;
  active?: boolean;
  ativacaoEspecial?: boolean;
  funcionalidades?: readonly FunctionKey[];
  grupoIds?: number[];
  tipoAcessoIds?: number[];
  /** A position at each dealer (spec section 5: a dealer-group user has one at each of their dealers). */
  cargo?: { cargoId: number; departamentoId?: number | null; dataInicio?: string };
}

const list = (v: number | number[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The kit of a test file: call `start()` in its beforeAll; the portal closes after the file. */
export function seedKit(options: KitOptions) {
  const random = seededRandom(options.seed);
  let seq = 0;
  let setor: { id: number; divisaoId: number } | undefined;
  const kit = {
    portal: undefined as unknown as TestPortal,
    db: undefined as unknown as Db,
    /** The provider-staff demo user's token. */
    staff: '',
    /** The provider-staff demo user's id. */
    staffId: 0,
    random,
    /** How many unique names the kit has made so far. */
    seq: () => seq,
    /** `prefix seq digits`: unique within the run. */
    unique: (prefix: string) => `${prefix} ${++seq} ${random.digits(4)}`,
    email: () => `${kit.unique(options.local ?? 'u').replace(/\s/g, '.')}@${options.domain}`.toLowerCase(),
    cpf: () => cpfFrom(random),
    cnpj: () => cnpjFrom(random),
    /** The first error's field errors. */
    fields: fieldErrors,

    async start(env: Record<string, string> = {}) {
      kit.portal = await startPortal(env);
      kit.db = kit.portal.database.db;
      kit.staff = (await signIn(kit.portal, DEMO.super)).access_token;
      [{ id: kit.staffId }] = await kit.db
        .select({ id: s.usuarios.id })
        .from(s.usuarios)
        .where(eq(s.usuarios.email, DEMO.super));
      return kit;
    },

    /** Closes the portal (once; the kit also closes it after the file). */
    async close() {
      const portal = kit.portal as TestPortal | undefined;
      kit.portal = undefined as unknown as TestPortal;
      await portal?.close();
    },

    /** The first sector of the demo data, with its division (a dealer's required place). */
    async setor() {
      if (!setor)
        [setor] = await kit.db.select({ id: s.setores.id, divisaoId: s.setores.divisaoId }).from(s.setores).limit(1);
      return setor!;
    },

    marca: (nome = 'Marca') => createMarca(kit.db, kit.unique(nome)),

    /**
     * A user group by profile of every dealer-group user of brand `marcaId` (all its dealers), made
     * by `criadorId`, public unless told: the audience most announcement tests send to. Its id.
     */
    async rede(marcaId: number, criadorId: number, { publico = true, nome = 'Rede' } = {}) {
      const [g] = await kit.db
        .insert(s.gruposUsuarios)
        .values({ nome: kit.unique(nome), publico, criadorId, possuiPerfil: true, todosDealers: true })
        .returning({ id: s.gruposUsuarios.id });
      await kit.db.insert(s.grupoUsuariosMarcas).values({ grupoUsuariosId: g.id, marcaId });
      await kit.db.insert(s.grupoUsuariosTiposUsuario).values({ grupoUsuariosId: g.id, tipo: 'DEALER_GRUPO' });
      return g.id;
    },

    /**
     * A PDF of `donoId` in the library folder `pastaPaiId`, written straight to the tables (its
     * `arquivos` row, no bytes in the store, and its item): for tests of who sees or counts it.
     */
    async arquivoNaBiblioteca({
      nome,
      pastaPaiId,
      donoId,
      tamanho = 10,
      publico = false,
      createdAt,
    }: {
      nome: string;
      pastaPaiId: number;
      donoId: number;
      tamanho?: number;
      publico?: boolean;
      /** The item's creation (a report's period); now when not given. */
      createdAt?: Date;
    }) {
      const [arquivo] = await kit.db
        .insert(s.arquivos)
        .values({
          chave: `biblioteca/${kit.unique('k')}`,
          nome,
          tipoMime: 'application/pdf',
          tamanho,
          sha256: kit.unique('sha'),
          autorId: donoId,
        })
        .returning({ id: s.arquivos.id });
      const [item] = await kit.db
        .insert(s.bibliotecaItens)
        .values({
          nome,
          isPasta: false,
          pastaPaiId,
          arquivoId: arquivo!.id,
          proprietarioId: donoId,
          publico,
          ...(createdAt ? { createdAt } : {}),
        })
        .returning({ id: s.bibliotecaItens.id });
      return { arquivoId: arquivo!.id, itemId: item!.id };
    },

    grupo: (marcaIds: number[], { nome = 'Grupo', active = true } = {}) =>
      createGrupo(kit.db, kit.unique(nome), marcaIds, active),

    /** A dealer of these brands (and groups), in the demo's first sector. */
    async dealer({
      marcaIds = [],
      grupoIds = [],
      active,
      nome = 'Dealer',
      razaoSocial,
      codigos,
      extra,
    }: DealerOf = {}) {
      const { id: setorId, divisaoId } = await kit.setor();
      return createDealer(kit.db, {
        nomeExibicao: kit.unique(nome),
        razaoSocial: razaoSocial ?? 'Concessionária de Teste Ltda',
        cnpj: cnpjFrom(random),
        codigos: codigos ?? ['T1'],
        divisaoId,
        setorId,
        marcaIds,
        grupoIds,
        ...(active === undefined ? {} : { active }),
        ...extra,
      });
    },

    /** A user of type `tipo` in a brand (and its dealer): `kit.usuario({ tipo: 'DEALER_GRUPO', marca, dealer })`. */
    async usuario(u: UsuarioOf) {
      const marcaIds = list(u.marca);
      let dealerIds = list(u.dealer);
      if (u.tipo === 'DEALER_GRUPO' && u.dealer === undefined && marcaIds.length > 0) {
        dealerIds = [(await kit.dealer({ marcaIds })).id];
      }
      const usuario = await createUsuario(kit.db, {
        nome: u.nome ?? kit.unique('Usuário'),
        email: kit.email(),
        ...(u.cpf ? { cpf: cpfFrom(random) } : {}),
        tipo: u.tipo,
        ...(u.idioma ? { idioma: u.idioma } : {}),
        marcaIds,
        dealerIds,
        ...(u.grupoIds ? { grupoIds: u.grupoIds } : {}),
        ...(u.funcionalidades ? { funcionalidades: u.funcionalidades } : {}),
        ...(u.tipoAcessoIds ? { tipoAcessoIds: u.tipoAcessoIds } : {}),
        ...(u.active === undefined ? {} : { active: u.active }),
        ...(u.ativacaoEspecial === undefined ? {} : { ativacaoEspecial: u.ativacaoEspecial }),
      });
      if (u.cargo && dealerIds.length) {
        const { cargoId, departamentoId = null, dataInicio = '2026-01-05' } = u.cargo;
        await kit.db
          .insert(s.usuarioCargos)
          .values(
            dealerIds.map((dealerId) => ({ usuarioId: usuario.id, cargoId, dealerId, departamentoId, dataInicio })),
          );
      }
      return { ...usuario, dealerIds };
    },

    /** A new user of type `tipo` with exactly these brands, dealers and keys, signed in: `{ id, token }`. */
    caller: (u: Omit<UsuarioOf, 'cargo' | 'cpf' | 'active' | 'ativacaoEspecial'> & { nome?: string }) =>
      signInAsNew(kit.portal, {
        nome: u.nome ?? kit.unique('Chamador'),
        email: kit.email(),
        tipo: u.tipo,
        ...(u.idioma ? { idioma: u.idioma } : {}),
        marcaIds: list(u.marca),
        dealerIds: list(u.dealer),
        ...(u.grupoIds ? { grupoIds: u.grupoIds } : {}),
        ...(u.funcionalidades ? { funcionalidades: u.funcionalidades } : {}),
        ...(u.tipoAcessoIds ? { tipoAcessoIds: u.tipoAcessoIds } : {}),
      }),

    /** Reference records a user's form needs: two positions, a department, a dismissal reason (ids, and `nomes` as a sheet names them). */
    async referencias() {
      const [vendas, gerente] = await kit.db
        .insert(s.cargos)
        .values([{ nome: kit.unique('Vendedor') }, { nome: kit.unique('Gerente') }])
        .returning();
      const [comercial] = await kit.db
        .insert(s.departamentos)
        .values({ nome: kit.unique('Comercial'), sigla: 'COM' })
        .returning();
      const [pedido] = await kit.db
        .insert(s.desligamentos)
        .values({ motivo: kit.unique('Pedido') })
        .returning();
      return {
        cargoVendas: vendas.id,
        cargoGerente: gerente.id,
        departamento: comercial.id,
        desligamento: pedido.id,
        nomes: { cargoVendas: vendas.nome, cargoGerente: gerente.nome, departamento: comercial.nome },
      };
    },

    /** An access type of product `produtoId` whose default keys are `funcionalidadeIds`: `{ id, nome, padrao }` (padrao sorted). */
    async tipoAcesso(produtoId: number, funcionalidadeIds: number[], nome = 'Acesso') {
      const [tipo] = await kit.db
        .insert(s.tiposAcesso)
        .values({ nome: kit.unique(nome), produtoId })
        .returning();
      if (funcionalidadeIds.length)
        await kit.db
          .insert(s.tipoAcessoFuncionalidades)
          .values(funcionalidadeIds.map((funcionalidadeId) => ({ tipoAcessoId: tipo.id, funcionalidadeId })));
      return { id: tipo.id, nome: tipo.nome, padrao: [...funcionalidadeIds].sort((a, b) => a - b) };
    },
  };
  afterAll(() => kit.close());
  return kit;
}

export type Kit = ReturnType<typeof seedKit>;
