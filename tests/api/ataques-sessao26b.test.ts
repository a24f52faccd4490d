import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FunctionKey } from '../../domain/enums';
import * as s from '../../server/db/schema';
import { seedKit } from './kit';
import { at, camposSlide, DURING, imagemVitrine } from './vitrineDados';
import { diaDoPortal, errorCode, fieldErrors, gql } from './portal';

// Review of session 26 (b): temporary absences and the approval delegation they drive, generic
// notifications, and the home page's slides, adverts and recent announcements, as a hostile
// signed-in manufacturer of brand A against brand B. Each test asserts the secure behaviour and
// reads the data back; a failing test is a defect.

const kit = seedKit({ seed: 2662, domain: 'ataques-sessao26b.test' });

type Caller = { id: number; token: string };
const ABSENCES: FunctionKey = 'PORTAL_AUSENCIA_TEMPORARIA';
const APPROVE: FunctionKey = 'PORTAL_APROVACAO_ENVIO_COMUNICADOS';
const CREATE: FunctionKey = 'PORTAL_CRIACAO_COMUNICADOS';
const KEYS: FunctionKey[] = [
  ABSENCES,
  APPROVE,
  CREATE,
  'PORTAL_NOTIFICACOES_GENERICAS',
  'PORTAL_MANUTENCAO_MODELO',
  'PORTAL_MANUTENCAO_SLIDES',
  'PORTAL_MANUTENCAO_ANUNCIOS',
];

let marcaA: number, marcaB: number;
/** Brand A's manufacturer holding every key (the attacker). */
let gestorA: Caller;
/** Brand B's manufacturer holding every key (the victim). */
let gestorB: Caller;
/** Brand B's author of announcements (no approval key). */
let autorB: Caller;
/** Another approver of brand B only. */
let aprovadorB2: Caller;
/** Brand A's approver. */
let aprovadorA: Caller;
/** Approvers of both brands (shared: brand A may keep their absences). */
let compartilhado1: Caller, compartilhado2: Caller;
/** A brand-B-only approver, named delegate by brand B. */
let substB: { id: number; nome: string };
/** Dealer-group readers at brand A's and brand B's dealers. */
let leitorA: Caller, leitorB: Caller;
/** Private user groups of each brand's manufacturer: that brand's dealer-group users. */
let redeA: number, redeB: number, redeAutorB: number;
/** A public group of the provider's staff: every dealer-group user of every brand. */
let todos: number;

const dia = diaDoPortal;

const call = <T = Record<string, unknown>>(token: string, query: string, variables: Record<string, unknown> = {}) =>
  gql<T>(kit.portal, query, variables, token);

beforeAll(async () => {
  await kit.start();
  marcaA = (await kit.marca('Marca A')).id;
  marcaB = (await kit.marca('Marca B')).id;
  const dA = await kit.dealer({ marcaIds: [marcaA], nome: 'Dealer A' });
  const dB = await kit.dealer({ marcaIds: [marcaB], nome: 'Dealer B' });
  gestorA = await kit.caller({ tipo: 'MONTADORA', marca: marcaA, funcionalidades: KEYS });
  gestorB = await kit.caller({ tipo: 'MONTADORA', marca: marcaB, funcionalidades: KEYS });
  autorB = await kit.caller({ tipo: 'MONTADORA', marca: marcaB, funcionalidades: [CREATE] });
  aprovadorB2 = await kit.caller({ tipo: 'MONTADORA', marca: marcaB, funcionalidades: [APPROVE] });
  aprovadorA = await kit.caller({ tipo: 'MONTADORA', marca: marcaA, funcionalidades: [APPROVE] });
  compartilhado1 = await kit.caller({ tipo: 'MONTADORA', marca: [marcaA, marcaB], funcionalidades: [APPROVE] });
  compartilhado2 = await kit.caller({ tipo: 'MONTADORA', marca: [marcaA, marcaB], funcionalidades: [APPROVE] });
  substB = await kit.usuario({
    tipo: 'MONTADORA',
    marca: marcaB,
    nome: kit.unique('Substituta Secreta B'),
    funcionalidades: [APPROVE],
  });
  leitorA = await kit.caller({ tipo: 'DEALER_GRUPO', marca: marcaA, dealer: dA.id });
  leitorB = await kit.caller({ tipo: 'DEALER_GRUPO', marca: marcaB, dealer: dB.id });
  redeA = await kit.rede(marcaA, gestorA.id, { publico: false, nome: 'Rede A' });
  redeB = await kit.rede(marcaB, gestorB.id, { publico: false, nome: 'Rede B' });
  redeAutorB = await kit.rede(marcaB, autorB.id, { publico: false, nome: 'Rede do autor B' });
  const [g] = await kit.db
    .insert(s.gruposUsuarios)
    .values({
      nome: kit.unique('Todos'),
      publico: true,
      criadorId: kit.staffId,
      possuiPerfil: true,
      todosDealers: true,
    })
    .returning();
  await kit.db.insert(s.grupoUsuariosTiposUsuario).values({ grupoUsuariosId: g.id, tipo: 'DEALER_GRUPO' });
  await kit.db.insert(s.grupoUsuariosMarcas).values([
    { grupoUsuariosId: g.id, marcaId: marcaA },
    { grupoUsuariosId: g.id, marcaId: marcaB },
  ]);
  todos = g.id;
});

// ---------------------------------------------------------------------------------------------
// Temporary absences and the approval delegation
// ---------------------------------------------------------------------------------------------

const AUSENCIA_FIELDS = `id version usuarioId inicio retorno motivo substituto { id nome } arquivo { id nome }`;
type Ausencia = { id: string; version: number; substituto: { id: string; nome: string } | null };
const salvarAusencia = (token: string, a: Record<string, unknown>) =>
  call<{ salvarAusenciaTemporaria: Ausencia }>(
    token,
    `mutation($a: AusenciaTemporariaInput!) { salvarAusenciaTemporaria(ausencia: $a) { ${AUSENCIA_FIELDS} } }`,
    { a },
  );
const ausencia = (usuarioId: number, extra: Record<string, unknown> = {}) => ({
  usuarioId,
  inicio: dia(0),
  retorno: dia(5),
  motivo: 'Férias',
  justificativa: 'Férias anuais programadas do aprovador',
  ...extra,
});
const ausenciasDe = (usuarioId: number) =>
  kit.db.select().from(s.ausenciasTemporarias).where(eq(s.ausenciasTemporarias.usuarioId, usuarioId));

const COM_FIELDS = `id version status { id } detentoresAprovacao { id } acoes`;
type Com = { id: string; version: number; status: { id: string }; detentoresAprovacao: { id: string }[] };
async function emAprovacao(autor: Caller, grupo: number, aprovadorId: number): Promise<Com> {
  const salvo = await call<{ r: Com }>(
    autor.token,
    `mutation($c: ComunicadoInput!) { r: salvarComunicado(comunicado: $c) { ${COM_FIELDS} } }`,
    { c: { titulo: kit.unique('Comunicado'), mensagem: '<p>Texto</p>', grupoIds: [grupo] } },
  );
  expect(salvo.errors, JSON.stringify(salvo.errors)).toBeUndefined();
  const c = salvo.data!.r;
  const sub = await call<{ r: Com }>(
    autor.token,
    `mutation($id: ID!, $v: Int, $a: ID!) { r: enviarComunicadoParaAprovacao(id: $id, version: $v, aprovadorId: $a) { ${COM_FIELDS} } }`,
    { id: c.id, v: c.version, a: aprovadorId },
  );
  expect(sub.errors, JSON.stringify(sub.errors)).toBeUndefined();
  return sub.data!.r;
}
const estadoNoBanco = async (id: string) =>
  (
    await kit.db
      .select()
      .from(s.comunicados)
      .where(eq(s.comunicados.id, Number(id)))
  )[0];
const aprovar = (token: string, c: { id: string; version: number }) =>
  call(token, `mutation($id: ID!, $v: Int) { aprovarComunicado(id: $id, version: $v) { id status { id } } }`, {
    id: c.id,
    v: c.version,
  });

describe('absences: a shared user kept by both brands', () => {
  it("does not name to brand A the brand-B-only delegate brand B chose for a shared user's absence", async () => {
    const criada = await salvarAusencia(gestorB.token, ausencia(compartilhado1.id, { substitutoId: substB.id }));
    expect(criada.errors, JSON.stringify(criada.errors)).toBeUndefined();
    const id = criada.data!.salvarAusenciaTemporaria.id;
    // Brand A may not offer that user as a delegate itself: outside its scope.
    const oferta = await call<{ substitutosAusencia: { id: string }[] }>(
      gestorA.token,
      'query($u: ID!, $b: String) { substitutosAusencia(usuarioId: $u, busca: $b) { id } }',
      { u: compartilhado1.id, b: 'Substituta Secreta B' },
    );
    expect(oferta.data!.substitutosAusencia).toEqual([]);

    const um = await call(gestorA.token, `query($id: ID!) { ausenciaTemporaria(id: $id) { ${AUSENCIA_FIELDS} } }`, {
      id,
    });
    const lista = await call(
      gestorA.token,
      `query($u: ID!) { ausenciasTemporarias(filterInput: { usuarioId: $u }) { content { ${AUSENCIA_FIELDS} } } }`,
      { u: compartilhado1.id },
    );
    // Brand A reads the absence (by design) but must not learn brand B's user's name through it.
    expect(um.errors).toBeUndefined();
    expect(lista.errors).toBeUndefined();
    expect(JSON.stringify(um.data)).not.toContain(substB.nome);
    expect(JSON.stringify(lista.data)).not.toContain(substB.nome);
    // The delegate is kept by id (a save of the form keeps it) and named as outside brand A's scope.
    expect((um.data as { ausenciaTemporaria: { substituto: unknown } }).ausenciaTemporaria.substituto).toEqual({
      id: String(substB.id),
      nome: 'Usuário fora do seu escopo',
    });
    // The stored delegate is untouched by the reads.
    expect((await ausenciasDe(compartilhado1.id))[0].substitutoId).toBe(substB.id);
    // Brand A saves the absence as its form sends it back (the delegate's id unchanged): it keeps brand B's delegate.
    const [guardada] = await ausenciasDe(compartilhado1.id);
    const salva = await salvarAusencia(
      gestorA.token,
      ausencia(compartilhado1.id, { id, version: guardada.version, substitutoId: substB.id, motivo: 'Licença' }),
    );
    expect(salva.errors, JSON.stringify(salva.errors)).toBeUndefined();
    const [depois] = await ausenciasDe(compartilhado1.id);
    expect(depois).toMatchObject({ motivo: 'Licença', substitutoId: substB.id });
  });

  it("cannot steal brand B's approval by naming itself delegate of a shared approver's absence", async () => {
    const c = await emAprovacao(autorB, redeAutorB, compartilhado2.id);
    expect(c.detentoresAprovacao.map((d) => Number(d.id))).toEqual([compartilhado2.id]);
    // Brand A records an absence of the shared approver (allowed: in scope) naming itself delegate.
    const criada = await salvarAusencia(gestorA.token, ausencia(compartilhado2.id, { substitutoId: gestorA.id }));
    expect(criada.errors, JSON.stringify(criada.errors)).toBeUndefined();

    expect(errorCode(await call(gestorA.token, 'query($id: ID!) { comunicado(id: $id) { id } }', { id: c.id }))).toBe(
      'NOT_FOUND',
    );
    const pendentes = await call<{ comunicados: { content: { id: string }[] } }>(
      gestorA.token,
      '{ comunicados(filterInput: { aba: "PENDENTES_APROVACAO" }) { content { id } } }',
    );
    expect(pendentes.data!.comunicados.content.map((x) => x.id)).not.toContain(c.id);
    expect(errorCode(await aprovar(gestorA.token, c))).toBe('NOT_FOUND');
    const depois = await estadoNoBanco(c.id);
    expect(depois.estado).toBe('EM_APROVACAO');
    expect(depois.decididoPorId).toBeNull();
    // The holders are brand B's other approvers, never brand A's.
    const lido = await call<{ r: Com }>(autorB.token, `query($id: ID!) { r: comunicado(id: $id) { ${COM_FIELDS} } }`, {
      id: c.id,
    });
    const detentores = lido.data!.r.detentoresAprovacao.map((d) => Number(d.id));
    expect(detentores).not.toContain(gestorA.id);
    expect(detentores).toContain(aprovadorB2.id);
  });

  it('cannot approve its own announcement by being the delegate of its chosen approver', async () => {
    const c = await emAprovacao(gestorA, redeA, aprovadorA.id);
    const criada = await salvarAusencia(gestorA.token, ausencia(aprovadorA.id, { substitutoId: gestorA.id }));
    expect(criada.errors, JSON.stringify(criada.errors)).toBeUndefined();
    const lido = await call<{ r: Com }>(gestorA.token, `query($id: ID!) { r: comunicado(id: $id) { ${COM_FIELDS} } }`, {
      id: c.id,
    });
    expect(lido.data!.r.detentoresAprovacao.map((d) => Number(d.id))).not.toContain(gestorA.id);
    expect(errorCode(await aprovar(gestorA.token, lido.data!.r))).toBe('FORBIDDEN');
    expect((await estadoNoBanco(c.id)).estado).toBe('EM_APROVACAO');
  });
});

describe('absences: refused attacks', () => {
  it("refuses brand A every write on brand B's users and absences, bad delegates and a past start; nothing stored", async () => {
    const doB = await salvarAusencia(gestorB.token, ausencia(aprovadorB2.id, { substitutoId: substB.id }));
    expect(doB.errors).toBeUndefined();
    const b = doB.data!.salvarAusenciaTemporaria;
    const antes = await ausenciasDe(aprovadorB2.id);

    // Create for brand B's user, edit (move the delegate to itself), delete, read.
    expect(
      errorCode(await salvarAusencia(gestorA.token, ausencia(substB.id, { inicio: dia(10), retorno: dia(12) }))),
    ).toMatch(/FORBIDDEN|NOT_FOUND/);
    const edit = await salvarAusencia(gestorA.token, {
      ...ausencia(aprovadorB2.id),
      id: b.id,
      version: b.version,
      substitutoId: gestorA.id,
    });
    expect(errorCode(edit)).toBe('NOT_FOUND');
    const del = await call(
      gestorA.token,
      'mutation($id: ID!, $v: Int) { excluirAusenciaTemporaria(id: $id, version: $v) }',
      {
        id: b.id,
        v: b.version,
      },
    );
    expect(errorCode(del)).toBe('NOT_FOUND');
    expect(
      errorCode(await call(gestorA.token, 'query($id: ID!) { ausenciaTemporaria(id: $id) { id } }', { id: b.id })),
    ).toBe('NOT_FOUND');
    const doc = await fetch(`${kit.portal.url}/api/ausencias/${b.id}/documento`, {
      headers: { authorization: `Bearer ${gestorA.token}` },
    });
    expect(doc.status).toBe(404);
    expect(await ausenciasDe(aprovadorB2.id)).toEqual(antes);

    // Delegates: brand B's user, the absent user, an inactive user.
    const inativo = await kit.usuario({ tipo: 'MONTADORA', marca: marcaA, active: false, funcionalidades: [APPROVE] });
    for (const substitutoId of [substB.id, aprovadorA.id, inativo.id]) {
      const r = await salvarAusencia(
        gestorA.token,
        ausencia(aprovadorA.id, { inicio: dia(20), retorno: dia(22), substitutoId }),
      );
      expect(errorCode(r)).toBe('BAD_USER_INPUT');
      expect(fieldErrors(r).substitutoId).toBeTruthy();
    }
    // A start in the past; an overlap with the absence already recorded.
    expect(
      fieldErrors(await salvarAusencia(gestorA.token, ausencia(aprovadorA.id, { inicio: dia(-3), retorno: dia(-1) })))
        .inicio,
    ).toBeTruthy();
    expect(
      fieldErrors(await salvarAusencia(gestorA.token, ausencia(aprovadorA.id, { inicio: dia(3), retorno: dia(30) })))
        .inicio,
    ).toBeTruthy();
    const deA = await ausenciasDe(aprovadorA.id);
    expect(deA).toHaveLength(1);
    expect(deA[0].retorno).toBe(dia(5));
    // Every stored absence is audited.
    const { rows } = await kit.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ausencias_temporarias a where not exists (select 1 from auditoria x
        where x.tipo = 'AUSENCIA_TEMPORARIA' and x.registro_id = a.id::text and x.alteracao = 'CRIACAO')`,
    );
    expect(Number(rows[0].n)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Generic notifications
// ---------------------------------------------------------------------------------------------

const NG_FIELDS = `id version tipo estado titulo texto link grupos { id nome } modelo { id } destinatarios`;
type Ng = { id: string; version: number; estado: string; texto: string };
const salvarNg = (token: string, n: Record<string, unknown>) =>
  call<{ r: Ng }>(
    token,
    `mutation($n: NotificacaoGenericaInput!) { r: salvarNotificacaoGenerica(notificacaoGenerica: $n) { ${NG_FIELDS} } }`,
    { n },
  );
const enviarNg = (token: string, n: { id: string; version: number }, quando?: string) =>
  call<{ r: Ng }>(
    token,
    `mutation($id: ID!, $v: Int, $q: String) { r: enviarNotificacaoGenerica(id: $id, version: $v, dataHoraAgendamento: $q) { ${NG_FIELDS} } }`,
    { id: n.id, v: n.version, q: quando ?? null },
  );
const ngNoBanco = async (id: string) =>
  (
    await kit.db
      .select()
      .from(s.notificacoesGenericas)
      .where(eq(s.notificacoesGenericas.id, Number(id)))
  )[0];

describe("generic notifications: brand B's records", () => {
  it("refuses brand A brand B's notification, model and group on every operation; nothing changed", async () => {
    const modelo = await salvarNg(gestorB.token, { tipo: 'modelo', titulo: 'Modelo B', texto: '<p>Olá {nome}</p>' });
    expect(modelo.errors).toBeUndefined();
    const n = await salvarNg(gestorB.token, {
      tipo: 'comModelo',
      titulo: 'Aviso B',
      texto: '<p>Segredo B</p>',
      grupoIds: [redeB],
    });
    expect(n.errors).toBeUndefined();
    const rec = n.data!.r;
    const agendada = await enviarNg(gestorB.token, rec, new Date(Date.now() + 3 * 3_600_000).toISOString());
    expect(agendada.errors).toBeUndefined();
    const antes = await ngNoBanco(rec.id);
    const a = agendada.data!.r;

    const q = (query: string, v: Record<string, unknown>) => call(gestorA.token, query, v);
    expect(errorCode(await q('query($id: ID!) { notificacaoGenerica(id: $id) { id } }', { id: a.id }))).toBe(
      'NOT_FOUND',
    );
    expect(errorCode(await q('query($id: ID!) { versoesNotificacaoGenerica(id: $id) { versao } }', { id: a.id }))).toBe(
      'NOT_FOUND',
    );
    expect(
      errorCode(await q('query($id: ID!) { notificacaoGenerica(id: $id) { id } }', { id: modelo.data!.r.id })),
    ).toBe('NOT_FOUND');
    const lista = await call<{ notificacoesGenericas: { content: { id: string }[] } }>(
      gestorA.token,
      '{ notificacoesGenericas(filterInput: { rowsPerPage: 100 }) { content { id } } }',
    );
    expect(lista.data!.notificacoesGenericas.content.map((x) => x.id)).not.toContain(a.id);
    expect(
      errorCode(
        await salvarNg(gestorA.token, {
          id: a.id,
          version: a.version,
          tipo: 'comModelo',
          titulo: 'Mudado',
          texto: 'x',
          grupoIds: [redeA],
        }),
      ),
    ).toBe('NOT_FOUND');
    expect(errorCode(await q('mutation($id: ID!) { copiarNotificacaoGenerica(id: $id) { id } }', { id: a.id }))).toBe(
      'NOT_FOUND',
    );
    expect(errorCode(await enviarNg(gestorA.token, a))).toBe('NOT_FOUND');
    expect(
      errorCode(
        await q(
          'mutation($id: ID!, $v: Int!) { cancelarAgendamentoNotificacaoGenerica(id: $id, version: $v) { id } }',
          { id: a.id, v: a.version },
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(await ngNoBanco(rec.id)).toEqual(antes);

    // Brand B's group and model in brand A's own notification; the preview of brand B's group.
    const comGrupo = await salvarNg(gestorA.token, {
      tipo: 'comModelo',
      titulo: 'Roubo',
      texto: 'x',
      grupoIds: [redeB],
    });
    expect(fieldErrors(comGrupo).grupoIds).toBeTruthy();
    const comModelo = await salvarNg(gestorA.token, {
      tipo: 'comModelo',
      titulo: 'Roubo',
      texto: 'x',
      modeloId: modelo.data!.r.id,
    });
    expect(fieldErrors(comModelo).modeloId).toBeTruthy();
    expect(errorCode(await q('query($g: [ID!]!) { previaNotificacaoGenerica(grupoIds: $g) }', { g: [redeB] }))).toBe(
      'NOT_FOUND',
    );
    expect(
      await kit.db.select().from(s.notificacoesGenericas).where(eq(s.notificacoesGenericas.titulo, 'Roubo')),
    ).toEqual([]);
  });
});

describe('generic notifications: schedule, send twice, HTML', () => {
  it('refuses a time in the past and a second send; sanitises scripts, handlers and javascript: links', async () => {
    const texto =
      '<p onclick="alert(1)">Oi {nome}</p><img src=x onerror=alert(1)><script>alert(2)</script>' +
      '<a href="javascript:alert(3)">j</a><a href="{email}">e</a><a href="https://ok.example" target="top">k</a>' +
      '<span style="background:url(javascript:alert(4))">s</span><iframe src="https://evil.example"></iframe>';
    const linkRuim = await salvarNg(gestorA.token, {
      tipo: 'comModelo',
      titulo: 'Link',
      texto: 'x',
      link: 'javascript:alert(1)',
    });
    expect(fieldErrors(linkRuim).link).toBeTruthy();
    const n = await salvarNg(gestorA.token, {
      tipo: 'comModelo',
      titulo: kit.unique('HTML'),
      texto,
      grupoIds: [redeA],
    });
    expect(n.errors).toBeUndefined();
    const rec = n.data!.r;

    const passado = await enviarNg(gestorA.token, rec, new Date(Date.now() - 3_600_000).toISOString());
    expect(fieldErrors(passado).dataHoraAgendamento).toBeTruthy();
    const logo = await enviarNg(gestorA.token, rec, new Date(Date.now() + 5 * 60_000).toISOString());
    expect(fieldErrors(logo).dataHoraAgendamento).toBeTruthy();
    expect((await ngNoBanco(rec.id)).estado).toBe('rascunho');

    const enviada = await enviarNg(gestorA.token, rec);
    expect(enviada.errors, JSON.stringify(enviada.errors)).toBeUndefined();
    const e = enviada.data!.r;
    expect(errorCode(await enviarNg(gestorA.token, e))).toBe('BAD_USER_INPUT');
    const { rows } = await kit.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notificacoes where origem = 'GENERICA' and origem_id = ${Number(rec.id)}`,
    );
    expect(Number(rows[0].n)).toBe(1);

    const menu = await call<{ notificacoesMenu: { titulo: string; texto: string }[] }>(
      leitorA.token,
      '{ notificacoesMenu { titulo texto } }',
    );
    const lida = menu.data!.notificacoesMenu.find((m) => m.titulo.startsWith('HTML'));
    expect(lida).toBeDefined();
    expect(lida!.texto).not.toMatch(/onclick|onerror|<script|<img|javascript:|<iframe|style=|href="\{|href="[^"]*@/i);
    expect(lida!.texto).toContain('rel="noopener noreferrer"');
    // Brand B's reader got nothing.
    const menuB = await call<{ notificacoesMenu: { titulo: string }[] }>(
      leitorB.token,
      '{ notificacoesMenu { titulo } }',
    );
    expect(menuB.data!.notificacoesMenu.some((m) => m.titulo.startsWith('HTML'))).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Slides, adverts and the home page
// ---------------------------------------------------------------------------------------------

const imagem = (token: string) => imagemVitrine(kit.portal, token);
const SLIDE_FIELDS = 'id version titulo ordem inicioDate fimDate active grupos { id }';
type Slide = { id: string; version: number; titulo: string; ordem: number };
const slideInput = async (token: string, titulo: string, grupoIds: number[]) =>
  camposSlide(titulo, await imagem(token), grupoIds);
async function novoSlide(token: string, titulo: string, grupoIds: number[]) {
  const r = await call<{ r: Slide }>(
    token,
    `mutation($s: SlideInput!) { r: salvarSlide(slide: $s) { ${SLIDE_FIELDS} } }`,
    {
      s: await slideInput(token, titulo, grupoIds),
    },
  );
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data!.r;
}
async function novoAnuncio(token: string, titulo: string, grupoIds: number[]) {
  const r = await call<{ r: Slide }>(
    token,
    'mutation($a: AnuncioInput!) { r: salvarAnuncio(anuncio: $a) { id version titulo } }',
    {
      a: {
        titulo,
        link: 'https://example.com/a',
        ...DURING,
        arquivoId: await imagem(token),
        grupoIds,
      },
    },
  );
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data!.r;
}
const slideNoBanco = async (id: string) =>
  (
    await kit.db
      .select()
      .from(s.slides)
      .where(eq(s.slides.id, Number(id)))
  )[0];

describe("vitrine: brand B's slides and adverts", () => {
  it("refuses brand A reading, editing, (in)activating and moving brand B's slide and advert; the home shows B's to B only", async () => {
    const slideB = await novoSlide(gestorB.token, kit.unique('Slide B'), [todos]);
    const anuncioB = await novoAnuncio(gestorB.token, kit.unique('Anúncio B'), [todos]);
    const slideA = await novoSlide(gestorA.token, kit.unique('Slide A'), [redeA]);
    const antes = await slideNoBanco(slideB.id);
    const antesAnuncio = (
      await kit.db
        .select()
        .from(s.anuncios)
        .where(eq(s.anuncios.id, Number(anuncioB.id)))
    )[0];

    expect(errorCode(await call(gestorA.token, 'query($id: ID!) { slide(id: $id) { id } }', { id: slideB.id }))).toBe(
      'NOT_FOUND',
    );
    expect(
      errorCode(await call(gestorA.token, 'query($id: ID!) { anuncio(id: $id) { id } }', { id: anuncioB.id })),
    ).toBe('NOT_FOUND');
    const meu = await slideInput(gestorA.token, 'Sequestrado', [redeA]);
    const edit = await call(gestorA.token, 'mutation($s: SlideInput!) { salvarSlide(slide: $s) { id } }', {
      s: { ...meu, id: slideB.id, version: slideB.version, inicioDate: at(-30), fimDate: at(365) },
    });
    expect(errorCode(edit)).toBe('NOT_FOUND');
    expect(
      errorCode(await call(gestorA.token, 'mutation($id: ID!) { inativarSlide(id: $id) { id } }', { id: slideB.id })),
    ).toBe('NOT_FOUND');
    expect(
      errorCode(
        await call(gestorA.token, 'mutation($id: ID!) { inativarAnuncio(id: $id) { id } }', { id: anuncioB.id }),
      ),
    ).toBe('NOT_FOUND');
    expect(
      errorCode(
        await call(gestorA.token, 'mutation($id: ID!) { moverSlide(id: $id, posicao: 0) { id } }', { id: slideB.id }),
      ),
    ).toBe('NOT_FOUND');
    // Moving its own slide first leaves brand B's where it was.
    expect(
      (await call(gestorA.token, 'mutation($id: ID!) { moverSlide(id: $id, posicao: 0) { id } }', { id: slideA.id }))
        .errors,
    ).toBeUndefined();
    expect(await slideNoBanco(slideB.id)).toEqual(antes);
    expect(
      (
        await kit.db
          .select()
          .from(s.anuncios)
          .where(eq(s.anuncios.id, Number(anuncioB.id)))
      )[0],
    ).toEqual(antesAnuncio);

    // The home: brand A's dealer user is in the public group but brand B's records are not for them.
    const home = (token: string) =>
      call<{ slidesAtivos: { id: string; grupos: unknown[] }[] }>(token, '{ slidesAtivos { id grupos { id } } }');
    const deA = (await home(leitorA.token)).data!.slidesAtivos.map((x) => x.id);
    expect(deA).not.toContain(slideB.id);
    expect(deA).toContain(slideA.id);
    const deB = (await home(leitorB.token)).data!.slidesAtivos;
    expect(deB.map((x) => x.id)).toContain(slideB.id);
    expect(deB.map((x) => x.id)).not.toContain(slideA.id);
    expect(deB.every((x) => x.grupos.length === 0)).toBe(true);
    for (let i = 0; i < 5; i++) {
      const a = await call<{ anuncioAleatorio: { id: string } | null }>(leitorA.token, '{ anuncioAleatorio { id } }');
      expect(a.data!.anuncioAleatorio?.id).not.toBe(anuncioB.id);
    }
    // Nor as a viewer without the maintenance key.
    expect(errorCode(await call(leitorA.token, 'query($id: ID!) { slide(id: $id) { id } }', { id: slideB.id }))).toBe(
      'FORBIDDEN',
    );
  });

  it("keeps brand B's announcements off brand A's home, even through a public group of every brand", async () => {
    const salvo = await call<{ r: Com }>(
      gestorB.token,
      `mutation($c: ComunicadoInput!) { r: salvarComunicado(comunicado: $c) { ${COM_FIELDS} } }`,
      { c: { titulo: kit.unique('Só B'), mensagem: '<p>Segredo de B</p>', grupoIds: [todos] } },
    );
    expect(salvo.errors).toBeUndefined();
    const env = await call(
      gestorB.token,
      'mutation($id: ID!, $v: Int) { enviarComunicado(id: $id, version: $v) { id } }',
      {
        id: salvo.data!.r.id,
        v: salvo.data!.r.version,
      },
    );
    expect(env.errors, JSON.stringify(env.errors)).toBeUndefined();
    const recentes = (token: string) =>
      call<{ comunicadoEnviosRecentes: { comunicado: { id: string } }[] }>(
        token,
        '{ comunicadoEnviosRecentes { comunicado { id } } }',
      );
    expect((await recentes(leitorA.token)).data!.comunicadoEnviosRecentes.map((e) => e.comunicado.id)).not.toContain(
      salvo.data!.r.id,
    );
    expect((await recentes(leitorB.token)).data!.comunicadoEnviosRecentes.map((e) => e.comunicado.id)).toContain(
      salvo.data!.r.id,
    );
    const visto = await call(leitorA.token, 'query($id: ID!) { comunicadoEnvio(idComunicado: $id) { id } }', {
      id: salvo.data!.r.id,
    });
    expect(visto.errors).toBeDefined();
  });
});

describe('vitrine: moving a slide is versioned and audited', () => {
  it('bumps the version of, and audits, every slide whose position the move changed', async () => {
    const s1 = await novoSlide(gestorA.token, kit.unique('Mover 1'), [redeA]);
    const s2 = await novoSlide(gestorA.token, kit.unique('Mover 2'), [redeA]);
    const s3 = await novoSlide(gestorA.token, kit.unique('Mover 3'), [redeA]);
    const antes = { s1: await slideNoBanco(s1.id), s2: await slideNoBanco(s2.id) };
    const lista = await call<{ slides: { content: { id: string }[] } }>(
      gestorA.token,
      '{ slides(filterInput: { rowsPerPage: 100 }) { content { id } } }',
    );
    const posicao = lista.data!.slides.content.findIndex((x) => x.id === s1.id);
    const movido = await call(
      gestorA.token,
      'mutation($id: ID!, $p: Int!) { moverSlide(id: $id, posicao: $p) { id ordem } }',
      {
        id: s3.id,
        p: posicao,
      },
    );
    expect(movido.errors).toBeUndefined();
    const depois = { s1: await slideNoBanco(s1.id), s2: await slideNoBanco(s2.id), s3: await slideNoBanco(s3.id) };
    expect(depois.s3.ordem).toBeLessThan(depois.s1.ordem);
    // s1 and s2 were moved down one place each by this write.
    expect(depois.s1.ordem).not.toBe(antes.s1.ordem);
    expect(depois.s2.ordem).not.toBe(antes.s2.ordem);
    // Versioned: a form holding s1's old version is stale now.
    expect(depois.s1.version).toBeGreaterThan(antes.s1.version);
    expect(depois.s2.version).toBeGreaterThan(antes.s2.version);
    // Audited: each slide's history shows its change of position.
    for (const x of [s1, s2]) {
      const entradas = await kit.db
        .select()
        .from(s.auditoria)
        .where(
          and(
            eq(s.auditoria.tipo, 'SLIDE'),
            eq(s.auditoria.registroId, String(x.id)),
            eq(s.auditoria.alteracao, 'ALTERACAO'),
          ),
        );
      expect(entradas.length, `audit of slide ${x.titulo}`).toBeGreaterThanOrEqual(1);
    }
  });
});
