import { and, asc, count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditoria,
  cargos,
  dealers,
  departamentos,
  desligamentos,
  divisoes,
  marcas,
  redesSociais,
  setores,
  usuarioCargos,
  usuarios,
} from '../../server/db/schema';
import { DEMO, errorCode, gql, signIn, startPortal, versionOf, type GraphQLResponse, type TestPortal } from './portal';

let portal: TestPortal;
const token: Record<keyof typeof DEMO, string> = { super: '', montadora: '', dealer: '' };
/** Ids of seeded records the inputs refer to. */
const ref = { divisaoId: 0, outraDivisaoId: 0, marcaId: 0, outraMarcaId: 0, superId: 0 };

const db = () => portal.database.db;

beforeAll(async () => {
  portal = await startPortal();
  for (const who of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    token[who] = (await signIn(portal, DEMO[who])).access_token;
  }
  const divisao = async (nome: string) => (await db().select().from(divisoes).where(eq(divisoes.nome, nome)))[0];
  const marca = async (nome: string) => (await db().select().from(marcas).where(eq(marcas.nome, nome)))[0];
  const [vendas, posVenda] = [await divisao('Vendas'), await divisao('Pós-venda')];
  const [aurora, boreal] = [await marca('Aurora Motors'), await marca('Boreal Caminhões')];
  const [superUser] = await db().select().from(usuarios).where(eq(usuarios.email, DEMO.super));
  Object.assign(ref, {
    divisaoId: posVenda.id,
    outraDivisaoId: vendas.id,
    marcaId: aurora.id,
    outraMarcaId: boreal.id,
    superId: superUser.id,
  });
});
afterAll(() => portal?.close());

async function rowsOf(table: PgTable) {
  const [{ n }] = await db().select({ n: count() }).from(table);
  return n;
}

/** The row's version, or null once it is gone. */
async function versionOrNull(table: PgTable, id: number | string): Promise<number | null> {
  const versioned = table as PgTable & { id: PgColumn; version: PgColumn };
  const [row] = await db()
    .select({ version: versioned.version })
    .from(versioned)
    .where(eq(versioned.id, Number(id)));
  return row ? (row.version as number) : null;
}

async function auditOf(tipo: string, registroId?: number | string) {
  return db()
    .select()
    .from(auditoria)
    .where(
      registroId === undefined
        ? eq(auditoria.tipo, tipo)
        : and(eq(auditoria.tipo, tipo), eq(auditoria.registroId, String(registroId))),
    )
    .orderBy(asc(auditoria.id));
}

type Fields = Record<string, unknown>;
const fieldErrors = (response: GraphQLResponse) => response.errors?.[0]?.extensions?.fieldErrors ?? {};

interface Entity {
  tipo: string;
  mutation: string;
  arg: string;
  inputType: string;
  fields: string;
  table: PgTable;
  create(): Fields;
  update(): Fields;
  /** What the API answers after update, for the changed fields. */
  updated(): Fields;
  invalid: { input(): Fields; errors: Record<string, string> };
  /** A seeded name (other case) for tables whose name is unique. */
  duplicate?: () => Fields;
  remove?: {
    mutation: string;
    /** Makes a record in use and returns its id. */
    used(): Promise<number>;
  };
}

const REQUIRED = 'Campo obrigatório';

const ENTITIES: Record<string, Entity> = {
  marca: {
    tipo: 'MARCA',
    mutation: 'salvarMarca',
    arg: 'marca',
    inputType: 'MarcaInput',
    fields: 'id nome descricao facebookId active',
    table: marcas,
    create: () => ({ nome: '  Delta Motos ', descricao: 'Motos', facebookId: '' }),
    update: () => ({ nome: 'Delta Motocicletas', descricao: 'Motos', facebookId: 'delta' }),
    updated: () => ({ nome: 'Delta Motocicletas', descricao: 'Motos', facebookId: 'delta', active: true }),
    invalid: {
      input: () => ({ nome: '', descricao: 'x'.repeat(501) }),
      errors: { nome: REQUIRED, descricao: 'Deve ter no máximo 500 caracteres' },
    },
    duplicate: () => ({ nome: 'aurora motors' }),
  },
  cargo: {
    tipo: 'CARGO',
    mutation: 'salvarCargo',
    arg: 'cargo',
    inputType: 'CargoInput',
    fields: 'id nome',
    table: cargos,
    create: () => ({ nome: 'Gerente de pós-venda' }),
    update: () => ({ nome: 'Gerente de serviços' }),
    updated: () => ({ nome: 'Gerente de serviços' }),
    invalid: { input: () => ({ nome: '   ' }), errors: { nome: REQUIRED } },
    duplicate: () => ({ nome: 'VENDEDOR' }),
    remove: {
      mutation: 'excluirCargo',
      async used() {
        const [cargo] = await db().select().from(cargos).where(eq(cargos.nome, 'Diretor'));
        const [dealer] = await db().select().from(dealers).limit(1);
        await db()
          .insert(usuarioCargos)
          .values({ usuarioId: ref.superId, cargoId: cargo.id, dealerId: dealer.id, dataInicio: '2024-01-01' });
        return cargo.id;
      },
    },
  },
  departamento: {
    tipo: 'DEPARTAMENTO',
    mutation: 'salvarDepartamento',
    arg: 'departamento',
    inputType: 'DepartamentoInput',
    fields: 'id nome sigla assinatura',
    table: departamentos,
    create: () => ({ nome: 'Financeiro', sigla: 'FIN', assinatura: 'Equipe Financeira' }),
    update: () => ({ nome: 'Financeiro', sigla: 'FINA', assinatura: '' }),
    updated: () => ({ nome: 'Financeiro', sigla: 'FINA', assinatura: null }),
    invalid: {
      input: () => ({ nome: 'Jurídico', sigla: 'JURIDICO-LONGA' }),
      errors: { sigla: 'Deve ter no máximo 10 caracteres' },
    },
    remove: {
      mutation: 'excluirDepartamento',
      async used() {
        const [departamento] = await db().select().from(departamentos).where(eq(departamentos.sigla, 'MKT'));
        const [cargo] = await db().select().from(cargos).where(eq(cargos.nome, 'Vendedor'));
        const [dealer] = await db().select().from(dealers).limit(1);
        await db().insert(usuarioCargos).values({
          usuarioId: ref.superId,
          cargoId: cargo.id,
          dealerId: dealer.id,
          departamentoId: departamento.id,
          dataInicio: '2024-01-01',
        });
        return departamento.id;
      },
    },
  },
  divisao: {
    tipo: 'DIVISAO',
    mutation: 'salvarDivisao',
    arg: 'divisao',
    inputType: 'DivisaoInput',
    fields: 'id nome',
    table: divisoes,
    create: () => ({ nome: 'Frotas' }),
    update: () => ({ nome: 'Vendas diretas' }),
    updated: () => ({ nome: 'Vendas diretas' }),
    invalid: { input: () => ({ nome: '' }), errors: { nome: REQUIRED } },
    duplicate: () => ({ nome: ' vendas ' }),
    // Seeded sectors belong to the divisions.
    remove: { mutation: 'excluirDivisao', used: async () => ref.divisaoId },
  },
  setor: {
    tipo: 'SETOR',
    mutation: 'salvarSetor',
    arg: 'setor',
    inputType: 'SetorInput',
    fields: 'id nome divisaoId divisao { id nome }',
    table: setores,
    create: () => ({ nome: 'Funilaria', divisaoId: String(ref.divisaoId) }),
    update: () => ({ nome: 'Funilaria e pintura', divisaoId: String(ref.outraDivisaoId) }),
    updated: () => ({
      nome: 'Funilaria e pintura',
      divisaoId: String(ref.outraDivisaoId),
      divisao: { id: String(ref.outraDivisaoId), nome: 'Vendas' },
    }),
    invalid: {
      input: () => ({ nome: 'Funilaria', divisaoId: '999999' }),
      errors: { divisaoId: 'Opção inválida' },
    },
    remove: {
      mutation: 'excluirSetor',
      async used() {
        const [dealer] = await db().select().from(dealers).limit(1);
        return dealer.setorId!;
      },
    },
  },
  desligamento: {
    tipo: 'DESLIGAMENTO',
    mutation: 'salvarDesligamento',
    arg: 'desligamento',
    inputType: 'DesligamentoInput',
    fields: 'id motivo',
    table: desligamentos,
    create: () => ({ motivo: 'Justa causa' }),
    update: () => ({ motivo: 'Dispensa por justa causa' }),
    updated: () => ({ motivo: 'Dispensa por justa causa' }),
    invalid: { input: () => ({ motivo: '' }), errors: { motivo: REQUIRED } },
    remove: {
      mutation: 'excluirDesligamento',
      async used() {
        const [motivo] = await db().select().from(desligamentos).where(eq(desligamentos.motivo, 'Aposentadoria'));
        await db().update(usuarios).set({ desligamentoId: motivo.id }).where(eq(usuarios.email, DEMO.dealer));
        return motivo.id;
      },
    },
  },
  redeSocial: {
    tipo: 'REDE_SOCIAL',
    mutation: 'salvarRedeSocial',
    arg: 'redeSocial',
    inputType: 'RedeSocialInput',
    fields: 'id nome url icone marcaId marca { id nome }',
    table: redesSociais,
    create: () => ({
      marcaId: String(ref.marcaId),
      nome: 'YouTube',
      url: 'https://youtube.com/aurora',
      icone: 'fab|youtube',
    }),
    update: () => ({
      marcaId: String(ref.outraMarcaId),
      nome: 'YouTube',
      url: 'https://youtube.com/boreal',
      icone: 'fab|youtube',
    }),
    updated: () => ({
      marcaId: String(ref.outraMarcaId),
      marca: { id: String(ref.outraMarcaId), nome: 'Boreal Caminhões' },
      url: 'https://youtube.com/boreal',
    }),
    invalid: {
      input: () => ({ marcaId: String(ref.marcaId), nome: 'X', url: 'javascript:alert(1)', icone: 'fab||x' }),
      errors: { url: 'URL inválida', icone: 'Use o formato pacote|nome, por exemplo fab|facebook' },
    },
  },
};

function save(entity: Entity, input: Fields, who: keyof typeof DEMO = 'super') {
  return gql<Record<string, Fields>>(
    portal,
    `mutation($input: ${entity.inputType}!) { result: ${entity.mutation}(${entity.arg}: $input) { ${entity.fields} } }`,
    { input },
    token[who],
  );
}

for (const [name, entity] of Object.entries(ENTITIES)) {
  describe(`${entity.mutation} (${name})`, () => {
    let id = '';

    it('creates the record for the provider staff and audits the creation', async () => {
      const before = await rowsOf(entity.table);
      const response = await save(entity, entity.create());
      expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
      const created = response.data!.result;
      id = String(created.id);
      expect(await rowsOf(entity.table)).toBe(before + 1);
      const [audit] = await auditOf(entity.tipo, id);
      expect(audit).toMatchObject({ alteracao: 'CRIACAO', autorId: ref.superId, valorAnterior: null });
      // Inputs are stored trimmed, and empty optional texts as null.
      for (const [key, value] of Object.entries(entity.create())) {
        const expected = typeof value === 'string' ? value.trim() || null : value;
        expect(created[key], key).toEqual(expected);
        expect((audit.valorNovo as Fields)[key], key).toEqual(key.endsWith('Id') && value ? Number(value) : expected);
      }
    });

    it('updates the record and audits only the changed fields', async () => {
      const response = await save(entity, { id, version: await versionOf(db(), entity.table, id), ...entity.update() });
      expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
      expect(response.data!.result).toMatchObject({ id, ...entity.updated() });
      const audits = await auditOf(entity.tipo, id);
      expect(audits.map((a) => a.alteracao)).toEqual(['CRIACAO', 'ALTERACAO']);
      const changed = audits[1].valorNovo as Fields;
      const unchanged = Object.entries(entity.create()).filter(([key, value]) => entity.update()[key] === value);
      for (const [key] of unchanged) expect(changed, key).not.toHaveProperty(key);
      expect(Object.keys(changed).length).toBeGreaterThan(0);
      // Saving the same values again changes nothing and records nothing.
      const again = await save(entity, { id, version: await versionOf(db(), entity.table, id), ...entity.update() });
      expect(again.errors).toBeUndefined();
      expect(await auditOf(entity.tipo, id)).toHaveLength(2);
    });

    it('refuses the manufacturer and the dealer users, changing nothing', async () => {
      const before = await rowsOf(entity.table);
      const audits = (await auditOf(entity.tipo)).length;
      for (const who of ['montadora', 'dealer'] as const) {
        const response = await save(entity, entity.create(), who);
        expect(errorCode(response)).toBe('FORBIDDEN');
        expect(response.data).toBeNull();
      }
      expect(await rowsOf(entity.table)).toBe(before);
      expect(await auditOf(entity.tipo)).toHaveLength(audits);
    });

    it('refuses invalid input with translated field errors, changing nothing', async () => {
      const before = await rowsOf(entity.table);
      const audits = (await auditOf(entity.tipo)).length;
      const response = await save(entity, entity.invalid.input());
      expect(errorCode(response)).toBe('BAD_USER_INPUT');
      expect(fieldErrors(response)).toMatchObject(entity.invalid.errors);
      // An update with invalid input leaves the record as it was.
      const update = await save(entity, { id, ...entity.invalid.input() });
      expect(errorCode(update)).toBe('BAD_USER_INPUT');
      expect(await rowsOf(entity.table)).toBe(before);
      expect(await auditOf(entity.tipo)).toHaveLength(audits);
    });

    it('answers NOT_FOUND for an unknown id', async () => {
      const response = await save(entity, { id: '999999', ...entity.create() });
      expect(errorCode(response)).toBe('NOT_FOUND');
    });

    if (entity.duplicate) {
      const duplicate = entity.duplicate;
      it('refuses a name already in use (ignoring case and spaces) as a field error', async () => {
        const before = await rowsOf(entity.table);
        const response = await save(entity, { ...entity.create(), ...duplicate() });
        expect(errorCode(response)).toBe('BAD_USER_INPUT');
        expect(fieldErrors(response)).toEqual({ nome: 'Já existe um registro com este nome' });
        // Renaming an existing record onto another's name is refused too; keeping its own name is not.
        const rename = await save(entity, {
          id,
          version: await versionOf(db(), entity.table, id),
          ...entity.update(),
          ...duplicate(),
        });
        expect(fieldErrors(rename)).toEqual({ nome: 'Já existe um registro com este nome' });
        const own = await save(entity, { id, version: await versionOf(db(), entity.table, id), ...entity.update() });
        expect(own.errors).toBeUndefined();
        expect(await rowsOf(entity.table)).toBe(before);
      });
    }

    if (entity.remove) {
      const removal = entity.remove;
      // The version the caller read (the row's, or 1 for a row already gone); null sends none.
      const excluir = async (recordId: number | string, who: keyof typeof DEMO = 'super', version?: number | null) =>
        gql<{ result: boolean }>(
          portal,
          `mutation($id: ID!, $version: Int) { result: ${removal.mutation}(id: $id, version: $version) }`,
          {
            id: String(recordId),
            version: version !== undefined ? version : ((await versionOrNull(entity.table, recordId)) ?? 1),
          },
          token[who],
        );

      it(`${removal.mutation} without the version read, or with a stale one, removes nothing`, async () => {
        const before = await rowsOf(entity.table);
        const missing = await excluir(id, 'super', null);
        expect(errorCode(missing)).toBe('BAD_USER_INPUT');
        expect(missing.errors![0].extensions!.fieldErrors).toMatchObject({ version: expect.any(String) });
        const current = (await versionOrNull(entity.table, id))!;
        expect(errorCode(await excluir(id, 'super', current - 1))).toBe('CONFLICT');
        expect(await rowsOf(entity.table)).toBe(before);
        expect((await auditOf(entity.tipo, id)).filter((a) => a.alteracao === 'EXCLUSAO')).toHaveLength(0);
      });

      it(`${removal.mutation} refuses a record in use with a translated error`, async () => {
        const usedId = await removal.used();
        const before = await rowsOf(entity.table);
        const response = await excluir(usedId);
        expect(errorCode(response)).toBe('BAD_USER_INPUT');
        expect(response.errors![0].message).toBe('Este registro está em uso e não pode ser excluído');
        expect(await rowsOf(entity.table)).toBe(before);
        expect((await auditOf(entity.tipo, usedId)).filter((a) => a.alteracao === 'EXCLUSAO')).toHaveLength(0);
      });

      it(`${removal.mutation} is refused to other users and removes an unused record with an audit`, async () => {
        const before = await rowsOf(entity.table);
        for (const who of ['montadora', 'dealer'] as const) {
          expect(errorCode(await excluir(id, who))).toBe('FORBIDDEN');
        }
        expect(await rowsOf(entity.table)).toBe(before);
        const response = await excluir(id);
        expect(response.errors, JSON.stringify(response.errors)).toBeUndefined();
        expect(response.data!.result).toBe(true);
        expect(await rowsOf(entity.table)).toBe(before - 1);
        const audits = await auditOf(entity.tipo, id);
        expect(audits.at(-1)).toMatchObject({ alteracao: 'EXCLUSAO', valorNovo: null, autorId: ref.superId });
        // The audit holds the stored values: ids are numbers there.
        const stored = Object.entries(entity.updated())
          .filter(([, v]) => v === null || typeof v !== 'object')
          .map(([k, v]) => [k, k.endsWith('Id') ? Number(v) : v]);
        expect(audits.at(-1)!.valorAnterior).toMatchObject(Object.fromEntries(stored));
        expect(errorCode(await excluir(id))).toBe('NOT_FOUND');
      });
    }
  });
}

describe('excluirRedeSocial', () => {
  it('removes a social network (nothing refers to one)', async () => {
    const [rede] = await db().select().from(redesSociais).limit(1);
    const response = await gql(
      portal,
      'mutation($id: ID!, $version: Int) { excluirRedeSocial(id: $id, version: $version) }',
      { id: String(rede.id), version: rede.version },
      token.super,
    );
    expect(response.errors).toBeUndefined();
    expect(await db().select().from(redesSociais).where(eq(redesSociais.id, rede.id))).toHaveLength(0);
    expect((await auditOf('REDE_SOCIAL', rede.id)).map((a) => a.alteracao)).toEqual(['EXCLUSAO']);
  });
});

describe('ativarMarca / inativarMarca', () => {
  const call = (op: string, id: number, who: keyof typeof DEMO = 'super') =>
    gql<Record<string, { id: string; active: boolean }>>(
      portal,
      `mutation($id: ID!) { result: ${op}(id: $id) { id active } }`,
      { id: String(id) },
      token[who],
    );

  it('inactivates and activates a brand, auditing each change once', async () => {
    const [marca] = await db().select().from(marcas).where(eq(marcas.nome, 'Cometa Veículos'));
    expect((await call('inativarMarca', marca.id)).data!.result.active).toBe(false);
    // Inactivating an inactive brand changes nothing.
    expect((await call('inativarMarca', marca.id)).data!.result.active).toBe(false);
    const [stored] = await db().select().from(marcas).where(eq(marcas.id, marca.id));
    expect(stored.active).toBe(false);
    expect((await call('ativarMarca', marca.id)).data!.result.active).toBe(true);
    const audits = await auditOf('MARCA', marca.id);
    expect(audits.map((a) => [a.alteracao, a.valorAnterior, a.valorNovo])).toEqual([
      ['INATIVACAO', { active: true }, { active: false }],
      ['ATIVACAO', { active: false }, { active: true }],
    ]);
  });

  it('is refused to the manufacturer and the dealer users', async () => {
    const [marca] = await db().select().from(marcas).where(eq(marcas.nome, 'Boreal Caminhões'));
    for (const who of ['montadora', 'dealer'] as const) {
      const response = await call('inativarMarca', marca.id, who);
      expect(errorCode(response)).toBe('FORBIDDEN');
      // The message is in the caller's language (the dealer's is Spanish).
      if (who === 'dealer') expect(response.errors![0].message).toMatch(/permiso/);
    }
    const [stored] = await db().select().from(marcas).where(eq(marcas.id, marca.id));
    expect(stored.active).toBe(true);
  });

  it('answers NOT_FOUND for an unknown brand and BAD_USER_INPUT for a malformed id', async () => {
    expect(errorCode(await call('ativarMarca', 999999))).toBe('NOT_FOUND');
    const response = await gql(portal, 'mutation { inativarMarca(id: "abc") { id } }', {}, token.super);
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
  });
});

describe('reference lists', () => {
  it('are read by any signed-in user, in name order', async () => {
    const response = await gql<{
      marcas: { nome: string; active: boolean }[];
      divisoes: { nome: string }[];
      setores: { nome: string; divisao: { nome: string } }[];
      cargos: { nome: string }[];
      departamentos: { sigla: string }[];
      desligamentos: { motivo: string }[];
    }>(
      portal,
      `{ marcas { id nome active } divisoes { id nome } setores { id nome divisaoId divisao { id nome } }
         cargos(cargosPrincipais: true) { id nome } departamentos { id nome sigla assinatura } desligamentos { id motivo } }`,
      {},
      token.dealer,
    );
    expect(response.errors).toBeUndefined();
    const data = response.data!;
    const names = data.marcas.map((m) => m.nome);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['Aurora Motors', 'Boreal Caminhões', 'Cometa Veículos']));
    expect(data.setores).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ nome: 'Peças', divisao: expect.objectContaining({ nome: 'Pós-venda' }) }),
      ]),
    );
    expect(data.cargos.map((c) => c.nome)).toEqual(expect.arrayContaining(['Diretor', 'Vendedor']));
    expect(data.departamentos.map((d) => d.sigla)).toEqual(expect.arrayContaining(['COM', 'PV', 'MKT']));
    expect(data.desligamentos.length).toBeGreaterThanOrEqual(3);
  });

  it('redesSociais lists one brand’s networks, or all of them', async () => {
    const all = await gql<{ redesSociais: { marca: { id: string } }[] }>(
      portal,
      '{ redesSociais { id nome url icone marca { id nome } } }',
      {},
      token.montadora,
    );
    const one = await gql<{ redesSociais: { marca: { id: string } }[] }>(
      portal,
      'query($marca: ID) { redesSociais(marca: $marca) { id marca { id } } }',
      { marca: String(ref.marcaId) },
      token.montadora,
    );
    expect(all.errors).toBeUndefined();
    expect(one.data!.redesSociais.length).toBeGreaterThan(0);
    expect(one.data!.redesSociais.every((r) => r.marca.id === String(ref.marcaId))).toBe(true);
    expect(all.data!.redesSociais.length).toBeGreaterThan(one.data!.redesSociais.length);
  });

  it('are refused without sign-in', async () => {
    expect(errorCode(await gql(portal, '{ marcas { id } }'))).toBe('UNAUTHENTICATED');
  });
});

describe('export of the reference lists', () => {
  const exportar = (lista: string, filtro: Record<string, unknown>, who: keyof typeof DEMO = 'super') =>
    fetch(`${portal.url}/api/exportar/${lista}?formato=csv&filtro=${encodeURIComponent(JSON.stringify(filtro))}`, {
      headers: { authorization: `Bearer ${token[who]}` },
    });

  it('writes the filtered list as CSV, searching ignoring case and accents', async () => {
    const response = await exportar('setores', { busca: 'POS-VENDA', sort: { field: 'nome', order: 'DESC' } });
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Nome;Divisão');
    // Every sector of the Pós-venda division (found by its name), names in descending order.
    const nomes = lines.slice(1).map((line) => line.split(';')[0]);
    expect(nomes).toEqual(expect.arrayContaining(['Peças', 'Oficina']));
    expect(nomes).toEqual([...nomes].sort((a, b) => b.localeCompare(a, 'pt-BR')));
    expect(lines.slice(1).every((line) => line.endsWith(';Pós-venda'))).toBe(true);
  });

  it('applies the list filters (a brand’s networks, active brands)', async () => {
    const redes = await (await exportar('redesSociais', { marcaId: String(ref.outraMarcaId) })).text();
    expect(redes).toContain('Boreal Caminhões');
    expect(redes).not.toContain('Aurora Motors');
    const ativas = await (await exportar('marcas', { active: true })).text();
    expect(ativas).toContain('Aurora Motors');
    expect(ativas.split(/\r?\n/).filter((line) => line.endsWith(',Inativo'))).toEqual([]);
  });

  it('is refused to users who do not maintain the lists', async () => {
    expect((await exportar('cargos', {}, 'montadora')).status).toBe(403);
    expect((await exportar('cargos', { sort: { field: 'senha', order: 'ASC' } })).status).toBe(400);
  });
});
