import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { createMarca } from '../../server/db/seed/builders';
import { sendDue } from '../../server/features/notificacoesGenericas/envio';
import {
  DEMO,
  errorCode,
  fieldErrors,
  gql,
  recipientsOf,
  signIn,
  signInAsNew,
  startPortal,
  startSecondProcess,
  type TestPortal,
} from './portal';

// Notification models and generic notifications (issue #27): models with versions and
// placeholders, the fan-out to a group read back from notificacao_destinatarios, who may target
// whom, scheduling at least an hour ahead, a sent one read only, and the scheduled send exactly once
// with two server processes (PostgreSQL).

let portal: TestPortal;
let db: TestPortal['database']['db'];
const token: Record<keyof typeof DEMO, string> = { super: '', montadora: '', dealer: '' };
const id: Record<keyof typeof DEMO, number> = { super: 0, montadora: 0, dealer: 0 };
let aurora: number;

beforeAll(async () => {
  portal = await startPortal();
  db = portal.database.db;
  for (const who of Object.keys(DEMO) as (keyof typeof DEMO)[]) {
    token[who] = (await signIn(portal, DEMO[who])).access_token;
    [{ id: id[who] }] = await db.select({ id: s.usuarios.id }).from(s.usuarios).where(eq(s.usuarios.email, DEMO[who]));
  }
  [{ id: aurora }] = await db
    .select({ id: s.gruposUsuarios.id })
    .from(s.gruposUsuarios)
    .where(eq(s.gruposUsuarios.nome, 'Rede Aurora Motors'));
});
afterAll(() => portal?.close());

const FIELDS = `id version tipo estado titulo texto link produto { id nome } modelo { id titulo } modeloVersao
  grupos { id nome } dataHoraAgendamento enviadaEm destinatarios autor { id nome } totalVersoes`;
const SAVE = `mutation($n: NotificacaoGenericaInput!) { salvarNotificacaoGenerica(notificacaoGenerica: $n) { ${FIELDS} } }`;
const SEND = `mutation($id: ID!, $version: Int, $quando: String) {
  enviarNotificacaoGenerica(id: $id, version: $version, dataHoraAgendamento: $quando) { ${FIELDS} } }`;

interface Record_ {
  id: string;
  version: number;
  tipo: string;
  estado: string;
  titulo: string;
  texto: string;
  grupos: { id: string; nome: string }[];
  modelo: { id: string } | null;
  modeloVersao: number | null;
  destinatarios: number | null;
  dataHoraAgendamento: string | null;
  totalVersoes: number;
}

async function save(tk: string, n: Record<string, unknown>) {
  return gql<{ salvarNotificacaoGenerica: Record_ }>(portal, SAVE, { n }, tk);
}
async function send(tk: string, rec: Record_, quando?: string) {
  return gql<{ enviarNotificacaoGenerica: Record_ }>(portal, SEND, { id: rec.id, version: rec.version, quando }, tk);
}

/** The active DEALER_GRUPO users with the brand, by their brands and their active dealers' brands (not the engine). */
async function dealerUsersOfBrand(marcaId: number) {
  const { rows } = await db.execute<{
    id: number;
  }>(sql`select u.id from usuarios u where u.active and u.tipo = 'DEALER_GRUPO'
    and (exists (select 1 from usuario_marcas um where um.usuario_id = u.id and um.marca_id = ${marcaId})
      or exists (select 1 from usuario_dealers ud join dealers d on d.id = ud.dealer_id and d.active
        join dealer_marcas dm on dm.dealer_id = d.id where ud.usuario_id = u.id and dm.marca_id = ${marcaId}))
    order by u.id`);
  return rows.map((r) => Number(r.id));
}

describe('models', () => {
  it('keeps every saved version readable, the text sanitised with its placeholders', async () => {
    const first = await save(token.montadora, {
      tipo: 'modelo',
      titulo: 'Boas-vindas',
      texto: '<p>Olá {nome}<script>alert(1)</script></p>',
      link: '/home',
    });
    expect(first.errors).toBeUndefined();
    const modelo = first.data!.salvarNotificacaoGenerica;
    expect(modelo).toMatchObject({ tipo: 'modelo', estado: 'rascunho', texto: '<p>Olá {nome}</p>', totalVersoes: 1 });
    const second = await save(token.montadora, {
      id: modelo.id,
      version: modelo.version,
      tipo: 'modelo',
      titulo: 'Boas-vindas (2)',
      texto: '<p>Olá {nome}, seu e-mail é {email}</p>',
    });
    expect(second.errors).toBeUndefined();
    expect(second.data!.salvarNotificacaoGenerica.totalVersoes).toBe(2);
    const versoes = await gql<{ versoesNotificacaoGenerica: { versao: number; titulo: string; texto: string }[] }>(
      portal,
      'query($id: ID!) { versoesNotificacaoGenerica(id: $id) { versao titulo texto link } }',
      { id: modelo.id },
      token.montadora,
    );
    expect(versoes.data!.versoesNotificacaoGenerica).toEqual([
      { versao: 2, titulo: 'Boas-vindas (2)', texto: '<p>Olá {nome}, seu e-mail é {email}</p>', link: null },
      { versao: 1, titulo: 'Boas-vindas', texto: '<p>Olá {nome}</p>', link: '/home' },
    ]);
    // A save from the stale first read is refused.
    const stale = await save(token.montadora, {
      ...{ id: modelo.id, version: modelo.version },
      tipo: 'modelo',
      titulo: 'x',
      texto: 'x',
    });
    expect(errorCode(stale)).toBe('CONFLICT');
  });

  it('needs the model key to write a model, not to write a notification', async () => {
    const only = await signInAsNew(portal, {
      nome: 'Só Genéricas',
      email: 'so.genericas@ng.test',
      tipo: 'MONTADORA',
      funcionalidades: ['PORTAL_NOTIFICACOES_GENERICAS'],
      marcaIds: [],
    });
    const modelo = await save(only.token, { tipo: 'modelo', titulo: 'M', texto: 'x' });
    expect(errorCode(modelo)).toBe('FORBIDDEN');
    expect(await db.select().from(s.notificacoesGenericas).where(eq(s.notificacoesGenericas.autorId, only.id))).toEqual(
      [],
    );
    const notificacao = await save(only.token, { tipo: 'comModelo', titulo: 'N', texto: 'x' });
    expect(notificacao.errors).toBeUndefined();
  });
});

describe('the list', () => {
  it("pages a tab within the caller's reach: page 2 of 5 models, none of another brand's", async () => {
    const caller = async (marca: string, email: string) =>
      signInAsNew(portal, {
        nome: `Lista ${marca}`,
        email,
        tipo: 'MONTADORA',
        funcionalidades: ['PORTAL_NOTIFICACOES_GENERICAS', 'PORTAL_MANUTENCAO_MODELO'],
        marcaIds: [(await createMarca(db, marca)).id],
      });
    const autor = await caller('Marca Lista A', 'lista.a@ng.test');
    const outro = await caller('Marca Lista B', 'lista.b@ng.test');
    for (let i = 1; i <= 5; i++) {
      expect((await save(autor.token, { tipo: 'modelo', titulo: `Página ${i}`, texto: 'x' })).errors).toBeUndefined();
    }
    expect((await save(autor.token, { tipo: 'comModelo', titulo: 'Outra aba', texto: 'x' })).errors).toBeUndefined();
    const LIST = `query($f: NotificacaoGenericaFilterInput) { notificacoesGenericas(filterInput: $f) { totalElements content { titulo } } }`;
    const page = async (tk: string, pagina: number) =>
      (
        await gql<{ notificacoesGenericas: { totalElements: number; content: { titulo: string }[] } }>(
          portal,
          LIST,
          { f: { tipo: 'modelo', page: pagina, rowsPerPage: 2 } },
          tk,
        )
      ).data?.notificacoesGenericas;
    // Newest first: page 2 (index 1) of 5 holds the third and second written.
    expect(await page(autor.token, 1)).toEqual({
      totalElements: 5,
      content: [{ titulo: 'Página 3' }, { titulo: 'Página 2' }],
    });
    expect(await page(autor.token, 2)).toEqual({ totalElements: 5, content: [{ titulo: 'Página 1' }] });
    expect(await page(outro.token, 0)).toEqual({ totalElements: 0, content: [] });
  });
});

describe('generic notifications', () => {
  it('written from a model, sent now to a group: exactly its recipients, each reading their own name', async () => {
    const modelo = (await save(token.montadora, { tipo: 'modelo', titulo: 'Modelo', texto: '<p>Caro {nome}</p>' }))
      .data!.salvarNotificacaoGenerica;
    const saved = await save(token.montadora, {
      tipo: 'comModelo',
      titulo: 'Aviso à rede',
      texto: '<p>Caro {nome}</p>',
      link: '/biblioteca',
      modeloId: modelo.id,
      grupoIds: [aurora],
    });
    expect(saved.errors).toBeUndefined();
    const rec = saved.data!.salvarNotificacaoGenerica;
    expect(rec).toMatchObject({ modelo: { id: modelo.id }, modeloVersao: 1, grupos: [{ id: String(aurora) }] });

    const previa = await gql<{ previaNotificacaoGenerica: number }>(
      portal,
      'query($g: [ID!]!) { previaNotificacaoGenerica(grupoIds: $g) }',
      { g: [aurora] },
      token.montadora,
    );
    const [marcaAurora] = await db.select().from(s.marcas).where(eq(s.marcas.nome, 'Aurora Motors'));
    const want = await dealerUsersOfBrand(marcaAurora.id);
    expect(want).toContain(id.dealer);
    expect(previa.data!.previaNotificacaoGenerica).toBe(want.length);

    const sent = await send(token.montadora, rec);
    expect(sent.errors).toBeUndefined();
    expect(sent.data!.enviarNotificacaoGenerica).toMatchObject({ estado: 'enviada', destinatarios: want.length });
    const [row] = await db
      .select()
      .from(s.notificacoesGenericas)
      .where(eq(s.notificacoesGenericas.id, Number(rec.id)));
    expect(await recipientsOf(db, row.notificacaoId!)).toEqual(want);

    const menu = await gql<{ notificacoesMenu: { titulo: string; texto: string; link: string }[] }>(
      portal,
      '{ notificacoesMenu { titulo texto link } }',
      {},
      token.dealer,
    );
    expect(menu.data!.notificacoesMenu[0]).toEqual({
      titulo: 'Aviso à rede',
      texto: '<p>Caro Diego Dealer</p>',
      link: '/biblioteca',
    });

    // Sent: read only (a translated error, nothing changed), but it can be copied into a new draft.
    const edit = await save(token.montadora, { ...pick(sent.data!.enviarNotificacaoGenerica), titulo: 'Mudado' });
    expect(errorCode(edit)).toBe('BAD_USER_INPUT');
    expect(edit.errors![0].message).toMatch(/já foi enviada/);
    const again = await send(token.montadora, sent.data!.enviarNotificacaoGenerica);
    expect(errorCode(again)).toBe('BAD_USER_INPUT');
    const [after] = await db
      .select()
      .from(s.notificacoesGenericas)
      .where(eq(s.notificacoesGenericas.id, Number(rec.id)));
    expect(after.titulo).toBe('Aviso à rede');
    const copy = await gql<{ copiarNotificacaoGenerica: Record_ }>(
      portal,
      `mutation($id: ID!) { copiarNotificacaoGenerica(id: $id) { ${FIELDS} } }`,
      { id: rec.id },
      token.montadora,
    );
    expect(copy.data!.copiarNotificacaoGenerica).toMatchObject({
      estado: 'rascunho',
      titulo: 'Aviso à rede',
      grupos: [{ id: String(aurora) }],
      destinatarios: null,
    });
    expect(copy.data!.copiarNotificacaoGenerica.id).not.toBe(rec.id);
  });

  it('refuses an unknown product as a field error, storing nothing', async () => {
    const refused = await save(token.montadora, {
      tipo: 'comModelo',
      titulo: 'Sem produto',
      texto: 'x',
      produtoId: 999_999,
    });
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(fieldErrors(refused).produtoId).toBe('Opção inválida');
    expect(
      await db.select().from(s.notificacoesGenericas).where(eq(s.notificacoesGenericas.titulo, 'Sem produto')),
    ).toEqual([]);
  });

  it('refuses a group the caller may not use, storing nothing of it', async () => {
    const [foreign] = await db
      .insert(s.gruposUsuarios)
      .values({
        nome: 'Grupo privado do super',
        publico: false,
        criadorId: id.super,
        possuiPerfil: true,
        todosDealers: true,
      })
      .returning();
    await db.insert(s.grupoUsuariosTiposUsuario).values({ grupoUsuariosId: foreign.id, tipo: 'DEALER_GRUPO' });
    const refused = await save(token.montadora, { tipo: 'comModelo', titulo: 'T', texto: 'x', grupoIds: [foreign.id] });
    expect(errorCode(refused)).toBe('BAD_USER_INPUT');
    expect(fieldErrors(refused).grupoIds).toBe('Você não pode usar um dos grupos escolhidos');
    expect(
      await db
        .select()
        .from(s.notificacaoGenericaGrupos)
        .where(eq(s.notificacaoGenericaGrupos.grupoUsuariosId, foreign.id)),
    ).toEqual([]);
    const previa = await gql(
      portal,
      'query($g: [ID!]!) { previaNotificacaoGenerica(grupoIds: $g) }',
      { g: [foreign.id] },
      token.montadora,
    );
    expect(errorCode(previa)).toBe('NOT_FOUND');
  });

  it('reaches, for a manufacturer, only the users of its own brands even through a wider public group', async () => {
    const [marcaAurora] = await db.select().from(s.marcas).where(eq(s.marcas.nome, 'Aurora Motors'));
    // A public group of the provider's staff: every dealer-group user of every brand.
    const [todos] = await db
      .insert(s.gruposUsuarios)
      .values({ nome: 'Todos os dealers', publico: true, criadorId: id.super, possuiPerfil: true, todosDealers: true })
      .returning();
    await db.insert(s.grupoUsuariosTiposUsuario).values({ grupoUsuariosId: todos.id, tipo: 'DEALER_GRUPO' });
    const marcas = await db.select({ id: s.marcas.id }).from(s.marcas);
    await db.insert(s.grupoUsuariosMarcas).values(marcas.map((m) => ({ grupoUsuariosId: todos.id, marcaId: m.id })));
    const gestor = await signInAsNew(portal, {
      nome: 'Gestora Aurora',
      email: 'gestora.aurora@ng.test',
      tipo: 'MONTADORA',
      funcionalidades: ['PORTAL_NOTIFICACOES_GENERICAS'],
      marcaIds: [marcaAurora.id],
    });
    const rec = (await save(gestor.token, { tipo: 'comModelo', titulo: 'Só Aurora', texto: 'x', grupoIds: [todos.id] }))
      .data!.salvarNotificacaoGenerica;
    const sent = await send(gestor.token, rec);
    expect(sent.errors).toBeUndefined();
    const [row] = await db
      .select()
      .from(s.notificacoesGenericas)
      .where(eq(s.notificacoesGenericas.id, Number(rec.id)));
    const everyone = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from usuarios where active and tipo = 'DEALER_GRUPO'`,
    );
    const want = await dealerUsersOfBrand(marcaAurora.id);
    expect(Number(everyone.rows[0].n)).toBeGreaterThan(want.length);
    expect(await recipientsOf(db, row.notificacaoId!)).toEqual(want);
  });

  it('schedules at least an hour ahead: sooner is a field error, later queues one pg-boss run at that time', async () => {
    const rec = (await save(token.montadora, { tipo: 'comModelo', titulo: 'Agendada', texto: 'x', grupoIds: [aurora] }))
      .data!.salvarNotificacaoGenerica;
    const soon = await send(token.montadora, rec, new Date(Date.now() + 59 * 60_000).toISOString());
    expect(errorCode(soon)).toBe('BAD_USER_INPUT');
    expect(fieldErrors(soon).dataHoraAgendamento).toBe(
      'O agendamento deve ser para pelo menos 1 hora a partir de agora',
    );
    const [still] = await db
      .select()
      .from(s.notificacoesGenericas)
      .where(eq(s.notificacoesGenericas.id, Number(rec.id)));
    expect(still.estado).toBe('rascunho');

    const quando = new Date(Date.now() + 2 * 3600_000);
    const later = await send(token.montadora, rec, quando.toISOString());
    expect(later.errors).toBeUndefined();
    expect(later.data!.enviarNotificacaoGenerica.estado).toBe('agendada');
    const { rows } = await db.execute<{ start_after: Date; singleton_key: string }>(
      sql`select start_after, singleton_key from pgboss.job where name = 'envioNotificacaoGenerica' and data->>'jobId' in
        (select id::text from jobs where fila = 'envioNotificacaoGenerica' and payload->>'id' = ${rec.id})`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].singleton_key).toBe(rec.id);
    expect(Math.abs(new Date(rows[0].start_after).getTime() - quando.getTime())).toBeLessThan(1000);
    expect(
      await db
        .select()
        .from(s.notificacoes)
        .where(sql`origem = 'GENERICA' and origem_id = ${Number(rec.id)}`),
    ).toEqual([]);
  });
});

describe('audit', () => {
  it('offers the history of a generic notification, naming its user groups, to those who reach it', async () => {
    const rec = (
      await save(token.montadora, { tipo: 'comModelo', titulo: 'Auditada', texto: '<p>x</p>', grupoIds: [aurora] })
    ).data!.salvarNotificacaoGenerica;
    const AUDITORIA = `query($f: AuditoriaFilterInput!) { auditoria(filterInput: $f) {
      totalElements nome content { alteracao } referencias { tipo id nome } } }`;
    const f = { tipo: 'NOTIFICACAO_GENERICA', registroId: rec.id };
    const r = await gql<{
      auditoria: { totalElements: number; nome: string; referencias: { tipo: string; id: string; nome: string }[] };
    }>(portal, AUDITORIA, { f }, token.montadora);
    expect(r.errors).toBeUndefined();
    expect(r.data!.auditoria).toMatchObject({ totalElements: 1, nome: 'Auditada' });
    expect(r.data!.auditoria.referencias).toEqual(
      expect.arrayContaining([{ tipo: 'GRUPO_USUARIOS', id: String(aurora), nome: 'Rede Aurora Motors' }]),
    );
    expect(r.data!.auditoria.referencias.filter((x) => x.tipo === 'GRUPO')).toEqual([]);
    expect(errorCode(await gql(portal, AUDITORIA, { f }, token.dealer))).toBe('FORBIDDEN');
  });
});

describe('cancelling a schedule', () => {
  const CANCEL = `mutation($id: ID!, $version: Int!) { cancelarAgendamentoNotificacaoGenerica(id: $id, version: $version) { ${FIELDS} } }`;
  const rowOf = async (gid: string) =>
    (
      await db
        .select()
        .from(s.notificacoesGenericas)
        .where(eq(s.notificacoesGenericas.id, Number(gid)))
    )[0];

  it("takes it back to a draft, after which its run sends nothing; only its author's reach may, with the version read", async () => {
    const rec = (
      await save(token.montadora, { tipo: 'comModelo', titulo: 'Cancelada', texto: 'x', grupoIds: [aurora] })
    ).data!.salvarNotificacaoGenerica;
    const scheduled = (await send(token.montadora, rec, new Date(Date.now() + 2 * 3600_000).toISOString())).data!
      .enviarNotificacaoGenerica;

    // Someone outside the author's reach: refused, nothing changes.
    const estranho = await signInAsNew(portal, {
      nome: 'Outra Marca',
      email: 'cancela.outra@ng.test',
      tipo: 'MONTADORA',
      funcionalidades: ['PORTAL_NOTIFICACOES_GENERICAS'],
      marcaIds: [(await createMarca(db, 'Marca Cancela')).id],
    });
    expect(errorCode(await gql(portal, CANCEL, { id: rec.id, version: scheduled.version }, estranho.token))).toBe(
      'NOT_FOUND',
    );
    // A stale version: CONFLICT, still scheduled.
    expect(errorCode(await gql(portal, CANCEL, { id: rec.id, version: rec.version }, token.montadora))).toBe(
      'CONFLICT',
    );
    expect((await rowOf(rec.id)).estado).toBe('agendada');

    const cancelled = await gql<{ cancelarAgendamentoNotificacaoGenerica: Record_ }>(
      portal,
      CANCEL,
      { id: rec.id, version: scheduled.version },
      token.montadora,
    );
    expect(cancelled.errors).toBeUndefined();
    expect(cancelled.data!.cancelarAgendamentoNotificacaoGenerica).toMatchObject({
      estado: 'rascunho',
      dataHoraAgendamento: null,
    });
    expect(await rowOf(rec.id)).toMatchObject({ estado: 'rascunho', agendadoPara: null, remetenteId: null });

    // Its pending run comes: it finds nothing scheduled and sends nothing.
    expect(await db.transaction((tx) => sendDue(tx, Number(rec.id)))).toBeUndefined();
    expect(
      await db
        .select()
        .from(s.notificacoes)
        .where(sql`origem = 'GENERICA' and origem_id = ${Number(rec.id)}`),
    ).toEqual([]);

    // Not scheduled any more: a clear refusal.
    const again = await gql(
      portal,
      CANCEL,
      { id: rec.id, version: cancelled.data!.cancelarAgendamentoNotificacaoGenerica.version },
      token.montadora,
    );
    expect(errorCode(again)).toBe('BAD_USER_INPUT');
    expect(again.errors?.[0]?.message).toBe('Esta notificação não está agendada.');
  });
});

/** The record as a save sends it back. */
function pick(r: Record_) {
  return {
    id: r.id,
    version: r.version,
    tipo: r.tipo,
    titulo: r.titulo,
    texto: r.texto,
    grupoIds: r.grupos.map((g) => g.id),
  };
}

// Two processes of the portal on one PostgreSQL database: the scheduled run goes to whichever worker
// claims it, and even runs repeated on both processes at once send it once.
describe.skipIf(!process.env.DATABASE_URL)('scheduled send with two server processes', () => {
  let second: TestPortal;
  beforeAll(async () => {
    second = await startSecondProcess(portal);
  });
  afterAll(() => second?.close());

  it('sends a scheduled notification exactly once', async () => {
    const rec = (await save(token.montadora, { tipo: 'comModelo', titulo: 'Uma vez', texto: 'x', grupoIds: [aurora] }))
      .data!.salvarNotificacaoGenerica;
    const scheduled = await send(token.montadora, rec, new Date(Date.now() + 2 * 3600_000).toISOString());
    expect(scheduled.errors).toBeUndefined();
    const gid = Number(rec.id);
    // Its time comes: the row's and the pg-boss run's.
    await db.execute(
      sql`update notificacoes_genericas set agendado_para = now() - interval '1 second' where id = ${gid}`,
    );
    await db.execute(
      sql`update pgboss.job set start_after = now() where name = 'envioNotificacaoGenerica' and singleton_key = ${rec.id}`,
    );
    // Two repeated runs of it, one on each process, racing the scheduled one.
    const { sendDue } = await import('../../server/features/notificacoesGenericas');
    const racing = await Promise.all([portal, second].map((p) => p.database.db.transaction((tx) => sendDue(tx, gid))));
    const deadline = Date.now() + 20_000;
    let job: { status: string; resultado: unknown } | undefined;
    while (Date.now() < deadline) {
      [job] = await db
        .select({ status: s.jobs.status, resultado: s.jobs.resultado })
        .from(s.jobs)
        .where(sql`fila = 'envioNotificacaoGenerica' and payload->>'id' = ${rec.id}`);
      if (job?.status === 'CONCLUIDO') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(job?.status).toBe('CONCLUIDO');
    const enviadas = await db
      .select()
      .from(s.notificacoes)
      .where(sql`origem = 'GENERICA' and origem_id = ${gid}`);
    expect(enviadas).toHaveLength(1);
    const [row] = await db.select().from(s.notificacoesGenericas).where(eq(s.notificacoesGenericas.id, gid));
    expect(row.estado).toBe('enviada');
    expect(await recipientsOf(db, enviadas[0].id)).toHaveLength(row.destinatarios!);
    // Exactly one of the three runs sent it.
    const sentBy = [
      ...racing.filter((n) => n !== undefined),
      ...((job!.resultado as { enviada: boolean }).enviada ? [1] : []),
    ];
    expect(sentBy).toHaveLength(1);
  });
});
