import { FUNCTION_KEYS } from '../../domain/enums';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, onboardingVistos, usuarios } from '../../server/db/schema';
import { DEMO, errorCode, gql, signIn, startPortal, type TestPortal } from './portal';

let portal: TestPortal;
const token: Record<keyof typeof DEMO, string> = { super: '', montadora: '', dealer: '' };

beforeAll(async () => {
  portal = await startPortal();
  for (const who of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    token[who] = (await signIn(portal, DEMO[who])).access_token;
  }
});
afterAll(() => portal?.close());

const USUARIO_LOGADO = `{ usuarioLogado {
  id nome email avatarLink tipo { id } idioma { id }
  marcas { id nome } funcionalidades { id chave } tiposUsuarios
  produtos { id nome URI tiposAcesso { id nome } }
  dealers { id nomeExibicao active grupo { id nome } }
} }`;

interface MenuCategory {
  id: string;
  title: string;
  items: { id: string; path: string; title: string }[];
}

async function menuOf(who: keyof typeof DEMO) {
  const response = await gql<{ menuUsuarioLogado: { menus: string; locales: unknown; title: string } }>(
    portal,
    '{ menuUsuarioLogado { title theme locales { id description } menus linkHelpTec linkAcademia } }',
    {},
    token[who],
  );
  expect(response.errors).toBeUndefined();
  return JSON.parse(response.data!.menuUsuarioLogado.menus) as MenuCategory[];
}

const paths = (menu: MenuCategory[]) => menu.flatMap((c) => c.items.map((i) => i.path));

describe('usuarioLogado', () => {
  it("returns the provider user's type, every function key and all brands", async () => {
    const { data } = await gql<{ usuarioLogado: Record<string, unknown> }>(portal, USUARIO_LOGADO, {}, token.super);
    const me = data!.usuarioLogado as {
      tipo: { id: string };
      funcionalidades: { chave: string }[];
      marcas: unknown[];
      tiposUsuarios: string[];
      produtos: { nome: string }[];
    };
    expect(me.tipo.id).toBe('TECSINAPSE');
    // Every portal function key, and the default features of the products' Completo access types.
    expect(me.funcionalidades.map((f) => f.chave).sort()).toEqual(
      [...FUNCTION_KEYS, 'GARANTIA_ANALISE', 'GARANTIA_CONSULTA', 'PECAS_CONSULTA', 'PECAS_PEDIDO'].sort(),
    );
    expect(me.marcas).toHaveLength(3);
    expect(me.tiposUsuarios).toEqual(['TECSINAPSE', 'MONTADORA', 'DEALER_GRUPO']);
    expect(me.produtos.map((p) => p.nome).sort()).toEqual(['Garantia', 'Peças', 'Portal']);
  });

  it("returns the dealer user's language, dealers with their group and no admin keys", async () => {
    const { data } = await gql<{ usuarioLogado: Record<string, unknown> }>(portal, USUARIO_LOGADO, {}, token.dealer);
    const me = data!.usuarioLogado as {
      idioma: { id: string };
      funcionalidades: { chave: string }[];
      dealers: { grupo: { nome: string } }[];
      tiposUsuarios: string[];
    };
    expect(me.idioma.id).toBe('ES');
    // No portal function key: only the default feature of the Peças access type the user holds.
    expect(me.funcionalidades.map((f) => f.chave)).toEqual(['PECAS_CONSULTA']);
    expect(me.dealers).toHaveLength(2);
    expect(me.dealers[0].grupo.nome).toMatch(/^Grupo /);
    expect(me.tiposUsuarios).toEqual(['DEALER_GRUPO']);
  });

  it('lists the active user groups the user is a recipient of now, and only those', async () => {
    const ids = async (who: keyof typeof DEMO) => {
      const response = await gql<{ usuarioLogado: { gruposUsuarios: { id: string; nome: string }[] } }>(
        portal,
        '{ usuarioLogado { gruposUsuarios { id nome } } }',
        {},
        token[who],
      );
      expect(response.errors).toBeUndefined();
      return response.data!.usuarioLogado.gruposUsuarios.map((g) => g.nome);
    };
    const [montadora] = await portal.database.db.select().from(usuarios).where(eq(usuarios.email, DEMO.montadora));
    const save = async (nome: string, active = true) => {
      const response = await gql<{ salvarGrupoUsuarios: { id: string } }>(
        portal,
        'mutation ($g: GrupoUsuariosInput!) { salvarGrupoUsuarios(grupoUsuarios: $g) { id } }',
        { g: { nome, active, possuiUsuariosManuais: true, usuarioManualIds: [montadora.id] } },
        token.super,
      );
      expect(response.errors).toBeUndefined();
    };
    await save('Logado: ativo');
    await save('Logado: inativo', false);
    expect(await ids('montadora')).toContain('Logado: ativo');
    expect(await ids('montadora')).not.toContain('Logado: inativo');
    expect(await ids('dealer')).not.toContain('Logado: ativo');
  });

  it('records the last access, used to inactivate long-unused accounts', async () => {
    const [row] = await portal.database.db.select().from(usuarios).where(eq(usuarios.email, DEMO.dealer));
    expect(row.ultimoAcesso).toBeInstanceOf(Date);
  });
});

describe('menuUsuarioLogado', () => {
  it('gives the provider user every menu entry, including the super-admin page', async () => {
    const menu = await menuOf('super');
    expect(paths(menu)).toEqual(
      expect.arrayContaining([
        '/home',
        '/superAdmin',
        '/dealers',
        '/grupos',
        '/usuarios',
        '/importarUsuarios',
        '/slides',
      ]),
    );
  });

  it('gives the manufacturer user its maintenance entries but not the super-admin page or import', async () => {
    const menu = await menuOf('montadora');
    expect(paths(menu)).toEqual(expect.arrayContaining(['/dealers', '/usuarios', '/gruposUsuarios', '/slides']));
    expect(paths(menu)).not.toContain('/superAdmin');
    expect(paths(menu)).not.toContain('/importarUsuarios');
    // The demo's built-in reports for managers, in their order; not the provider staff's imports.
    expect(menu.find((c) => c.id === 'relatorios')?.items.map((i) => [i.path, i.title])).toEqual([
      ['/relatorio/alcance-comunicados', 'Alcance dos comunicados'],
      ['/relatorio/usuarios', 'Usuários da rede'],
      ['/relatorio/uso-biblioteca', 'Uso da biblioteca'],
    ]);
  });

  it('gives the dealer user only the open entries, titled in Spanish', async () => {
    const menu = await menuOf('dealer');
    expect(paths(menu).sort()).toEqual(['/biblioteca', '/comunicados', '/home', '/notificacoes']);
    expect(menu.find((c) => c.id === 'comunicacao')?.title).toBe('Comunicación');
  });
});

describe('mudarLinguaUsuario', () => {
  const MUTATION =
    'mutation($id: ID!, $idioma: Idioma!) { mudarLinguaUsuario(id: $id, idioma: $idioma) { id nome idioma { id } } }';

  async function idOf(email: string) {
    const [row] = await portal.database.db.select().from(usuarios).where(eq(usuarios.email, email));
    return row.id;
  }

  it("changes the caller's own language and audits it", async () => {
    const id = await idOf(DEMO.montadora);
    const response = await gql<{ mudarLinguaUsuario: { idioma: { id: string } } }>(
      portal,
      MUTATION,
      { id, idioma: 'EN' },
      token.montadora,
    );
    expect(response.data?.mudarLinguaUsuario.idioma.id).toBe('EN');
    const [entry] = await portal.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.tipo, 'USUARIO'), eq(auditoria.registroId, String(id))))
      .orderBy(desc(auditoria.id));
    expect(entry).toMatchObject({ valorAnterior: { idioma: 'PT_BR' }, valorNovo: { idioma: 'EN' }, autorId: id });
    // The next call answers in the new language.
    const denied = await gql(portal, MUTATION, { id: await idOf(DEMO.super), idioma: 'ES' }, token.dealer);
    expect(denied.errors?.[0].message).toBe('Solo puede modificar su propio usuario.');
  });

  it("refuses another user's id, even to a user maintainer, answering nothing of that user", async () => {
    const superId = await idOf(DEMO.super);
    const dealerId = await idOf(DEMO.dealer);
    for (const [target, caller] of [
      [superId, token.dealer],
      [dealerId, token.super],
      [dealerId, token.montadora],
    ] as const) {
      const response = await gql(portal, MUTATION, { id: target, idioma: 'EN' }, caller);
      expect(errorCode(response)).toBe('FORBIDDEN');
      expect(response.data?.mudarLinguaUsuario ?? null).toBeNull();
      expect(JSON.stringify(response)).not.toMatch(/@portal\.test/);
    }
    const rows = await portal.database.db
      .select()
      .from(usuarios)
      .where(inArray(usuarios.id, [superId, dealerId]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.idioma]))).toEqual({ [superId]: 'PT_BR', [dealerId]: 'ES' });
  });

  it('answers bad input with BAD_USER_INPUT and a translated field error', async () => {
    const response = await gql(portal, MUTATION, { id: 'abc', idioma: 'PT_BR' }, token.super);
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
    expect(response.errors?.[0].extensions?.fieldErrors).toEqual({ id: 'Valor inválido' });
    const unknown = await gql(portal, MUTATION, { id: 999999, idioma: 'PT_BR' }, token.super);
    expect(errorCode(unknown)).toBe('FORBIDDEN');
  });
});

describe('onboarding', () => {
  it('is unseen until the user finishes it, per user and per tour', async () => {
    const seen = (who: keyof typeof DEMO, id: string) =>
      gql<{ currentUserOnboardingIsSeen: boolean }>(
        portal,
        'query($id: OnboardingId!) { currentUserOnboardingIsSeen(id: $id) }',
        { id },
        token[who],
      ).then((r) => r.data?.currentUserOnboardingIsSeen);
    expect(await seen('dealer', 'HOME')).toBe(false);
    const set = await gql(
      portal,
      'mutation($id: OnboardingId!) { setCurrentUserOnboardingSeen(id: $id) }',
      { id: 'HOME' },
      token.dealer,
    );
    expect(set.data).toEqual({ setCurrentUserOnboardingSeen: true });
    expect(await seen('dealer', 'HOME')).toBe(true);
    expect(await seen('dealer', 'GRUPO_USUARIO')).toBe(false);
    expect(await seen('super', 'HOME')).toBe(false);
  });

  it("comes back in usuarioLogado and writes only the caller's own row, once", async () => {
    const vistos = (who: keyof typeof DEMO) =>
      gql<{ usuarioLogado: { onboardingsVistos: string[] } }>(
        portal,
        '{ usuarioLogado { onboardingsVistos } }',
        {},
        token[who],
      ).then((r) => r.data!.usuarioLogado.onboardingsVistos);
    const rowsOf = async (email: string) => {
      const [{ id }] = await portal.database.db.select().from(usuarios).where(eq(usuarios.email, email));
      const rows = await portal.database.db.select().from(onboardingVistos).where(eq(onboardingVistos.usuarioId, id));
      return rows.map((row) => row.onboardingId).sort();
    };
    expect(await vistos('montadora')).toEqual([]);
    const before = await portal.database.db.select().from(onboardingVistos);
    const MUTATION = 'mutation($id: OnboardingId!) { setCurrentUserOnboardingSeen(id: $id) }';
    for (let i = 0; i < 2; i++) {
      const set = await gql(portal, MUTATION, { id: 'USUARIO_EDICAO' }, token.montadora);
      expect(set.data).toEqual({ setCurrentUserOnboardingSeen: true });
    }
    expect(await vistos('montadora')).toEqual(['USUARIO_EDICAO']);
    expect(await rowsOf(DEMO.montadora)).toEqual(['USUARIO_EDICAO']);
    // Nobody else's record changed.
    const after = await portal.database.db.select().from(onboardingVistos);
    expect(after).toHaveLength(before.length + 1);
    expect(await vistos('super')).not.toContain('USUARIO_EDICAO');

    const anonymous = await gql(portal, MUTATION, { id: 'HOME' });
    expect(anonymous.data?.setCurrentUserOnboardingSeen ?? null).toBeNull();
    expect(errorCode(anonymous)).toBe('UNAUTHENTICATED');
    const unknown = await gql(portal, MUTATION, { id: 'OUTRO' }, token.montadora);
    expect(unknown.errors).toBeDefined();
    expect(await portal.database.db.select().from(onboardingVistos)).toHaveLength(before.length + 1);
  });
});

describe('labels, properties and products', () => {
  it("returns server labels in the asked language, or in the caller's", async () => {
    const es = await gql<{ i18nLabels: { key: string; value: string }[] }>(
      portal,
      '{ i18nLabels(idioma: ES) { key value } }',
    );
    expect(es.data?.i18nLabels).toContainEqual({
      key: 'portal.welcomeNotice',
      value: '¡Bienvenido al nuevo portal de la red!',
    });
    const mine = await gql<{ i18nLabels: { value: string }[] }>(
      portal,
      '{ i18nLabels { key value } }',
      {},
      token.super,
    );
    expect(mine.data?.i18nLabels[0].value).toBe('Bem-vindo ao novo portal da rede!');
  });

  it('returns the user-type settings of the portal properties', async () => {
    const response = await gql(
      portal,
      '{ usuariosPortalProperties { tiposUsuarioDocumentoObrigatorio tiposUsuarioInformarCargo tiposUsuarioInformarGestao informarDepartamentoCargo } }',
      {},
      token.montadora,
    );
    expect(response.data).toEqual({
      usuariosPortalProperties: {
        tiposUsuarioDocumentoObrigatorio: ['DEALER_GRUPO', 'MONTADORA'],
        tiposUsuarioInformarCargo: ['DEALER_GRUPO'],
        tiposUsuarioInformarGestao: ['DEALER_GRUPO'],
        informarDepartamentoCargo: true,
      },
    });
  });

  it('lists products with access types, their default functions and the product functions', async () => {
    const response = await gql<{
      produtos: {
        nome: string;
        tiposAcesso: { nome: string; funcionalidadesPadrao: { chave: string }[] }[];
        funcionalidades: unknown[];
      }[];
    }>(
      portal,
      '{ produtos { id nome URI baseUriHomolog tiposAcesso { id nome funcionalidadesPadrao { chave } } funcionalidades { id chave nome } } }',
      {},
      token.dealer,
    );
    const portalProduct = response.data!.produtos.find((p) => p.nome === 'Portal')!;
    expect(portalProduct.funcionalidades).toHaveLength(17);
    const admin = portalProduct.tiposAcesso.find((t) => t.nome === 'Administrador')!;
    expect(admin.funcionalidadesPadrao).toHaveLength(17);
  });

  it("names the demo products' functions for people, not by their keys", async () => {
    const response = await gql<{ produtos: { nome: string; funcionalidades: { chave: string; nome: string }[] }[] }>(
      portal,
      '{ produtos { nome funcionalidades { chave nome } } }',
      {},
      token.dealer,
    );
    const names = (produto: string) =>
      response
        .data!.produtos.find((p) => p.nome === produto)!
        .funcionalidades.map((f) => [f.chave, f.nome])
        .sort();
    expect(names('Peças')).toEqual([
      ['PECAS_CONSULTA', 'Consulta de peças'],
      ['PECAS_PEDIDO', 'Pedido de peças'],
    ]);
    expect(names('Garantia')).toEqual([
      ['GARANTIA_ANALISE', 'Análise de garantia'],
      ['GARANTIA_CONSULTA', 'Consulta de garantia'],
    ]);
  });
});
