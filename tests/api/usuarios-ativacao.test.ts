import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionKey, Idioma, TipoUsuario } from '../../domain/enums';
import { INATIVIDADE_FILA } from '../../domain/schemas/superAdmin';
import { translate } from '../../i18n';
import * as s from '../../server/db/schema';
import { cpfFrom, createUsuario } from '../../server/db/seed/builders';
import { seededRandom } from '../../server/db/seed/random';
import { executarInatividade } from '../../server/features/usuarios/inatividade';
import { jobQueueOf } from '../../server/jobs';
import { runQueued } from './jobs';
import { DEMO, errorCode, gql, signIn, signInAsNew, startPortal, type TestPortal } from './portal';

// Activation rules (issue #13): special activation granted and removed within the caller's scope,
// the dormant-user job (inactivation, revocation, audit, warnings, exactly once) and the last
// access recorded by sign-in and API use. Every write is checked in the data afterwards.

let portal: TestPortal;
let db: TestPortal['database']['db'];
let staff: string;
let marcaA: number, marcaC: number;
const random = seededRandom(1414);
let seq = 0;
const email = () => `ativacao.${++seq}.${random.digits(4)}@ativacao.test`;

const log = { info: () => undefined, error: () => undefined };
const DAYS = 90;
const WARNING_DAYS = 7;
const configOf = () => ({
  publicUrl: portal.config.publicUrl,
  smtpUrl: undefined,
  mailFrom: portal.config.mailFrom,
  dormantUsers: { cron: '0 3 * * *', days: DAYS, warningDays: WARNING_DAYS, warningsPerRun: 5000 },
});
const run = () => executarInatividade(db, configOf(), log);

beforeAll(async () => {
  portal = await startPortal();
  db = portal.database.db;
  staff = (await signIn(portal, DEMO.super)).access_token;
  const marcas = await db.select().from(s.marcas).orderBy(s.marcas.nome);
  [marcaA, , marcaC] = marcas.map((m) => m.id);
});
afterAll(() => portal?.close());

/** A user whose last access was `daysAgo` days ago (null: never signed in, created that long ago). */
async function usuario(
  opts: {
    daysAgo?: number;
    neverSignedIn?: boolean;
    ativacaoEspecial?: boolean;
    tipo?: TipoUsuario;
    idioma?: Idioma;
    marcaIds?: number[];
  } = {},
) {
  const u = await createUsuario(db, {
    nome: `Usuária ${++seq}`,
    email: email(),
    cpf: cpfFrom(random),
    tipo: opts.tipo ?? 'MONTADORA',
    idioma: opts.idioma ?? 'PT_BR',
    ativacaoEspecial: opts.ativacaoEspecial ?? false,
    marcaIds: opts.marcaIds ?? [marcaA],
  });
  if (opts.daysAgo !== undefined) await setDesde(u.id, opts.daysAgo, opts.neverSignedIn);
  return u.id;
}

async function setDesde(id: number, daysAgo: number, neverSignedIn = false) {
  const when = sql`now() - make_interval(days => ${daysAgo}::int)`;
  await db
    .update(s.usuarios)
    .set(neverSignedIn ? { ultimoAcesso: null, createdAt: when } : { ultimoAcesso: when })
    .where(eq(s.usuarios.id, id));
}

const row = async (id: number) => (await db.select().from(s.usuarios).where(eq(s.usuarios.id, id)))[0];

const auditOf = (id: number, alteracao: string) =>
  db
    .select()
    .from(s.auditoria)
    .where(
      and(
        eq(s.auditoria.alteracao, alteracao),
        sql`(${s.auditoria.registroId} = ${String(id)} or ${id}::int = any(${s.auditoria.registros}))`,
      ),
    );

const oidcRecordsOf = async (id: number) =>
  (
    await db
      .select({ id: s.oidcPayloads.id })
      .from(s.oidcPayloads)
      .where(sql`${s.oidcPayloads.payload}->>'accountId' = ${String(id)}`)
  ).length;

const outboxOf = (to: string) => db.select().from(s.emailOutbox).where(eq(s.emailOutbox.para, to));

describe('special activation', () => {
  const LIBERAR = 'mutation($id: ID!) { liberarAtivacaoEspecial(usuarioId: $id) { id version ativacaoEspecial } }';
  const REMOVER = 'mutation($id: ID!) { removerAtivacaoEspecial(usuarioId: $id) { id version ativacaoEspecial } }';
  const caller = (funcionalidades: FunctionKey[]) =>
    signInAsNew(portal, {
      nome: `Gestora ${++seq}`,
      email: email(),
      tipo: 'MONTADORA',
      funcionalidades,
      marcaIds: [marcaA],
    });

  it('is granted and removed by a holder of LIBERAR_ATIVACAO_ESPECIAL, audited, version bumped', async () => {
    const { id: gestora, token } = await caller(['LIBERAR_ATIVACAO_ESPECIAL']);
    const alvo = await usuario();
    const before = await row(alvo);

    const granted = await gql<{ liberarAtivacaoEspecial: { ativacaoEspecial: boolean; version: number } }>(
      portal,
      LIBERAR,
      { id: alvo },
      token,
    );
    expect(granted.errors).toBeUndefined();
    expect(granted.data!.liberarAtivacaoEspecial).toMatchObject({
      ativacaoEspecial: true,
      version: before.version + 1,
    });
    expect((await row(alvo)).ativacaoEspecial).toBe(true);
    const [entry] = await auditOf(alvo, 'ALTERACAO');
    expect(entry).toMatchObject({
      autorId: gestora,
      valorAnterior: { ativacaoEspecial: false },
      valorNovo: { ativacaoEspecial: true },
    });

    const removed = await gql<{ removerAtivacaoEspecial: { ativacaoEspecial: boolean } }>(
      portal,
      REMOVER,
      { id: alvo },
      token,
    );
    expect(removed.data!.removerAtivacaoEspecial.ativacaoEspecial).toBe(false);
    const after = await row(alvo);
    expect(after.ativacaoEspecial).toBe(false);
    expect(after.version).toBe(before.version + 2);
    expect(await auditOf(alvo, 'ALTERACAO')).toHaveLength(2);
  });

  it('is refused without the function, even to a user maintainer, and changes nothing', async () => {
    const { token } = await caller(['PORTAL_MANUTENCAO_USUARIOS']);
    const alvo = await usuario();
    const before = await row(alvo);
    expect(errorCode(await gql(portal, LIBERAR, { id: alvo }, token))).toBe('FORBIDDEN');
    const after = await row(alvo);
    expect(after.ativacaoEspecial).toBe(false);
    expect(after.version).toBe(before.version);
  });

  it("is refused for a user outside the caller's scope, and changes nothing", async () => {
    const { token } = await caller(['LIBERAR_ATIVACAO_ESPECIAL']);
    const fora = await usuario({ marcaIds: [marcaC] });
    const especial = await usuario({ marcaIds: [marcaC], ativacaoEspecial: true });
    const response = await gql(portal, LIBERAR, { id: fora }, token);
    expect(errorCode(response)).toBe('FORBIDDEN');
    expect(response.errors![0].message).toBe(translate('PT_BR', 'errors.outsideScope'));
    expect(errorCode(await gql(portal, REMOVER, { id: especial }, token))).toBe('FORBIDDEN');
    expect((await row(fora)).ativacaoEspecial).toBe(false);
    expect((await row(especial)).ativacaoEspecial).toBe(true);
    expect(await auditOf(fora, 'ALTERACAO')).toHaveLength(0);
  });
});

describe('the dormant-user job', () => {
  it('inactivates dormant users once, revokes their sessions, audits them and warns those about to be', async () => {
    // A dormant user with a session: signed in, then their last access moved back.
    const dormant = await signInAsNew(portal, {
      nome: 'Dormente',
      email: email(),
      cpf: cpfFrom(random),
      tipo: 'MONTADORA',
      marcaIds: [marcaA],
    });
    await setDesde(dormant.id, DAYS + 5);
    expect(await oidcRecordsOf(dormant.id)).toBeGreaterThan(0);
    const nunca = await usuario({ daysAgo: DAYS + 1, neverSignedIn: true });
    const especial = await usuario({ daysAgo: DAYS + 30, ativacaoEspecial: true });
    const recente = await usuario({ daysAgo: 10 });
    const staffDormant = await usuario({ daysAgo: DAYS + 30, tipo: 'TECSINAPSE', marcaIds: [] });
    const avisar = await usuario({ daysAgo: DAYS - 3, idioma: 'EN' });
    const versions = { dormant: (await row(dormant.id)).version };

    const first = await run();
    expect(first.usuariosInativados).toBeGreaterThanOrEqual(2);

    for (const id of [dormant.id, nunca]) {
      expect(await row(id)).toMatchObject({ active: false, inativadoPorInatividade: true });
      const audit = await auditOf(id, 'INATIVACAO_INATIVIDADE');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ tipo: 'USUARIO', registroId: null, autorId: null });
      expect(audit[0].registros).toEqual(expect.arrayContaining([dormant.id, nunca]));
    }
    expect((await row(dormant.id)).version).toBe(versions.dormant + 1);
    expect(await oidcRecordsOf(dormant.id)).toBe(0);
    expect(errorCode(await gql(portal, '{ usuarioLogado { id } }', {}, dormant.token))).toBe('UNAUTHENTICATED');
    for (const id of [especial, recente, staffDormant, avisar]) {
      expect(await row(id)).toMatchObject({ active: true, inativadoPorInatividade: false });
    }

    // Warned once, in their language, with the date of inactivation and the portal's link.
    const alvo = await row(avisar);
    expect(alvo.avisoInatividadeEm).not.toBeNull();
    const mails = await outboxOf(alvo.email);
    expect(mails).toHaveLength(1);
    const data = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(alvo.ultimoAcesso!.getTime() + DAYS * 86_400_000),
    );
    expect(mails[0].assunto).toBe(translate('EN', 'usuarios.inatividade.mailSubject', { data }));
    expect(mails[0].texto).toContain(data);
    expect(mails[0].texto).toContain(`${portal.config.publicUrl}/`);
    for (const id of [recente, especial]) expect(await outboxOf((await row(id)).email)).toHaveLength(0);

    // A second run changes nothing of theirs and warns nobody again.
    const second = await run();
    expect(second.avisosEnviados).toBe(0);
    expect(await outboxOf(alvo.email)).toHaveLength(1);
    expect(await auditOf(dormant.id, 'INATIVACAO_INATIVIDADE')).toHaveLength(1);
    expect((await row(dormant.id)).version).toBe(versions.dormant + 1);

    // The list's filter shows them.
    const list = await gql<{ usuarios: { content: { id: string; inativadoPorInatividade: boolean }[] } }>(
      portal,
      `query($f: UsuarioFilterInput!) { usuarios(filterInput: $f) { content { id inativadoPorInatividade } } }`,
      { f: { page: 0, rowsPerPage: 100, inativadoPorInatividade: true } },
      staff,
    );
    const ids = list.data!.usuarios.content.map((u) => Number(u.id));
    expect(ids).toEqual(expect.arrayContaining([dormant.id, nunca]));
    expect(ids).not.toContain(recente);
  });

  it('warns again only after a new access, and reactivation restarts the clock', async () => {
    const avisar = await usuario({ daysAgo: DAYS - 2 });
    await run();
    expect(await outboxOf((await row(avisar)).email)).toHaveLength(1);
    // Warned long ago, signed in after that, then dormant again: a new warning.
    await setDesde(avisar, DAYS - 1);
    await db
      .update(s.usuarios)
      .set({ avisoInatividadeEm: sql`now() - interval '100 days'` })
      .where(eq(s.usuarios.id, avisar));
    await run();
    expect(await outboxOf((await row(avisar)).email)).toHaveLength(2);

    const inativo = await usuario({ daysAgo: DAYS + 10 });
    await run();
    expect((await row(inativo)).inativadoPorInatividade).toBe(true);
    const on = await gql<{ ativarUsuario: { active: boolean; inativadoPorInatividade: boolean } }>(
      portal,
      'mutation($id: ID!) { ativarUsuario(id: $id) { active inativadoPorInatividade } }',
      { id: inativo },
      staff,
    );
    expect(on.data!.ativarUsuario).toEqual({ active: true, inativadoPorInatividade: false });
    const restarted = await row(inativo);
    expect(Date.now() - restarted.ultimoAcesso!.getTime()).toBeLessThan(3_600_000);
    expect(restarted.avisoInatividadeEm).toBeNull();
    await run();
    expect(await row(inativo)).toMatchObject({ active: true, inativadoPorInatividade: false });
  });

  it('inactivates a user once when two runs overlap', async () => {
    const alvo = await usuario({ daysAgo: DAYS + 3 });
    const avisar = await usuario({ daysAgo: DAYS - 1 });
    const version = (await row(alvo)).version;
    await Promise.all([run(), run()]);
    expect(await row(alvo)).toMatchObject({ active: false, version: version + 1 });
    expect(await auditOf(alvo, 'INATIVACAO_INATIVIDADE')).toHaveLength(1);
    expect(await outboxOf((await row(avisar)).email)).toHaveLength(1);
  });

  it('is scheduled on pg-boss and its run, with counts, shows on the super-admin page', async () => {
    const { boss } = jobQueueOf(db);
    const schedules = await boss.getSchedules();
    expect(schedules.find((x) => x.name === INATIVIDADE_FILA)?.cron).toBe('0 3 * * *');

    const alvo = await usuario({ daysAgo: DAYS + 3 });
    await runQueued(db, INATIVIDADE_FILA);
    expect((await row(alvo)).inativadoPorInatividade).toBe(true);
    const latest = await gql<{ ultimosJobs: { fila: string; resultado: string }[] }>(
      portal,
      '{ ultimosJobs { fila resultado } }',
      {},
      staff,
    );
    const shown = latest.data!.ultimosJobs.find((j) => j.fila === INATIVIDADE_FILA);
    expect(JSON.parse(shown!.resultado)).toMatchObject({ usuariosInativados: 1, avisosEnviados: 0 });
  });
});

describe('last access', () => {
  it('is recorded by API use at most once an hour', async () => {
    const { id, token } = await signInAsNew(portal, {
      nome: 'Acesso',
      email: email(),
      cpf: cpfFrom(random),
      tipo: 'MONTADORA',
      marcaIds: [marcaA],
    });
    // Sign-in recorded it.
    expect((await row(id)).ultimoAcesso).not.toBeNull();

    // Two hours ago: the next API call records it again (without holding the request up).
    await db
      .update(s.usuarios)
      .set({ ultimoAcesso: sql`now() - interval '2 hours'` })
      .where(eq(s.usuarios.id, id));
    const twoHoursAgo = (await row(id)).ultimoAcesso!.getTime();
    expect(errorCode(await gql(portal, '{ usuarioLogado { id } }', {}, token))).toBeUndefined();
    let recorded = twoHoursAgo;
    for (let i = 0; i < 100 && recorded === twoHoursAgo; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      recorded = (await row(id)).ultimoAcesso!.getTime();
    }
    expect(recorded - twoHoursAgo).toBeGreaterThan(3_600_000);

    // Half an hour ago: API use within the hour leaves it as it is.
    await db
      .update(s.usuarios)
      .set({ ultimoAcesso: sql`now() - interval '30 minutes'` })
      .where(eq(s.usuarios.id, id));
    const halfHourAgo = (await row(id)).ultimoAcesso!.getTime();
    for (let i = 0; i < 3; i++) await gql(portal, '{ usuarioLogado { id } }', {}, token);
    await gql(portal, '{ usuarioLogado { id } }', {}, staff);
    expect((await row(id)).ultimoAcesso!.getTime()).toBe(halfHourAgo);
  });
});
