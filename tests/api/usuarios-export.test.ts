import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionKey, Idioma } from '../../domain/enums';
import { usuarioFilterSchema } from '../../domain/schemas/usuario';
import { sessionOfEmail } from '../../server/auth/session';
import * as s from '../../server/db/schema';
import { cnpjFrom, createDealer, createMarca, createUsuario } from '../../server/db/seed/builders';
import { seededRandom } from '../../server/db/seed/random';
import { EXPORT_FILA } from '../../server/features/usuarios/exportacao';
import { exportUsuariosQuery } from '../../server/features/usuarios/queries';
import { errorCode, gql, signInAsNew, startPortal, type TestPortal } from './portal';

// The background .xlsx export of the users list (issue #13; spec sections 4 and 8): the file holds
// exactly the caller's scope with the filter applied, one export per user at a time (also under
// concurrent requests), only the author downloads it, and only who sees the list may export.

let portal: TestPortal;
let db: TestPortal['database']['db'];
const random = seededRandom(131_313);
/** In every e-mail of this file's users: the filters' search term isolates them. */
const TAG = `exp${randomBytes(3).toString('hex')}`;
let seq = 0;
const email = (name: string) => `${name}.${++seq}.${TAG}@export.test`;

let marcaX: number, marcaY: number;
let dealerX: number, dealerY: number;
let cargo: number;
let manufacturer: { id: number; token: string };

const EXPORT = `mutation($f: UsuarioFilterInput!) { exportarUsuarios(filterInput: $f) {
  id status total processados progresso linhas erro download } }`;
const STATE = '{ exportacaoUsuarios { id status total processados progresso linhas erro download } }';
interface Exportacao {
  id: string;
  status: string;
  total: number | null;
  processados: number;
  progresso: number | null;
  linhas: number | null;
  erro: string | null;
  download: string | null;
}

async function newCaller(tipo: 'MONTADORA' | 'DEALER_GRUPO', funcionalidades: FunctionKey[], idioma: Idioma = 'PT_BR') {
  return signInAsNew(portal, {
    nome: `Caller ${++seq}`,
    email: `caller.${seq}.${randomBytes(3).toString('hex')}@export.test`,
    tipo,
    idioma,
    funcionalidades,
    marcaIds: tipo === 'MONTADORA' ? [marcaX] : [],
    dealerIds: tipo === 'DEALER_GRUPO' ? [dealerX] : [],
  });
}

beforeAll(async () => {
  portal = await startPortal();
  db = portal.database.db;
  marcaX = (await createMarca(db, `Marca X ${TAG}`)).id;
  marcaY = (await createMarca(db, `Marca Y ${TAG}`)).id;
  const [setor] = await db.select().from(s.setores).limit(1);
  const dealer = (nome: string, marcaIds: number[]) =>
    createDealer(db, {
      nomeExibicao: `${nome} ${TAG}`,
      razaoSocial: 'Concessionária Exportada Ltda',
      cnpj: cnpjFrom(random),
      codigos: ['E1'],
      divisaoId: setor.divisaoId,
      setorId: setor.id,
      marcaIds,
    });
  dealerX = (await dealer('Dealer X', [marcaX])).id;
  dealerY = (await dealer('Dealer Y', [marcaY])).id;
  [{ id: cargo }] = await db
    .insert(s.cargos)
    .values({ nome: `Vendedor ${TAG}` })
    .returning();

  // In the manufacturer's scope: its brand's manufacturer users and its dealer's users.
  await createUsuario(db, {
    nome: 'Ana Exportada',
    email: email('ana'),
    tipo: 'MONTADORA',
    marcaIds: [marcaX],
    funcionalidades: ['PORTAL_CRIACAO_COMUNICADOS'],
  });
  const bruno = await createUsuario(db, {
    nome: 'Bruno Exportado',
    email: email('bruno'),
    tipo: 'DEALER_GRUPO',
    dealerIds: [dealerX],
  });
  await db
    .insert(s.usuarioCargos)
    .values({ usuarioId: bruno.id, cargoId: cargo, dealerId: dealerX, dataInicio: '2025-03-01' });
  // A name a spreadsheet program would run as a formula.
  await createUsuario(db, { nome: '=1+2 Carla', email: email('carla'), tipo: 'MONTADORA', marcaIds: [marcaX] });
  // In scope but filtered out (inactive).
  await createUsuario(db, {
    nome: 'Davi Inativo',
    email: email('davi'),
    tipo: 'MONTADORA',
    marcaIds: [marcaX],
    active: false,
  });
  // Outside the scope: another brand, another brand's dealer.
  await createUsuario(db, { nome: 'Elisa Outra Marca', email: email('elisa'), tipo: 'MONTADORA', marcaIds: [marcaY] });
  await createUsuario(db, {
    nome: 'Fabio Outro Dealer',
    email: email('fabio'),
    tipo: 'DEALER_GRUPO',
    dealerIds: [dealerY],
  });

  manufacturer = await newCaller('MONTADORA', ['PORTAL_MANUTENCAO_USUARIOS']);
});
afterAll(() => portal?.close());

const FILTER = { busca: TAG, active: true, sort: { field: 'nome', order: 'ASC' } };

/** Polls the caller's export state (as the screen does) until it has finished or failed. */
async function finished(token: string): Promise<Exportacao> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await gql<{ exportacaoUsuarios: Exportacao | null }>(portal, STATE, {}, token);
    expect(response.errors).toBeUndefined();
    const state = response.data!.exportacaoUsuarios;
    if (state && !['PENDENTE', 'EXECUTANDO'].includes(state.status)) return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export did not finish');
}

const download = (path: string, token?: string) =>
  fetch(`${portal.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

async function sheetRows(response: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))));
  return rows;
}

/** Every export run of the author, oldest first. */
const jobsOf = (autorId: number) =>
  db
    .select()
    .from(s.jobs)
    .where(and(eq(s.jobs.fila, EXPORT_FILA), eq(s.jobs.autorId, autorId)))
    .orderBy(s.jobs.id);

describe('exportarUsuarios', () => {
  let done: Exportacao;

  it("writes exactly the caller's scope with the filter applied, with positions and permissions", async () => {
    const started = await gql<{ exportarUsuarios: Exportacao }>(portal, EXPORT, { f: FILTER }, manufacturer.token);
    expect(started.errors).toBeUndefined();
    expect(['PENDENTE', 'EXECUTANDO', 'CONCLUIDO']).toContain(started.data!.exportarUsuarios.status);
    done = await finished(manufacturer.token);
    expect(done).toMatchObject({ status: 'CONCLUIDO', total: 3, processados: 3, progresso: 100, linhas: 3 });
    expect(done.download).toBe(`/api/exportacoes/${started.data!.exportarUsuarios.id}`);

    const response = await download(done.download!, manufacturer.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''Usu%C3%A1rios.xlsx`);
    const [header, ...rows] = await sheetRows(response);
    expect(header.slice(0, 5)).toEqual(['Nome', 'E-mail', 'CPF', 'Tipo de usuário', 'Ativo']);
    // The list's order (name), the formula escaped, inactive and out-of-scope users absent.
    expect(rows.map((r) => r[0])).toEqual(["'=1+2 Carla", 'Ana Exportada', 'Bruno Exportado']);
    const byName = Object.fromEntries(rows.map((r) => [r[0], r]));
    const col = (name: string) => header.indexOf(name);
    expect(byName['Ana Exportada'][col('Marcas')]).toBe(`Marca X ${TAG}`);
    expect(byName['Ana Exportada'][col('Funcionalidades')]).toMatch(/\S/);
    expect(byName['Bruno Exportado'][col('Dealers')]).toBe(`Dealer X ${TAG}`);
    expect(byName['Bruno Exportado'][col('Cargos')]).toBe(`Vendedor ${TAG} em Dealer X ${TAG}, desde 2025-03-01`);
    expect(byName['Bruno Exportado'][col('Tipo de usuário')]).toBe('Dealer / Grupo');
  });

  it('is downloaded by its author only', async () => {
    const other = await newCaller('MONTADORA', ['PORTAL_MANUTENCAO_USUARIOS']);
    const refused = await download(done.download!, other.token);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Arquivo não encontrado' });
    expect((await download(done.download!)).status).toBe(401);
    expect((await download('/api/exportacoes/999999999', manufacturer.token)).status).toBe(404);
    // The author still gets it, unchanged.
    const again = await download(done.download!, manufacturer.token);
    expect((await sheetRows(again)).length).toBe(4);
  });

  it("refuses a second export while one is pending or running, in the caller's language", async () => {
    const caller = await newCaller('MONTADORA', ['PORTAL_MANUTENCAO_USUARIOS'], 'EN');
    const [running] = await db
      .insert(s.jobs)
      .values({ fila: EXPORT_FILA, payload: {}, autorId: caller.id, status: 'EXECUTANDO' })
      .returning();
    const refused = await gql(portal, EXPORT, { f: FILTER }, caller.token);
    expect(errorCode(refused)).toBe('CONFLICT');
    expect(refused.errors![0].message).toBe('An export is already in progress for this user');
    expect(await jobsOf(caller.id)).toHaveLength(1);
    // Another user's running export does not stop this one.
    const accepted = await gql(portal, EXPORT, { f: FILTER }, manufacturer.token);
    expect(accepted.errors).toBeUndefined();
    await finished(manufacturer.token);
    // Once the running one has ended, the caller may export again.
    await db.update(s.jobs).set({ status: 'ERRO' }).where(eq(s.jobs.id, running.id));
    expect((await gql(portal, EXPORT, { f: FILTER }, caller.token)).errors).toBeUndefined();
    expect((await finished(caller.token)).linhas).toBe(3);
  });

  it('never runs two exports of one user at once under 10 concurrent requests', async () => {
    const caller = await newCaller('MONTADORA', ['PORTAL_MANUTENCAO_USUARIOS'], 'ES');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => gql(portal, EXPORT, { f: FILTER }, caller.token)),
    );
    const accepted = answers.filter((a) => !a.errors);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    for (const refused of answers.filter((a) => a.errors)) {
      expect(errorCode(refused)).toBe('CONFLICT');
      expect(refused.errors![0].message).toBe('Ya hay una exportación en curso para este usuario');
    }
    expect((await finished(caller.token)).status).toBe('CONCLUIDO');
    // A run this small may end while the burst is still arriving (a PostgreSQL worker takes it at
    // once), so a later request may start the next one; what must hold is that each run was
    // recorded only after the one before it had ended.
    const runs = await jobsOf(caller.id);
    expect(runs).toHaveLength(accepted.length);
    for (const [previous, next] of runs.slice(0, -1).map((run, i) => [run, runs[i + 1]] as const)) {
      expect(previous.concluidoEm).not.toBeNull();
      expect(next.createdAt.getTime()).toBeGreaterThanOrEqual(previous.concluidoEm!.getTime());
    }
  });

  it('lets a user who only views users export their scope', async () => {
    const viewer = await newCaller('DEALER_GRUPO', ['PORTAL_CONSULTA_VISUALIZACAO_USUARIOS']);
    const started = await gql(portal, EXPORT, { f: FILTER }, viewer.token);
    expect(started.errors).toBeUndefined();
    const state = await finished(viewer.token);
    expect(state.status).toBe('CONCLUIDO');
    // A dealer-group user sees the dealer-group users of its dealers: Bruno only.
    const [, ...rows] = await sheetRows(await download(state.download!, viewer.token));
    expect(rows.map((r) => r[0])).toEqual(['Bruno Exportado']);
  });

  it('refuses a caller without either user function, and bad filters, queuing nothing', async () => {
    const outsider = await newCaller('MONTADORA', ['PORTAL_CRIACAO_COMUNICADOS']);
    const refused = await gql(portal, EXPORT, { f: FILTER }, outsider.token);
    expect(errorCode(refused)).toBe('FORBIDDEN');
    expect(errorCode(await gql(portal, STATE, {}, outsider.token))).toBe('FORBIDDEN');
    expect(await jobsOf(outsider.id)).toHaveLength(0);

    const caller = await newCaller('MONTADORA', ['PORTAL_MANUTENCAO_USUARIOS']);
    const bad = await gql(portal, EXPORT, { f: { busca: 'x'.repeat(500) } }, caller.token);
    expect(errorCode(bad)).toBe('BAD_USER_INPUT');
    expect(await jobsOf(caller.id)).toHaveLength(0);
    expect(
      (await gql<{ exportacaoUsuarios: null }>(portal, STATE, {}, caller.token)).data?.exportacaoUsuarios,
    ).toBeNull();
  });
});

describe("the export's keyset pages", () => {
  it.each([
    ['nome', 'ASC'],
    ['nome', 'DESC'],
    ['email', 'DESC'],
    ['tipo', 'ASC'],
    ['ultimoAcesso', 'ASC'],
    ['ultimoAcesso', 'DESC'],
    ['createdAt', 'DESC'],
  ])('follow the list order by %s %s', async (field, order) => {
    // Some users with a last access, some without (nulls sort as the list sorts them).
    await db
      .update(s.usuarios)
      .set({ ultimoAcesso: new Date('2026-01-02T03:04:05Z') })
      .where(eq(s.usuarios.email, `ana.1.${TAG}@export.test`));
    const staff = await signInAsNewStaff();
    const session = (await sessionOfEmail(db, STAFF_EMAIL))!;
    const {
      page: _page,
      rowsPerPage: _rows,
      ...filter
    } = usuarioFilterSchema.parse({
      busca: TAG,
      sort: { field, order },
    });
    const list = await gql<{ usuarios: { content: { id: string }[] } }>(
      portal,
      'query($f: UsuarioFilterInput!) { usuarios(filterInput: $f) { content { id } } }',
      { f: { busca: TAG, sort: { field, order }, rowsPerPage: 100 } },
      staff.token,
    );
    const paged: number[] = [];
    let after: number | null = null;
    for (;;) {
      const page = await exportUsuariosQuery(db, session, filter, { after, limit: 2 });
      paged.push(...page.map((r) => r.id));
      if (page.length < 2) break;
      after = page[page.length - 1].id;
    }
    expect(paged.map(String)).toEqual(list.data!.usuarios.content.map((u) => u.id));
    expect(paged.length).toBeGreaterThan(5);
  });
});

const STAFF_EMAIL = `staff.${randomBytes(3).toString('hex')}@export.test`;
let staffCaller: { id: number; token: string } | undefined;
async function signInAsNewStaff() {
  staffCaller ??= await signInAsNew(portal, {
    nome: 'Staff Export',
    email: STAFF_EMAIL,
    tipo: 'TECSINAPSE',
    funcionalidades: ['PORTAL_MANUTENCAO_USUARIOS'],
  });
  return staffCaller;
}
