import { describe, expect, it } from 'vitest';
import type { AccessSubject } from './access';
import type { TipoUsuario } from './enums';
import { ALL_POLICIES, administra, allows, policies, refusalOf, TIPOS_ADMINISTRADOS, type Reach } from './policies';

/** Callers, each named by a letter in the expectations below. */
const SUBJECTS: Record<string, AccessSubject> = {
  // Provider staff without a single function key.
  S: { tipo: 'TECSINAPSE', funcionalidades: [] },
  // A manufacturer user who maintains dealers and groups.
  M: { tipo: 'MONTADORA', funcionalidades: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] },
  // A dealer-group user with the same key.
  D: { tipo: 'DEALER_GRUPO', funcionalidades: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] },
  // A manufacturer user without keys.
  R: { tipo: 'MONTADORA', funcionalidades: [] },
  // A dealer-group user who may look users up.
  V: { tipo: 'DEALER_GRUPO', funcionalidades: ['PORTAL_CONSULTA_VISUALIZACAO_USUARIOS'] },
};
const EVERYONE = 'DMRSV';

/**
 * Who passes each policy, written out by hand from spec sections 2 and 6 (not computed from the
 * policies): a new policy fails this test until it is added here.
 */
const EXPECTED: Record<string, string> = {
  'portal.use': EVERYONE,
  'relatorios.open': EVERYONE,
  'superAdmin.use': 'S',
  'produtos.audit': 'S',
  'marcas.setActive': 'S',
  'grupos.options': EVERYONE,
  'grupos.list': 'DMS',
  'grupos.create': 'MS',
  'grupos.edit': 'DMS',
  'grupos.setActive': 'DMS',
  'grupos.export': 'DMS',
  'grupos.audit': 'DMS',
  'dealers.list': 'DMS',
  'dealers.create': 'MS',
  'dealers.edit': 'DMS',
  'dealers.setActive': 'DMS',
  'dealers.export': 'DMS',
  'dealers.audit': 'DMS',
  'dealers.options': EVERYONE,
  'usuarios.list': 'SV',
  'usuarios.export': 'SV',
  'usuarios.create': 'S',
  'usuarios.edit': 'S',
  'usuarios.audit': 'S',
  'importarUsuarios.use': 'S',
  'importarUsuarios.relatorio': 'S',
  'usuarios.ativacaoEspecial': 'S',
  'ausencias.list': 'S',
  'ausencias.edit': 'S',
  'gruposUsuarios.list': 'S',
  'gruposUsuarios.create': 'S',
  'gruposUsuarios.createPublic': 'S',
  'gruposUsuarios.edit': 'S',
  'gruposUsuarios.setActive': 'S',
  'gruposUsuarios.audit': 'S',
  'gruposUsuarios.use': 'S',
  'gruposUsuarios.findUsers': 'S',
  'auditoria.open': 'DMS',
  'biblioteca.list': EVERYONE,
  'biblioteca.gerenciar': 'S',
  'comunicados.list': EVERYONE,
  'comunicados.read': EVERYONE,
  'comunicados.create': 'S',
  'comunicados.edit': 'S',
  'comunicados.show': 'S',
  'comunicados.dashboard': 'S',
  'slides.list': 'S',
  'slides.create': 'S',
  'slides.edit': 'S',
  'slides.audit': 'S',
  'anuncios.list': 'S',
  'anuncios.create': 'S',
  'anuncios.edit': 'S',
  'anuncios.audit': 'S',
  'notificacoes.list': EVERYONE,
  'dispositivosPush.list': EVERYONE,
  'dispositivosPush.create': EVERYONE,
  'dispositivosPush.delete': EVERYONE,
  'notificacoesGenericas.list': 'S',
  'notificacoesGenericas.create': 'S',
  'notificacoesGenericas.edit': 'S',
  'notificacoesGenericas.send': 'S',
  'notificacoesGenericas.modelo': 'S',
};
// Reference data: read by everyone as options, kept by the provider's staff.
for (const resource of ['marcas', 'cargos', 'departamentos', 'divisoes', 'setores', 'desligamentos', 'redesSociais']) {
  EXPECTED[`${resource}.options`] = EVERYONE;
  for (const action of ['list', 'create', 'edit', 'delete', 'export', 'audit']) EXPECTED[`${resource}.${action}`] = 'S';
}
// Report definitions: the provider's staff only, options too; opening a report is everyone's.
for (const action of ['options', 'list', 'create', 'edit', 'delete', 'export', 'audit']) {
  EXPECTED[`relatorios.${action}`] = 'S';
}

describe('the policies', () => {
  it('are exactly the actions expected, each named resource.action', () => {
    expect(ALL_POLICIES.map((p) => p.name).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const policy of ALL_POLICIES) {
      const [resource, action] = policy.name.split('.');
      expect((policies as Record<string, Record<string, unknown>>)[resource][action]).toBe(policy);
    }
  });

  it.each(Object.keys(SUBJECTS))('let caller %s take exactly the actions expected', (letter) => {
    const subject = SUBJECTS[letter];
    const allowed = ALL_POLICIES.filter((p) => allows(subject, p)).map((p) => p.name);
    const expected = Object.keys(EXPECTED).filter((name) => EXPECTED[name].includes(letter));
    expect(allowed.sort()).toEqual(expected.sort());
  });

  it('refuse an anonymous caller every action, as unauthenticated', () => {
    for (const policy of ALL_POLICIES) expect(refusalOf(null, policy)).toBe('errors.unauthenticated');
  });
});

describe('a write on one record of the dealer network', () => {
  const cases: [letter: string, reach: Reach, changesState: boolean, refusal: string | null][] = [
    ['S', 'owned', true, null],
    ['S', 'missing', false, 'errors.notFound'],
    ['M', 'owned', true, null],
    ['M', 'shared', false, null],
    ['M', 'shared', true, 'errors.sharedRecord'],
    ['M', 'outside', false, 'errors.outsideScope'],
    ['M', 'missing', false, 'errors.notFound'],
    ['D', 'owned', true, null],
    ['D', 'shared', false, 'errors.outsideScope'],
    ['D', 'outside', false, 'errors.outsideScope'],
    // The record rule never lets through a caller the action's rule refuses.
    ['R', 'owned', false, 'errors.forbidden'],
  ];

  it.each(cases)(
    'by %s on a %s record (changing its state: %s) is refused with %s',
    (letter, reach, changes, refusal) => {
      for (const policy of [policies.dealers.edit, policies.dealers.setActive, policies.grupos.edit]) {
        expect(refusalOf(SUBJECTS[letter], policy, { reach, changesState: changes })).toBe(refusal);
      }
    },
  );
});

describe("an action on a user's temporary absences", () => {
  it.each([
    ['owned', null],
    ['outside', 'errors.outsideScope'],
    ['missing', 'errors.notFound'],
  ] as const)('on a user %s the scope is refused with %s', (reach, refusal) => {
    expect(refusalOf(SUBJECTS.S, policies.ausencias.edit, { reach })).toBe(refusal);
  });

  it('never lets through a caller without the function', () => {
    expect(refusalOf(SUBJECTS.M, policies.ausencias.edit, { reach: 'owned' })).toBe('errors.forbidden');
  });
});

describe("a change to a user's record", () => {
  it.each([
    ['owned', true, null],
    ['shared', false, null],
    ['shared', true, 'errors.sharedUser'],
    ['outside', false, 'errors.outsideScope'],
    ['missing', false, 'errors.notFound'],
  ] as const)(
    'on a user the caller reaches as %s (changing their state: %s) is refused with %s',
    (reach, changes, refusal) => {
      for (const policy of [policies.usuarios.edit, policies.usuarios.ativacaoEspecial]) {
        expect(refusalOf(SUBJECTS.S, policy, { reach, changesState: changes })).toBe(refusal);
      }
    },
  );
});

describe('which user types a caller administers (the users record rule)', () => {
  const USER_KEYS = ['PORTAL_MANUTENCAO_USUARIOS', 'LIBERAR_ATIVACAO_ESPECIAL'];
  const callers: Record<TipoUsuario, AccessSubject> = {
    TECSINAPSE: { tipo: 'TECSINAPSE', funcionalidades: [] },
    MONTADORA: { tipo: 'MONTADORA', funcionalidades: USER_KEYS },
    DEALER_GRUPO: { tipo: 'DEALER_GRUPO', funcionalidades: USER_KEYS },
  };
  // Written out by hand: provider staff administer every type, a manufacturer its own and dealers,
  // a dealer-group user only dealer-group users.
  const cases: [caller: TipoUsuario, target: TipoUsuario, refusal: string | null][] = [
    ['TECSINAPSE', 'TECSINAPSE', null],
    ['TECSINAPSE', 'MONTADORA', null],
    ['TECSINAPSE', 'DEALER_GRUPO', null],
    ['MONTADORA', 'TECSINAPSE', 'errors.outsideScope'],
    ['MONTADORA', 'MONTADORA', null],
    ['MONTADORA', 'DEALER_GRUPO', null],
    ['DEALER_GRUPO', 'TECSINAPSE', 'errors.outsideScope'],
    ['DEALER_GRUPO', 'MONTADORA', 'errors.outsideScope'],
    ['DEALER_GRUPO', 'DEALER_GRUPO', null],
  ];

  it.each(cases)('a %s caller on a %s user is refused with %s', (caller, tipo, refusal) => {
    for (const policy of [policies.usuarios.create, policies.usuarios.edit, policies.usuarios.ativacaoEspecial]) {
      expect(refusalOf(callers[caller], policy, { reach: 'owned', tipo })).toBe(refusal);
    }
    expect(administra(callers[caller], tipo)).toBe(refusal === null);
  });

  it("judges the scope before the type, and the type before a shared user's state", () => {
    const montadora = callers.MONTADORA;
    expect(refusalOf(montadora, policies.usuarios.edit, { reach: 'missing', tipo: 'TECSINAPSE' })).toBe(
      'errors.notFound',
    );
    expect(
      refusalOf(montadora, policies.usuarios.edit, { reach: 'shared', tipo: 'TECSINAPSE', changesState: true }),
    ).toBe('errors.outsideScope');
    expect(
      refusalOf(montadora, policies.usuarios.edit, { reach: 'shared', tipo: 'DEALER_GRUPO', changesState: true }),
    ).toBe('errors.sharedUser');
  });

  it('lists, for usuarioLogado, exactly the types the rule lets through', () => {
    for (const caller of Object.values(callers)) {
      const allowed = (['TECSINAPSE', 'MONTADORA', 'DEALER_GRUPO'] as const).filter(
        (tipo) => refusalOf(caller, policies.usuarios.edit, { reach: 'owned', tipo }) === null,
      );
      expect([...TIPOS_ADMINISTRADOS[caller.tipo]].sort()).toEqual([...allowed].sort());
    }
  });
});

describe("an import's failed rows and report", () => {
  const importer = (tipo: TipoUsuario): AccessSubject => ({ tipo, funcionalidades: ['PORTAL_IMPORTACAO_USUARIOS'] });
  it.each([
    ['MONTADORA', 'owned', null],
    ['MONTADORA', 'outside', 'errors.notFound'],
    ['MONTADORA', 'missing', 'errors.notFound'],
    ['DEALER_GRUPO', 'owned', null],
    ['DEALER_GRUPO', 'outside', 'errors.notFound'],
    ['TECSINAPSE', 'owned', null],
    ['TECSINAPSE', 'outside', null],
    ['TECSINAPSE', 'missing', 'errors.notFound'],
  ] as const)('by a %s importer on an import %s theirs is refused with %s', (tipo, reach, refusal) => {
    expect(refusalOf(importer(tipo), policies.importarUsuarios.relatorio, { reach })).toBe(refusal);
  });

  it('never lets through a caller without the import function, even the author', () => {
    expect(refusalOf(SUBJECTS.M, policies.importarUsuarios.relatorio, { reach: 'owned' })).toBe('errors.forbidden');
  });
});

describe('a change to a user group', () => {
  it.each([
    ['owned', null],
    ['shared', 'errors.forbidden'],
    ['outside', 'errors.notFound'],
    ['missing', 'errors.notFound'],
  ] as const)('on a group the caller reaches as %s is refused with %s', (reach, refusal) => {
    expect(refusalOf(SUBJECTS.S, policies.gruposUsuarios.edit, { reach })).toBe(refusal);
    expect(refusalOf(SUBJECTS.S, policies.gruposUsuarios.setActive, { reach })).toBe(refusal);
  });
});
