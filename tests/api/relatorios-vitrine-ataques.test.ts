import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { comunicadoEnviado, usuariosIds } from './comunicadosEnviados';
import { seedKit } from './kit';
import { camposSlide, DURING, imagemVitrine } from './vitrineDados';
import { gql } from './portal';

// Attacks on reports, the home showcase (slides, adverts), generic notifications and push, by
// hostile signed-in users of one brand or dealer against another's. Each test asserts the secure
// behaviour: a failing test is a confirmed hole.

const kit = seedKit({ seed: 7_331, domain: 'rel-vit-ataques.test' });

type Caller = { id: number; token: string };
const m = {} as Record<'a' | 'b', { id: number; nome: string }>;
const d = {} as Record<'a1' | 'b1' | 'ab', { id: number }>;
/** Dealer-group user of brand A's dealer a1 who maintains slides and adverts (the attacker). */
let atacante: Caller;
/** A manufacturer of brand A who maintains slides (second attacker). */
let montadoraA: Caller;
/** Brand B's people: a manufacturer and a dealer user (the victims). */
let montadoraB: Caller;
let dealerB: Caller;
/** Brand A's dealer user (a legitimate viewer). */
let dealerA: Caller;
/** The provider staff's public group: every manufacturer and dealer-group user of every brand. */
let todos: number;
/** A public group of brand A's dealer users (created by montadoraA). */
let grupoDealersA: number;
/** A private group of brand B's manufacturer, whose name is B's own business. */
let privadoB: number;

const imagem = (token: string) => imagemVitrine(kit.portal, token);

const slideInput = async (token: string, titulo: string, grupoIds: number[]) =>
  camposSlide(titulo, await imagem(token), grupoIds, { link: 'https://phishing.example/login', linkTarget: '_blank' });

async function salvarSlide(token: string, titulo: string, grupoIds: number[]) {
  const res = await gql<{ salvarSlide: { id: string } }>(
    kit.portal,
    'mutation($s: SlideInput!) { salvarSlide(slide: $s) { id } }',
    { s: await slideInput(token, titulo, grupoIds) },
    token,
  );
  return res;
}

async function salvarAnuncio(token: string, titulo: string, grupoIds: number[]) {
  return gql<{ salvarAnuncio: { id: string } }>(
    kit.portal,
    'mutation($a: AnuncioInput!) { salvarAnuncio(anuncio: $a) { id } }',
    { a: { titulo, link: 'https://phishing.example/a', ...DURING, arquivoId: await imagem(token), grupoIds } },
    token,
  );
}

type SlideVisto = {
  id: string;
  titulo: string;
  grupos: { id: string; nome: string }[];
  autor: { email: string } | null;
};

async function slidesAtivos(token: string): Promise<SlideVisto[]> {
  const res = await gql<{ slidesAtivos: SlideVisto[] }>(
    kit.portal,
    '{ slidesAtivos { id titulo grupos { id nome } autor { email } } }',
    {},
    token,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.slidesAtivos;
}

beforeAll(async () => {
  await kit.start();
  // The demo's built-in reports out of the way: this file defines its own.
  await kit.db.execute(sql`delete from relatorios`);
  m.a = await kit.marca('Marca A');
  m.b = await kit.marca('Marca B');
  d.a1 = await kit.dealer({ marcaIds: [m.a.id] });
  d.b1 = await kit.dealer({ marcaIds: [m.b.id] });
  d.ab = await kit.dealer({ marcaIds: [m.a.id, m.b.id] });
  atacante = await kit.caller({
    tipo: 'DEALER_GRUPO',
    marca: m.a.id,
    dealer: d.a1.id,
    funcionalidades: ['PORTAL_MANUTENCAO_SLIDES', 'PORTAL_MANUTENCAO_ANUNCIOS'],
  });
  montadoraA = await kit.caller({
    tipo: 'MONTADORA',
    marca: m.a.id,
    funcionalidades: ['PORTAL_MANUTENCAO_SLIDES', 'PORTAL_MANUTENCAO_ANUNCIOS'],
  });
  montadoraB = await kit.caller({ tipo: 'MONTADORA', marca: m.b.id });
  dealerB = await kit.caller({ tipo: 'DEALER_GRUPO', marca: m.b.id, dealer: d.b1.id });
  dealerA = await kit.caller({ tipo: 'DEALER_GRUPO', marca: m.a.id, dealer: d.a1.id });

  // The provider staff's public group "everyone": both user types, every brand, every dealer
  // (as tests/api/notificacoes-genericas.test.ts builds it).
  const marcas = await kit.db.select({ id: s.marcas.id }).from(s.marcas);
  [{ id: todos }] = await kit.db
    .insert(s.gruposUsuarios)
    .values({ nome: 'Todos (staff)', publico: true, criadorId: kit.staffId, possuiPerfil: true, todosDealers: true })
    .returning({ id: s.gruposUsuarios.id });
  await kit.db.insert(s.grupoUsuariosTiposUsuario).values([
    { grupoUsuariosId: todos, tipo: 'DEALER_GRUPO' },
    { grupoUsuariosId: todos, tipo: 'MONTADORA' },
  ]);
  await kit.db.insert(s.grupoUsuariosMarcas).values(marcas.map((x) => ({ grupoUsuariosId: todos, marcaId: x.id })));

  [{ id: grupoDealersA }] = await kit.db
    .insert(s.gruposUsuarios)
    .values({ nome: 'Dealers A', publico: true, criadorId: montadoraA.id, possuiUsuariosManuais: true })
    .returning({ id: s.gruposUsuarios.id });
  await kit.db.insert(s.grupoUsuariosManuais).values({ grupoUsuariosId: grupoDealersA, usuarioId: dealerA.id });
});

describe('slides and adverts reach only the people their author may address', () => {
  it("a brand-A dealer user's slide through the staff's public group never shows on brand B's home", async () => {
    const res = await salvarSlide(atacante.token, 'Banner do dealer A', [todos]);
    // The save itself is allowed (the group is usable); what matters is who sees it.
    expect(res.errors).toBeUndefined();
    // Brand A's own dealer user may see it (same dealer as the author).
    expect((await slidesAtivos(dealerA.token)).map((x) => x.titulo)).toContain('Banner do dealer A');
    // Brand B's dealer user and manufacturer are outside the author's reach (usuarioScope), as
    // announcements and generic notifications already enforce for their recipients.
    expect((await slidesAtivos(dealerB.token)).map((x) => x.titulo)).not.toContain('Banner do dealer A');
    expect((await slidesAtivos(montadoraB.token)).map((x) => x.titulo)).not.toContain('Banner do dealer A');
  });

  it("a brand-A manufacturer's advert through the staff's public group is never brand B's random advert", async () => {
    const res = await salvarAnuncio(montadoraA.token, 'Anuncio da marca A', [todos]);
    expect(res.errors).toBeUndefined();
    const id = res.data!.salvarAnuncio.id;
    const vistos: (string | undefined)[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await gql<{ anuncioAleatorio: { id: string } | null }>(
        kit.portal,
        '{ anuncioAleatorio { id } }',
        {},
        dealerB.token,
      );
      expect(r.errors).toBeUndefined();
      vistos.push(r.data!.anuncioAleatorio?.id);
    }
    expect(vistos).not.toContain(id);
    // Nor was it recorded as shown to them.
    const { rows } = await kit.db.execute(
      sql`select 1 from anuncio_exibicoes where usuario_id = ${dealerB.id} and anuncio_id = ${Number(id)}`,
    );
    expect(rows).toHaveLength(0);
  });
});

describe('the home showcase tells its viewers nothing about other user groups', () => {
  it("a slide's private groups (names, ids) of another brand are not handed to every viewer", async () => {
    // A brand-B manufacturer with slides keeps a private group; a staff user shows a slide to it and
    // to the public "everyone" group (the staff may use both).
    const gestorB = await kit.caller({
      tipo: 'MONTADORA',
      marca: m.b.id,
      funcionalidades: ['PORTAL_MANUTENCAO_SLIDES'],
    });
    [{ id: privadoB }] = await kit.db
      .insert(s.gruposUsuarios)
      .values({
        nome: 'B - concessionarias em descredenciamento',
        publico: false,
        criadorId: gestorB.id,
        possuiUsuariosManuais: true,
      })
      .returning({ id: s.gruposUsuarios.id });
    await kit.db.insert(s.grupoUsuariosManuais).values({ grupoUsuariosId: privadoB, usuarioId: montadoraB.id });
    const res = await salvarSlide(kit.staff, 'Slide geral', [todos, privadoB]);
    expect(res.errors).toBeUndefined();
    // Brand A's dealer user sees the slide (through "everyone")...
    const slide = (await slidesAtivos(dealerA.token)).find((x) => x.titulo === 'Slide geral');
    expect(slide).toBeDefined();
    // ...but must not learn the name of brand B's private group, which they may not even read.
    expect(slide!.grupos.map((g) => g.nome)).not.toContain('B - concessionarias em descredenciamento');
  });
});

describe('report filters naming another scope give nothing', () => {
  const alcanceDef = {
    slug: 'alcance-ataque',
    tituloPtBr: 'Alcance',
    tituloEs: 'Alcance',
    tituloEn: 'Reach',
    tipo: 'INTERNO',
    interno: 'ALCANCE_COMUNICADOS',
  };
  const usuariosDef = { ...alcanceDef, slug: 'usuarios-ataque', interno: 'USUARIOS' };
  const PERIODO = { inicio: '2026-03-01', fim: '2026-03-31' };

  it("a manufacturer filtering by another brand's dealer group learns which of its dealers belong to it", async () => {
    for (const r of [alcanceDef, usuariosDef]) {
      const saved = await gql(
        kit.portal,
        'mutation($r: RelatorioInput!) { salvarRelatorio(relatorio: $r) { id } }',
        { r },
        kit.staff,
      );
      expect(saved.errors).toBeUndefined();
    }
    // Brand B's economic group, holding the shared dealer ab (it sells A and B).
    const grupoB = await kit.grupo([m.b.id]);
    await kit.db.insert(s.dealerGrupos).values({ dealerId: d.ab.id, grupoId: grupoB.id });
    const equipeAb = await kit.usuario({ tipo: 'DEALER_GRUPO', dealer: d.ab.id });
    await comunicadoEnviado(kit.db, {
      autorId: montadoraA.id,
      titulo: 'Recall A',
      para: usuariosIds(equipeAb.id),
      enviadoEm: '2026-03-10T12:00:00Z',
    });
    // Brand A's manufacturer does not see brand B's group at all.
    const { rows: visto } = await kit.db.execute(sql`select 1 from grupo_marcas gm join usuario_marcas um
      on um.marca_id = gm.marca_id where gm.grupo_id = ${grupoB.id} and um.usuario_id = ${montadoraA.id}`);
    expect(visto).toHaveLength(0);

    const alcance = await gql<{
      relatorioAlcance: { destinatarios: number; dealers: { id: string }[]; grupos: { id: string }[] };
    }>(
      kit.portal,
      `query($f: RelatorioFiltroInput!) { relatorioAlcance(filtro: $f) { destinatarios dealers { id } grupos { id } } }`,
      { f: { slug: alcanceDef.slug, ...PERIODO, grupoId: String(grupoB.id) } },
      montadoraA.token,
    );
    expect(alcance.errors).toBeUndefined();
    // README: "a filter naming another scope's brand, group or dealer gives nothing".
    expect(alcance.data!.relatorioAlcance.destinatarios).toBe(0);
    expect(alcance.data!.relatorioAlcance.dealers).toEqual([]);

    const usuarios = await gql<{ relatorioUsuarios: { total: number } }>(
      kit.portal,
      `query($f: RelatorioFiltroInput!) { relatorioUsuarios(filtro: $f) { total } }`,
      { f: { slug: usuariosDef.slug, ...PERIODO, grupoId: String(grupoB.id) } },
      montadoraA.token,
    );
    expect(usuarios.errors).toBeUndefined();
    expect(usuarios.data!.relatorioUsuarios.total).toBe(0);
  });
});

describe('a report request costs one report', () => {
  it('refuses two built-in reports in one request (aliases), answering one alone', async () => {
    const f = { slug: 'alcance-ataque', inicio: '2026-03-01', fim: '2026-03-31' };
    const dois = await gql(
      kit.portal,
      `query($f: RelatorioFiltroInput!) { a: relatorioAlcance(filtro: $f) { destinatarios }
        b: relatorioAlcance(filtro: $f) { destinatarios } }`,
      { f },
      montadoraA.token,
    );
    expect(dois.errors?.map((e) => e.extensions?.code)).toContain('BAD_USER_INPUT');
    expect(dois.errors?.[0]?.message).toBe('Um relatório por consulta: peça um de cada vez.');
    const um = await gql<{ a: { destinatarios: number } }>(
      kit.portal,
      'query($f: RelatorioFiltroInput!) { a: relatorioAlcance(filtro: $f) { destinatarios } }',
      { f },
      montadoraA.token,
    );
    expect(um.errors).toBeUndefined();
    expect(typeof um.data!.a.destinatarios).toBe('number');
  });
});

// Sanity: the fixtures are what the tests above assume.
describe('fixtures', () => {
  it('the staff group reaches both brands', async () => {
    const { rows } = await kit.db.execute<{ n: number }>(
      sql`select count(*)::int as n from grupos_usuarios where id = ${todos} and publico`,
    );
    expect(Number(rows[0]!.n)).toBe(1);
    const [u] = await kit.db.select().from(s.usuarios).where(eq(s.usuarios.id, dealerB.id));
    expect(u.marcasEfetivas).toContain(m.b.id);
  });
});
