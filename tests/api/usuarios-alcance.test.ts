import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FunctionKey } from '../../domain/enums';
import { usuarioSchema } from '../../domain/schemas/usuario';
import { translate } from '../../i18n';
import type { Session } from '../../server/authz';
import * as s from '../../server/db/schema';
import { salvarUsuariosLote, usuarioRules } from '../../server/features/usuarios';
import { seedKit } from './kit';
import { errorCode, gql, type TestPortal } from './portal';

// The reach of a user's maintainer (issue #25): positions only at dealers the caller sees, the
// active state of a shared user only for whoever owns them, uniqueness answers that confirm no
// account outside the caller's scope, and dates the database accepts. Effects read back in the data.

const kit = seedKit({ seed: 2525, domain: 'alcance.test', local: 'a' });
const { unique, email, fields } = kit;
let portal: TestPortal;
let db: TestPortal['database']['db'];
let staff: string;
let marcaA: number, marcaB: number;
let cargoVendas: number, cargoGerente: number, departamento: number, desligamento: number;
const ptBR = (key: string) => translate('PT_BR', key);

beforeAll(async () => {
  ({ portal, db, staff } = await kit.start());
  marcaA = (await kit.marca('Marca Alcance A')).id;
  marcaB = (await kit.marca('Marca Alcance B')).id;
  ({ cargoVendas, cargoGerente, departamento, desligamento } = await kit.referencias());
});

const newDealer = (marcaIds: number[]) =>
  kit.dealer({ marcaIds, nome: 'Dealer Alcance', razaoSocial: 'Concessionária do Alcance Ltda', codigos: ['AL'] });

const USERS: FunctionKey[] = ['PORTAL_MANUTENCAO_USUARIOS', 'LIBERAR_ATIVACAO_ESPECIAL'];

/** A manufacturer of brand A alone who maintains users. */
const newManufacturer = () =>
  kit.caller({ nome: unique('Montadora A'), tipo: 'MONTADORA', funcionalidades: USERS, marca: marcaA });

/** A dealer-group user of brand A (the manufacturer's brand) at these dealers, with a position at each. */
const dealerUser = (dealerIds: number[], extra: { ativacaoEspecial?: boolean } = {}) =>
  kit.usuario({
    nome: unique('Vendedora'),
    cpf: true,
    tipo: 'DEALER_GRUPO',
    marca: marcaA,
    dealer: dealerIds,
    cargo: { cargoId: cargoVendas, departamentoId: departamento },
    ...extra,
  });

const SALVAR = `mutation($u: UsuarioInput!, $c: [CargoUsuarioInput!], $i: [InfoProdutoInput!]) {
  salvarUsuario(usuario: $u, cargos: $c, infos: $i) { id version nome dealerIds cargos { cargoId dealerId } } }`;
const salvar = (token: string, u: Record<string, unknown>, c: unknown[] = []) =>
  gql<{ salvarUsuario: { id: string; nome: string; cargos: { cargoId: string; dealerId: string }[] } }>(
    portal,
    SALVAR,
    { u, c, i: [] },
    token,
  );

/** What salvarUsuario needs of a dealer-group user as stored (the form sends it back). */
async function formOf(id: number, extra: Record<string, unknown> = {}) {
  const [u] = await db.select().from(s.usuarios).where(eq(s.usuarios.id, id));
  const dealers = await db.select().from(s.usuarioDealers).where(eq(s.usuarioDealers.usuarioId, id));
  return {
    id,
    version: u.version,
    nome: u.nome,
    email: u.email,
    cpf: u.cpf,
    tipo: u.tipo,
    marcaIds: [marcaA],
    dealerIds: dealers.map((d) => d.dealerId),
    dataAdmissao: '2026-01-05',
    emailSuperior: 'chefe@alcance.test',
    ...extra,
  };
}

const cargosOf = async (usuarioId: number) =>
  (await db.select().from(s.usuarioCargos).where(eq(s.usuarioCargos.usuarioId, usuarioId)))
    .map((c) => `${c.dealerId}:${c.cargoId}`)
    .sort();

const cargo = (dealerId: number, cargoId = cargoVendas) => ({
  cargoId,
  dealerId,
  departamentoId: departamento,
  dataInicio: '2026-01-05',
});

describe("a position at another brand's dealer", () => {
  it('is refused to a manufacturer on a user it shares with that brand, and kept as it was', async () => {
    const manufacturer = await newManufacturer();
    const own = await newDealer([marcaA]);
    const theirs = await newDealer([marcaB]);
    const shared = await dealerUser([own.id, theirs.id]);
    const before = await cargosOf(shared.id);

    // The form shows only the position at its own dealer; adding one at the other brand's dealer is refused.
    const r = await salvar(manufacturer.token, await formOf(shared.id, { nome: 'Nome Novo' }), [
      cargo(own.id),
      cargo(theirs.id, cargoGerente),
    ]);
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
    expect(fields(r)).toEqual({ 'cargos.1.dealerId': ptBR('usuarios.validation.dealerNaoPermitido') });
    expect(await cargosOf(shared.id)).toEqual(before);
    const [row] = await db.select().from(s.usuarios).where(eq(s.usuarios.id, shared.id));
    expect(row.nome).toBe(shared.nome);

    // Saving what the form shows (its own dealer) keeps the other brand's dealer and position untouched.
    const ok = await salvar(manufacturer.token, await formOf(shared.id, { nome: 'Nome Novo', dealerIds: [own.id] }), [
      cargo(own.id, cargoGerente),
    ]);
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.salvarUsuario.cargos).toEqual([{ cargoId: String(cargoGerente), dealerId: String(own.id) }]);
    expect(await cargosOf(shared.id)).toEqual([`${own.id}:${cargoGerente}`, `${theirs.id}:${cargoVendas}`].sort());

    // Provider staff see every dealer and may add it.
    const byStaff = await salvar(staff, await formOf(shared.id), [
      cargo(own.id, cargoGerente),
      cargo(theirs.id),
      cargo(theirs.id, cargoGerente),
    ]);
    expect(byStaff.errors).toBeUndefined();
    expect(await cargosOf(shared.id)).toContain(`${theirs.id}:${cargoGerente}`);
  });
});

describe("a shared user's active state", () => {
  const INATIVAR = 'mutation($id: ID!) { inativarUsuario(id: $id) { id active } }';
  const REMOVER = 'mutation($id: ID!) { removerAtivacaoEspecial(usuarioId: $id) { id ativacaoEspecial } }';
  const stateOf = async (id: number) =>
    (
      await db
        .select({
          active: s.usuarios.active,
          ativacaoEspecial: s.usuarios.ativacaoEspecial,
          version: s.usuarios.version,
        })
        .from(s.usuarios)
        .where(eq(s.usuarios.id, id))
    )[0];

  it("changes only for a manufacturer who owns every brand of the user, their dealers' included", async () => {
    const manufacturer = await newManufacturer();
    const own = await newDealer([marcaA]);
    const theirs = await newDealer([marcaB]);
    // Carries brand A, works only at brand B's dealer: the manufacturer sees them, brand B too.
    const shared = await dealerUser([theirs.id], { ativacaoEspecial: true });
    const ownUser = await dealerUser([own.id], { ativacaoEspecial: true });

    for (const [mutation, key] of [
      [INATIVAR, 'inativarUsuario'],
      [REMOVER, 'removerAtivacaoEspecial'],
    ] as const) {
      const r = await gql(portal, mutation, { id: shared.id }, manufacturer.token);
      expect([key, errorCode(r), r.errors?.[0]?.message]).toEqual([key, 'FORBIDDEN', ptBR('errors.sharedUser')]);
    }
    expect(await stateOf(shared.id)).toEqual({ active: true, ativacaoEspecial: true, version: 1 });
    const audit = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(s.auditoria)
      .where(and(eq(s.auditoria.tipo, 'USUARIO'), eq(s.auditoria.registroId, String(shared.id))));
    expect(audit[0].n).toBe(0);

    // A user wholly of the manufacturer's brand: both changes go through.
    expect((await gql(portal, REMOVER, { id: ownUser.id }, manufacturer.token)).errors).toBeUndefined();
    expect((await gql(portal, INATIVAR, { id: ownUser.id }, manufacturer.token)).errors).toBeUndefined();
    expect(await stateOf(ownUser.id)).toMatchObject({ active: false, ativacaoEspecial: false });

    // Provider staff own everyone.
    expect((await gql(portal, INATIVAR, { id: shared.id }, staff)).errors).toBeUndefined();
    expect(await stateOf(shared.id)).toMatchObject({ active: false });
  });

  it('changes only for a dealer-group admin at every dealer of the user', async () => {
    const mine = await newDealer([marcaA]);
    const other = await newDealer([marcaA]);
    const admin = await kit.caller({
      nome: unique('Admin Grupo'),
      tipo: 'DEALER_GRUPO',
      funcionalidades: USERS,
      dealer: mine.id,
    });
    const shared = await dealerUser([mine.id, other.id]);
    const ownUser = await dealerUser([mine.id]);
    const r = await gql(portal, INATIVAR, { id: shared.id }, admin.token);
    expect(errorCode(r)).toBe('FORBIDDEN');
    expect(r.errors?.[0]?.message).toBe(ptBR('errors.sharedUser'));
    expect(await stateOf(shared.id)).toMatchObject({ active: true, version: 1 });
    expect((await gql(portal, INATIVAR, { id: ownUser.id }, admin.token)).errors).toBeUndefined();
    expect(await stateOf(ownUser.id)).toMatchObject({ active: false });
  });
});

describe('an e-mail or CPF held by an account outside the caller’s scope', () => {
  it('gets one message that does not confirm the account, on a save and on an import row', async () => {
    const manufacturer = await newManufacturer();
    const own = await newDealer([marcaA]);
    const outsider = await kit.usuario({ nome: unique('Fora'), cpf: true, tipo: 'MONTADORA', marca: marcaB });
    const count = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(s.usuarios))[0].n;
    const before = await count();
    const input = {
      nome: unique('Novo'),
      email: outsider.email,
      cpf: outsider.cpf,
      tipo: 'DEALER_GRUPO',
      marcaIds: [marcaA],
      dealerIds: [own.id],
      dataAdmissao: '2026-01-05',
      emailSuperior: 'chefe@alcance.test',
    };
    const r = await salvar(manufacturer.token, input, [cargo(own.id)]);
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
    expect(fields(r)).toEqual({
      email: ptBR('usuarios.validation.emailIndisponivel'),
      cpf: ptBR('usuarios.validation.cpfIndisponivel'),
    });
    expect(await count()).toBe(before);

    // The import's rows: an update of that e-mail, a new user with that CPF.
    const session: Session = {
      usuarioId: manufacturer.id,
      email: '',
      nome: '',
      tipo: 'MONTADORA',
      idioma: 'PT_BR',
      funcionalidades: [...USERS, 'PORTAL_IMPORTACAO_USUARIOS'],
    };
    const schema = usuarioSchema(await usuarioRules(db, { config: portal.config }));
    const linha = (email: string) => schema.parse({ ...input, email, cargos: [cargo(own.id)], produtos: [] });
    const { resultados } = await db.transaction((tx) =>
      salvarUsuariosLote(tx, session, { db, config: portal.config, log: { error: () => undefined } }, [
        { linha: 2, input: linha(outsider.email) },
        { linha: 3, input: linha(email()) },
      ]),
    );
    expect(resultados).toEqual([
      { linha: 2, status: 'ERRO', erros: { email: 'usuarios.validation.emailIndisponivel' } },
      { linha: 3, status: 'ERRO', erros: { cpf: 'usuarios.validation.cpfIndisponivel' } },
    ]);
    expect(await count()).toBe(before);
    const [row] = await db.select().from(s.usuarios).where(eq(s.usuarios.id, outsider.id));
    expect(row).toMatchObject({ nome: outsider.nome, version: 1 });
  });
});

describe('a date the database cannot hold', () => {
  it('is a field error of each date, and nothing is written', async () => {
    const manufacturer = await newManufacturer();
    const own = await newDealer([marcaA]);
    const user = await dealerUser([own.id]);
    const range = ptBR('validation.dateRange');
    const r = await salvar(
      manufacturer.token,
      await formOf(user.id, {
        dataAdmissao: '0000-01-01',
        desligamentoId: desligamento,
        dataDesligamento: '0000-02-01',
      }),
      [{ ...cargo(own.id), dataInicio: '0000-01-05' }],
    );
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
    expect(fields(r)).toEqual({ dataAdmissao: range, dataDesligamento: range, 'cargos.0.dataInicio': range });
    const [row] = await db.select().from(s.usuarios).where(eq(s.usuarios.id, user.id));
    expect(row).toMatchObject({ dataAdmissao: null, dataDesligamento: null, version: 1 });
  });
});
