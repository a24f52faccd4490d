import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { createMarca } from '../../server/db/seed/builders';
import { DEMO, errorCode, fieldErrors, gql, signIn, signInAsNew, startPortal, type TestPortal } from './portal';
import { at, camposSlide, DURING, PNG } from './vitrineDados';

// Slides and adverts (issue #30): images refused by their bytes, the display period and the active
// flag (before, during, after), who sees what (the audience engine: a dealer user only the records
// of their groups), a manufacturer refused a group it may not use (and nothing saved), the carousel
// order, the version conflict, the audit entries, the random advert that changes from one visit to
// the next, and the small-screen variant made by the job.

let portal: TestPortal;
let db: TestPortal['database']['db'];
const token: Record<keyof typeof DEMO, string> = { super: '', montadora: '', dealer: '' };
const id: Record<keyof typeof DEMO, number> = { super: 0, montadora: 0, dealer: 0 };
/** The demo group of the Aurora network's dealer users (the dealer demo user is in it). */
let aurora: number;
/** A group of the manufacturer's whose only member is the provider staff user (not the dealer). */
let soSuper: number;
/** A private group of another brand's manufacturer, which the demo manufacturer may not use. */
let alheio: number;
/** That other brand's manufacturer (slides maintainer). */
let outra: { id: number; token: string };

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const BEFORE = { inicioDate: at(1), fimDate: at(2) };
const AFTER = { inicioDate: at(-2), fimDate: at(-1) };

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
  [{ id: soSuper }] = await db
    .insert(s.gruposUsuarios)
    .values({ nome: 'Vitrine só staff', criadorId: id.montadora, possuiUsuariosManuais: true })
    .returning({ id: s.gruposUsuarios.id });
  await db.insert(s.grupoUsuariosManuais).values({ grupoUsuariosId: soSuper, usuarioId: id.super });
  outra = await signInAsNew(portal, {
    nome: 'Montadora Alheia',
    email: 'alheia@vitrine.test',
    tipo: 'MONTADORA',
    funcionalidades: ['PORTAL_MANUTENCAO_SLIDES'],
    marcaIds: [(await createMarca(db, 'Marca Alheia Vitrine')).id],
  });
  [{ id: alheio }] = await db
    .insert(s.gruposUsuarios)
    .values({ nome: 'Grupo alheio', criadorId: outra.id, publico: false, possuiUsuariosManuais: true })
    .returning({ id: s.gruposUsuarios.id });
  await db.insert(s.grupoUsuariosManuais).values({ grupoUsuariosId: alheio, usuarioId: id.dealer });
});
afterAll(() => portal?.close());

async function upload(tk: string, bytes: Buffer, nome: string) {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)]), nome);
  return fetch(`${portal.url}/api/vitrine/imagens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tk}`, 'accept-language': 'en' },
    body,
  });
}

async function imagem(tk = token.montadora): Promise<string> {
  const response = await upload(tk, PNG, 'banner.png');
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const FIELDS = `id version titulo link linkTarget inicioDate fimDate active emExibicao createdDateTime
  arquivo { id nome largura altura link linkMobile } grupos { id nome }`;
const SLIDE_FIELDS = `${FIELDS} corTitulo tamanhoTitulo subtitulo corSubtitulo tamanhoSubtitulo tituloBotao ordem`;

interface Rec {
  id: string;
  version: number;
  titulo: string;
  active: boolean;
  emExibicao: boolean;
  ordem?: number;
  arquivo: { id: string; nome: string; largura: number; altura: number; link: string; linkMobile: string | null };
  grupos: { id: string; nome: string }[];
}

const slideInput = async (titulo: string, extra: Record<string, unknown> = {}) =>
  camposSlide(titulo, await imagem(), [aurora], extra);

async function salvarSlide(input: Record<string, unknown>, tk = token.montadora) {
  return gql<{ salvarSlide: Rec }>(
    portal,
    `mutation($s: SlideInput!) { salvarSlide(slide: $s) { ${SLIDE_FIELDS} } }`,
    { s: input },
    tk,
  );
}
async function novoSlide(titulo: string, extra: Record<string, unknown> = {}) {
  const response = await salvarSlide(await slideInput(titulo, extra));
  expect(response.errors).toBeUndefined();
  return response.data!.salvarSlide;
}
async function novoAnuncio(titulo: string, extra: Record<string, unknown> = {}, tk = token.montadora) {
  const response = await gql<{ salvarAnuncio: Rec }>(
    portal,
    `mutation($a: AnuncioInput!) { salvarAnuncio(anuncio: $a) { ${FIELDS} } }`,
    {
      a: {
        titulo,
        link: 'https://example.com/a',
        ...DURING,
        arquivoId: await imagem(tk),
        grupoIds: [aurora],
        ...extra,
      },
    },
    tk,
  );
  expect(response.errors).toBeUndefined();
  return response.data!.salvarAnuncio;
}

async function slidesAtivos(tk: string) {
  const response = await gql<{ slidesAtivos: Rec[] }>(portal, `{ slidesAtivos { ${SLIDE_FIELDS} } }`, {}, tk);
  expect(response.errors).toBeUndefined();
  return response.data!.slidesAtivos;
}
async function anuncioAleatorio(tk: string) {
  const response = await gql<{ anuncioAleatorio: Rec | null }>(portal, `{ anuncioAleatorio { ${FIELDS} } }`, {}, tk);
  expect(response.errors).toBeUndefined();
  return response.data!.anuncioAleatorio;
}
const titulos = (list: Rec[], prefix: string) => list.map((r) => r.titulo).filter((t) => t.startsWith(prefix));

describe('images', () => {
  it('keeps an image with its size in px and serves it publicly, cached for good', async () => {
    const response = await upload(token.montadora, PNG, 'banner.png');
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; largura: number; altura: number; link: string };
    expect(body).toMatchObject({ largura: 1, altura: 1 });
    const served = await fetch(`${portal.url}${body.link}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
  });

  it('refuses a file that is not an image by its bytes, whatever its name, and keeps nothing', async () => {
    const antes = await db.select().from(s.arquivos).where(eq(s.arquivos.autorId, id.montadora));
    const response = await upload(token.montadora, PDF, 'disfarce.png');
    expect(response.status).toBe(415);
    expect(((await response.json()) as { message: string }).message).toBe(
      // In the caller's language (the demo manufacturer reads Portuguese).
      'O arquivo não é uma imagem aceita (JPEG, PNG, WebP ou GIF)',
    );
    const depois = await db.select().from(s.arquivos).where(eq(s.arquivos.autorId, id.montadora));
    expect(depois.length).toBe(antes.length);
  });

  it('takes images only from those who maintain slides or adverts', async () => {
    expect((await upload(token.dealer, PNG, 'x.png')).status).toBe(403);
  });

  it("makes the small-screen variant with a job once the slide is saved, and refuses another user's upload", async () => {
    const slide = await novoSlide('Variante');
    let linkMobile: string | null = null;
    for (let i = 0; i < 100 && !linkMobile; i++) {
      const r = await gql<{ slide: Rec }>(
        portal,
        'query($id: ID!) { slide(id: $id) { arquivo { linkMobile } } }',
        { id: slide.id },
        token.montadora,
      );
      linkMobile = r.data!.slide.arquivo.linkMobile;
      if (!linkMobile) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(linkMobile).toMatch(/^\/api\/vitrine\/imagens\/[0-9a-f-]{36}$/);
    const served = await fetch(`${portal.url}${linkMobile}`);
    expect(served.headers.get('content-type')).toBe('image/webp');

    // An image uploaded by someone else cannot be attached by id.
    const deOutro = await imagem(token.super);
    const response = await salvarSlide({ ...(await slideInput('Imagem de outro')), arquivoId: deOutro });
    expect(fieldErrors(response)).toHaveProperty('arquivoId');
  });
});

describe('display period and active flag', () => {
  it('shows a dealer user only the slides within their period and active; the list says which are on display', async () => {
    const antes = await novoSlide('Periodo antes', BEFORE);
    const durante = await novoSlide('Periodo durante');
    const depois = await novoSlide('Periodo depois', AFTER);
    const inativo = await novoSlide('Periodo inativo', { active: false });
    expect([antes, durante, depois, inativo].map((r) => r.emExibicao)).toEqual([false, true, false, false]);
    expect(titulos(await slidesAtivos(token.dealer), 'Periodo')).toEqual(['Periodo durante']);

    const ativado = await gql<{ ativarSlide: Rec }>(
      portal,
      'mutation($id: ID!) { ativarSlide(id: $id) { active emExibicao } }',
      { id: inativo.id },
      token.montadora,
    );
    expect(ativado.data!.ativarSlide).toEqual({ active: true, emExibicao: true });
    expect(titulos(await slidesAtivos(token.dealer), 'Periodo').sort()).toEqual(['Periodo durante', 'Periodo inativo']);

    const lista = await gql<{ slides: { content: Rec[]; totalElements: number } }>(
      portal,
      'query($f: SlideFilterInput) { slides(filterInput: $f) { totalElements content { titulo emExibicao } } }',
      { f: { busca: 'Periodo', emExibicao: false, rowsPerPage: 50 } },
      token.montadora,
    );
    expect(lista.data!.slides.content.map((r) => r.titulo).sort()).toEqual(['Periodo antes', 'Periodo depois']);
  });

  it('gives a random advert only among those on display, another one at the next visit', async () => {
    await novoAnuncio('Anuncio antes', BEFORE);
    await novoAnuncio('Anuncio depois', AFTER);
    await novoAnuncio('Anuncio inativo', { active: false });
    const um = await novoAnuncio('Anuncio um');
    const outro = await novoAnuncio('Anuncio dois');
    const vistos = [];
    for (let i = 0; i < 6; i++) vistos.push((await anuncioAleatorio(token.dealer))!);
    for (const visto of vistos) expect(visto.emExibicao).toBe(true);
    // Never the same advert twice in a row while several match.
    for (let i = 1; i < vistos.length; i++) expect(vistos[i].id).not.toBe(vistos[i - 1].id);
    expect(vistos.map((v) => v.titulo)).not.toContain('Anuncio antes');
    expect(vistos.map((v) => v.titulo)).not.toContain('Anuncio depois');
    expect(vistos.map((v) => v.titulo)).not.toContain('Anuncio inativo');
    const ids = new Set(vistos.map((v) => v.id));
    expect(ids.has(um.id) || ids.has(outro.id)).toBe(true);
    // The manufacturer is in none of the groups: no advert.
    expect(await anuncioAleatorio(token.montadora)).toBeNull();
  });
});

describe('audiences', () => {
  it('shows a dealer user only the slides and adverts of their groups', async () => {
    await novoSlide('Publico aurora');
    // By the provider's staff: a manufacturer's slide reaches only the users it sees (not the staff).
    const paraStaff = await salvarSlide(
      { ...(await slideInput('Publico staff', { grupoIds: [soSuper] })), arquivoId: await imagem(token.super) },
      token.super,
    );
    expect(paraStaff.errors).toBeUndefined();
    expect(titulos(await slidesAtivos(token.dealer), 'Publico')).toEqual(['Publico aurora']);
    expect(titulos(await slidesAtivos(token.super), 'Publico')).toEqual(['Publico staff']);
    const soStaff = await novoAnuncio('So staff', { grupoIds: [soSuper] }, token.super);
    for (let i = 0; i < 4; i++) expect((await anuncioAleatorio(token.dealer))?.id).not.toBe(soStaff.id);
    expect((await anuncioAleatorio(token.super))?.id).toBe(soStaff.id);
  });

  it('refuses a manufacturer a group it may not use, and saves nothing', async () => {
    const response = await salvarSlide(await slideInput('Alvo alheio', { grupoIds: [aurora, alheio] }));
    expect(errorCode(response)).toBe('BAD_USER_INPUT');
    expect(fieldErrors(response).grupoIds).toBe('Você não pode usar um dos grupos escolhidos');
    expect(await db.select().from(s.slides).where(eq(s.slides.titulo, 'Alvo alheio'))).toEqual([]);
    const anuncio = await gql(
      portal,
      'mutation($a: AnuncioInput!) { salvarAnuncio(anuncio: $a) { id } }',
      { a: { titulo: 'Anuncio alheio', ...DURING, arquivoId: await imagem(), grupoIds: [alheio] } },
      token.montadora,
    );
    expect(fieldErrors(anuncio)).toHaveProperty('grupoIds');
    expect(await db.select().from(s.anuncios).where(eq(s.anuncios.titulo, 'Anuncio alheio'))).toEqual([]);
  });

  it('checks the rules: start before end, a link http(s) or a portal path, at least one group', async () => {
    const response = await salvarSlide(
      await slideInput('Regras', { inicioDate: at(2), fimDate: at(1), link: 'javascript:alert(1)', grupoIds: [] }),
    );
    expect(fieldErrors(response)).toMatchObject({
      fimDate: 'O fim da exibição deve ser depois do início',
      link: expect.any(String),
      grupoIds: 'Escolha pelo menos um grupo de usuários',
    });
    expect(await db.select().from(s.slides).where(eq(s.slides.titulo, 'Regras'))).toEqual([]);
    // Years the database cannot hold are a field error, not a server error.
    const fora = await salvarSlide(
      await slideInput('Anos', { inicioDate: '-000001-01-01T00:00:00Z', fimDate: '+010000-01-01T00:00:00Z' }),
    );
    expect(fieldErrors(fora)).toMatchObject({ inicioDate: expect.any(String), fimDate: expect.any(String) });
    expect(await db.select().from(s.slides).where(eq(s.slides.titulo, 'Anos'))).toEqual([]);
  });

  it('keeps the lists and records to those who maintain them', async () => {
    const lista = await gql(portal, '{ slides { totalElements } }', {}, token.dealer);
    expect(errorCode(lista)).toBe('FORBIDDEN');
    const anuncios = await gql(portal, '{ anuncios { totalElements } }', {}, token.dealer);
    expect(errorCode(anuncios)).toBe('FORBIDDEN');
  });
});

describe('order', () => {
  it('shows the slides in carousel order and moves one to a position, the others keeping theirs', async () => {
    const a = await novoSlide('Ordem A');
    const b = await novoSlide('Ordem B');
    const c = await novoSlide('Ordem C');
    expect(titulos(await slidesAtivos(token.dealer), 'Ordem')).toEqual(['Ordem A', 'Ordem B', 'Ordem C']);
    const lista = async () =>
      (
        await gql<{ slides: { content: Rec[] } }>(
          portal,
          '{ slides(filterInput: { rowsPerPage: 100 }) { content { id titulo ordem } } }',
          {},
          token.montadora,
        )
      ).data!.slides.content;
    const posicao = (list: Rec[], rec: Rec) => list.findIndex((r) => r.id === rec.id);
    const mover = (rec: Rec, p: number) =>
      gql<{ moverSlide: Rec }>(
        portal,
        'mutation($id: ID!, $p: Int!) { moverSlide(id: $id, posicao: $p) { id ordem } }',
        { id: rec.id, p },
        token.montadora,
      );
    // C to where A is (drag to the top of the three).
    const moved = await mover(c, posicao(await lista(), a));
    expect(moved.errors).toBeUndefined();
    expect(titulos(await slidesAtivos(token.dealer), 'Ordem')).toEqual(['Ordem C', 'Ordem A', 'Ordem B']);
    // A one down (the keyboard's down button).
    await mover(a, posicao(await lista(), a) + 1);
    expect(titulos(await slidesAtivos(token.dealer), 'Ordem')).toEqual(['Ordem C', 'Ordem B', 'Ordem A']);
    // The list's order is the carousel's, every slide (of every author) numbered densely from 1.
    const doLista = (await lista()).map((r) => r.ordem!);
    expect(doLista).toEqual([...doLista].sort((x, y) => x - y));
    const ordens = (await db.select({ ordem: s.slides.ordem }).from(s.slides).orderBy(s.slides.ordem)).map(
      (r) => r.ordem,
    );
    expect(ordens).toEqual(ordens.map((_, i) => i + 1));
    expect(b.ordem).toBeGreaterThan(a.ordem!);

    const recusado = await gql(
      portal,
      'mutation($id: ID!) { moverSlide(id: $id, posicao: 0) { id } }',
      { id: a.id },
      token.dealer,
    );
    expect(errorCode(recusado)).toBe('FORBIDDEN');
  });

  it("moves a slide among the caller's own without touching another brand's slides between them", async () => {
    const a = await novoSlide('Troca A');
    const alheioResp = await salvarSlide(
      await slideInput('Troca alheia', { arquivoId: await imagem(outra.token), grupoIds: [alheio] }),
      outra.token,
    );
    expect(alheioResp.errors).toBeUndefined();
    const x = alheioResp.data!.salvarSlide;
    const b = await novoSlide('Troca B');
    const antes = await db
      .select()
      .from(s.slides)
      .where(eq(s.slides.id, Number(x.id)));

    const posicaoDeA = (
      await gql<{ slides: { content: Rec[] } }>(
        portal,
        '{ slides(filterInput: { rowsPerPage: 100 }) { content { id } } }',
        {},
        token.montadora,
      )
    ).data!.slides.content.findIndex((r) => r.id === a.id);
    const moved = await gql(
      portal,
      'mutation($id: ID!, $p: Int!) { moverSlide(id: $id, posicao: $p) { id } }',
      { id: b.id, p: posicaoDeA },
      token.montadora,
    );
    expect(moved.errors).toBeUndefined();
    const ordem = async (rec: Rec) =>
      (
        await db
          .select({ ordem: s.slides.ordem })
          .from(s.slides)
          .where(eq(s.slides.id, Number(rec.id)))
      )[0].ordem;
    expect(await ordem(b)).toBeLessThan(await ordem(a));
    // The other brand's slide keeps its row as it was: position, version.
    expect(
      await db
        .select()
        .from(s.slides)
        .where(eq(s.slides.id, Number(x.id))),
    ).toEqual(antes);
  });
});

describe('versions and audit', () => {
  it('refuses a save from a stale read and audits creation, change and inactivation with names', async () => {
    const slide = await novoSlide('Auditado');
    const input = await slideInput('Auditado (2)', {
      id: slide.id,
      version: slide.version,
      arquivoId: slide.arquivo.id,
    });
    const saved = await salvarSlide(input);
    expect(saved.errors).toBeUndefined();
    expect(saved.data!.salvarSlide.version).toBe(slide.version + 1);
    const stale = await salvarSlide({ ...input, titulo: 'Auditado (3)' });
    expect(errorCode(stale)).toBe('CONFLICT');
    await gql(portal, 'mutation($id: ID!) { inativarSlide(id: $id) { id } }', { id: slide.id }, token.montadora);

    const entradas = await db
      .select()
      .from(s.auditoria)
      .where(and(eq(s.auditoria.tipo, 'SLIDE'), eq(s.auditoria.registroId, slide.id)))
      .orderBy(s.auditoria.id);
    expect(entradas.map((e) => e.alteracao)).toEqual(['CRIACAO', 'ALTERACAO', 'INATIVACAO']);
    expect(entradas[0].valorNovo).toMatchObject({ titulo: 'Auditado', imagem: 'banner.png', grupoIds: [aurora] });
    expect(entradas[1].valorAnterior).toMatchObject({ titulo: 'Auditado' });
    expect(entradas[1].valorNovo).toMatchObject({ titulo: 'Auditado (2)' });

    // The audit page reads it (by the slides key) and names the groups.
    const historico = await gql<{ auditoria: { content: { alteracao: string }[] } }>(
      portal,
      `query($id: ID!) { auditoria(filterInput: { registroId: $id, tipo: "SLIDE" }) { content { alteracao } } }`,
      { id: slide.id },
      token.montadora,
    );
    expect(historico.errors).toBeUndefined();
    expect(historico.data!.auditoria.content).toHaveLength(3);
    const { rows } = await db.execute(sql`select 1 from auditoria where tipo = 'SLIDE' and registro_id = ${slide.id}`);
    expect(rows).toHaveLength(3);
  });
});
