import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { cpfFrom } from '../../server/db/seed/builders';
import { seededRandom } from '../../server/db/seed/random';
import { errosDoMotivo } from '../../server/features/importacaoUsuarios/erros';
import { startFakeKeycloak } from './fakeKeycloak';
import { DEMO, errorCode, gql, startPortal, type TestPortal } from './portal';

// Users saved in the portal when Keycloak is the identity provider (issue #13): the save creates or
// updates the account through Keycloak's admin API (a local stand-in here) inside the save's
// transaction, so a refusal there leaves nothing saved; activation enables or disables it.

let keycloak: Awaited<ReturnType<typeof startFakeKeycloak>>;
let portal: TestPortal;
let token: string;
let marca: number;
const random = seededRandom(4242);
let seq = 0;

beforeAll(async () => {
  keycloak = await startFakeKeycloak();
  portal = await startPortal({
    OIDC_ISSUER: `${keycloak.base}/realms/portal`,
    KEYCLOAK_ADMIN_URL: `${keycloak.base}/admin/realms/portal`,
    KEYCLOAK_ADMIN_CLIENT_ID: 'portal-admin',
    KEYCLOAK_ADMIN_SECRET: 's3cret',
  });
  token = await keycloak.token(DEMO.super);
  [{ id: marca }] = await portal.database.db.select({ id: s.marcas.id }).from(s.marcas).limit(1);
});
afterAll(async () => {
  await portal?.close();
  await keycloak?.close();
});

const SALVAR = `mutation($u: UsuarioInput!) { salvarUsuario(usuario: $u, cargos: [], infos: []) { id version active } }`;
const novo = () => {
  const n = ++seq;
  return {
    nome: `Keila Keycloak ${n}`,
    email: `keila.${n}.${random.digits(6)}@keycloak.test`,
    cpf: cpfFrom(random),
    tipo: 'MONTADORA',
    marcaIds: [marca],
  };
};
const accountOf = (email: string) => [...keycloak.users.values()].find((u) => u.email === email);
const usuarioOf = async (email: string) =>
  (await portal.database.db.select().from(s.usuarios).where(eq(s.usuarios.email, email)))[0];

describe('salvarUsuario with Keycloak as the identity provider', () => {
  it('creates the account, updates its name, disables and enables it with the user; no welcome e-mail', async () => {
    const input = novo();
    const created = await gql<{ salvarUsuario: { id: string; version: number } }>(portal, SALVAR, { u: input }, token);
    expect(created.errors).toBeUndefined();
    expect(accountOf(input.email)).toMatchObject({
      username: input.email,
      firstName: 'Keila',
      lastName: `Keycloak ${seq}`,
      enabled: true,
    });
    // Keycloak sends its own set-password e-mails: the portal's outbox has none for this user.
    const outbox = await portal.database.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.para, input.email));
    expect(outbox).toEqual([]);

    const { id, version } = created.data!.salvarUsuario;
    const renamed = await gql(portal, SALVAR, { u: { ...input, id, version, nome: 'Keila Renomeada' } }, token);
    expect(renamed.errors).toBeUndefined();
    expect(accountOf(input.email)).toMatchObject({ firstName: 'Keila', lastName: 'Renomeada', enabled: true });

    await gql(portal, 'mutation($id: ID!) { inativarUsuario(id: $id) { id } }', { id }, token);
    expect(accountOf(input.email)).toMatchObject({ enabled: false });
    await gql(portal, 'mutation($id: ID!) { ativarUsuario(id: $id) { id } }', { id }, token);
    expect(accountOf(input.email)).toMatchObject({ enabled: true });
  });

  it('saves nothing when Keycloak refuses the account, and says so in the caller language', async () => {
    const input = novo();
    keycloak.failWrites(true);
    try {
      const refused = await gql(portal, SALVAR, { u: input }, token);
      expect(errorCode(refused)).toBe('INTERNAL_SERVER_ERROR');
      expect(refused.errors![0].message).toBe(
        'Não foi possível atualizar a conta no provedor de identidade; nada foi salvo. Tente novamente.',
      );
      expect(await usuarioOf(input.email)).toBeUndefined();
      expect(accountOf(input.email)).toBeUndefined();
    } finally {
      keycloak.failWrites(false);
    }
    // Once Keycloak answers again, the same save goes through.
    expect((await gql(portal, SALVAR, { u: input }, token)).errors).toBeUndefined();
    expect(await usuarioOf(input.email)).toMatchObject({ nome: input.nome, active: true });
  });

  it('keeps the user active in the portal when Keycloak refuses the inactivation', async () => {
    const input = novo();
    const created = await gql<{ salvarUsuario: { id: string } }>(portal, SALVAR, { u: input }, token);
    keycloak.failWrites(true);
    try {
      const refused = await gql(
        portal,
        'mutation($id: ID!) { inativarUsuario(id: $id) { id } }',
        { id: created.data!.salvarUsuario.id },
        token,
      );
      expect(errorCode(refused)).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      keycloak.failWrites(false);
    }
    expect(await usuarioOf(input.email)).toMatchObject({ active: true });
    expect(accountOf(input.email)).toMatchObject({ enabled: true });
  });
});

describe('the bulk import with Keycloak as the identity provider', () => {
  /** A sheet of the template's columns (pt-BR) with these rows, uploaded; resolves when the job ends. */
  async function importar(rows: Record<string, string>[]) {
    const { default: ExcelJS } = await import('exceljs');
    const { cabecalhoModelo } = await import('../../server/features/importacaoUsuarios/modelo');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Usuários');
    const header = cabecalhoModelo('PT_BR');
    sheet.addRow(header);
    for (const row of rows) sheet.addRow(header.map((h) => row[h] ?? null));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await workbook.xlsx.writeBuffer())]), `kc-${++seq}.xlsx`);
    const sent = await fetch(`${portal.url}/import/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    for (;;) {
      const [imp] = await portal.database.db
        .select()
        .from(s.importacoes)
        .where(eq(s.importacoes.id, Number(id)));
      if (imp.status === 'FINISHED' || imp.status === 'ERROR') return imp;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const linha = async () => {
    const input = novo();
    const [m] = await portal.database.db.select({ nome: s.marcas.nome }).from(s.marcas).where(eq(s.marcas.id, marca));
    return { Nome: input.nome, 'E-mail': input.email, CPF: input.cpf, 'Tipo de usuário': 'MONTADORA', Marcas: m.nome };
  };

  it('creates or updates each account as a wizard save does, and refuses the rows Keycloak refuses', async () => {
    const [a, b] = [await linha(), await linha()];
    const ok = await importar([a, b]);
    expect(ok).toMatchObject({ status: 'FINISHED', criados: 2, erros: 0 });
    expect(accountOf(a['E-mail'])).toMatchObject({ firstName: 'Keila', enabled: true });
    expect(accountOf(b['E-mail'])).toMatchObject({ enabled: true });
    // Keycloak sends its own e-mails: no welcome e-mail in the outbox.
    const outbox = await portal.database.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.para, a['E-mail']));
    expect(outbox).toEqual([]);

    const c = await linha();
    keycloak.failWrites(true);
    try {
      const refused = await importar([c]);
      expect(refused).toMatchObject({ status: 'FINISHED', criados: 0, erros: 1 });
      expect(await usuarioOf(c['E-mail'])).toBeUndefined();
      const [row] = await portal.database.db
        .select()
        .from(s.importacaoLinhas)
        .where(eq(s.importacaoLinhas.importacaoId, refused.id));
      // The row's errors as kept (column and message; this one is the row's as a whole).
      expect(errosDoMotivo(row.motivo)).toEqual([
        {
          coluna: null,
          mensagem: 'Não foi possível atualizar a conta no provedor de identidade; nada foi salvo. Tente novamente.',
        },
      ]);
    } finally {
      keycloak.failWrites(false);
    }
  });
});
