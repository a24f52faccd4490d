import { and, eq, sql } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditoria, relatorios } from '../../server/db/schema';
import { escopoDoUsuario } from '../../server/features/relatorios/queries';
import { comunicadoEnviado, usuariosIds } from './comunicadosEnviados';
import { seedKit } from './kit';
import { diaDoPortal, errorCode, exportarCsv, fieldErrors, gql } from './portal';

// Reports (issue #31): definitions kept by the provider's staff (audited, versioned, validated:
// slug, frame origins, signed-token secret), the menu's Reports category, who may open each report
// (function keys, user types, none = everyone), the signed token an embedded report receives, and
// the built-in announcement-reach report: every figure an SQL aggregate in the caller's scope,
// checked against counts made directly in SQL, and its CSV export.

const BI = 'https://bi.example';
const SECRET = 'report-token-secret-of-32-characters-at-least';
const kit = seedKit({ seed: 3101, domain: 'relatorios.test' });

const SALVAR = `mutation($r: RelatorioInput!) { salvarRelatorio(relatorio: $r) { id version slug url interno tokenAssinado
  funcionalidades tiposUsuario } }`;
const ABERTO = 'query($slug: String!) { relatorioAberto(slug: $slug) { slug titulo tipo url interno } }';
const LINHA = 'id nivel nome comunicados destinatarios lidos pedemConfirmacao confirmados taxaLeitura taxaConfirmacao';
const ALCANCE = `query($f: RelatorioFiltroInput!) { relatorioAlcance(filtro: $f) { comunicados destinatarios lidos
  pedemConfirmacao confirmados taxaLeitura taxaConfirmacao marcas { ${LINHA} } grupos { ${LINHA} } dealers { ${LINHA} } } }`;

type Caller = { id: number; token: string };
type Linha = { id: string; nivel: string; nome: string; destinatarios: number; lidos: number; comunicados: number };
type Alcance = {
  comunicados: number;
  destinatarios: number;
  lidos: number;
  pedemConfirmacao: number;
  confirmados: number;
  marcas: Linha[];
  grupos: Linha[];
  dealers: Linha[];
};

const embutido = (over: Record<string, unknown> = {}) => ({
  slug: 'bi-gestores',
  tituloPtBr: 'Painel de gestores',
  tituloEs: 'Panel de gestores',
  tituloEn: 'Managers dashboard',
  tipo: 'EMBUTIDO',
  url: `${BI}/painel?tema=claro`,
  tokenAssinado: true,
  tiposUsuario: ['TECSINAPSE', 'MONTADORA'],
  ...over,
});
const alcanceDef = {
  slug: 'alcance',
  tituloPtBr: 'Alcance dos comunicados',
  tituloEs: 'Alcance de los comunicados',
  tituloEn: 'Announcement reach',
  tipo: 'INTERNO',
  interno: 'ALCANCE_COMUNICADOS',
  posicao: 1,
};

let montadoraA: Caller;
let montadoraB: Caller;
let leitorA: Caller;
const m = {} as Record<'a' | 'b', { id: number; nome: string }>;
const d = {} as Record<'a1' | 'a2' | 'b1' | 'ab', { id: number }>;
let grupoA: { id: number };
const PERIODO = { inicio: '2026-03-01', fim: '2026-03-31' };

const salvar = (r: Record<string, unknown>, token = kit.staff) =>
  gql<{ salvarRelatorio: Record<string, unknown> & { id: string; version: number } }>(kit.portal, SALVAR, { r }, token);
const alcance = async (token: string, filtro: Record<string, unknown> = {}) => {
  const res = await gql<{ relatorioAlcance: Alcance }>(
    kit.portal,
    ALCANCE,
    { f: { slug: 'alcance', ...PERIODO, ...filtro } },
    token,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.relatorioAlcance;
};
const menuOf = async (token: string) => {
  const res = await gql<{ menuUsuarioLogado: { menus: string } }>(
    kit.portal,
    '{ menuUsuarioLogado { menus } }',
    {},
    token,
  );
  const menus = JSON.parse(res.data!.menuUsuarioLogado.menus) as {
    id: string;
    items: { path: string; title: string }[];
  }[];
  return menus.find((c) => c.id === 'relatorios')?.items ?? [];
};
const rowsOf = async () => (await kit.db.select().from(relatorios)).map((r) => r.slug).sort();

beforeAll(async () => {
  await kit.start({ REPORT_FRAME_ORIGINS: `${BI}, https://outro.example`, REPORT_TOKEN_SECRET: SECRET });
  // The demo's built-in reports out of the way: this file defines its own (menus, slugs).
  await kit.db.execute(sql`delete from relatorios`);
  m.a = await kit.marca('Marca A');
  m.b = await kit.marca('Marca B');
  grupoA = await kit.grupo([m.a.id]);
  d.a1 = await kit.dealer({ marcaIds: [m.a.id], grupoIds: [grupoA.id] });
  d.a2 = await kit.dealer({ marcaIds: [m.a.id] });
  d.b1 = await kit.dealer({ marcaIds: [m.b.id] });
  // A dealer selling both brands.
  d.ab = await kit.dealer({ marcaIds: [m.a.id, m.b.id] });
  montadoraA = await kit.caller({ tipo: 'MONTADORA', marca: m.a.id });
  montadoraB = await kit.caller({ tipo: 'MONTADORA', marca: m.b.id });
  leitorA = await kit.caller({ tipo: 'DEALER_GRUPO', marca: m.a.id, dealer: d.a1.id });
  const staff = async (dealer: { id: number }) =>
    (await kit.usuario({ tipo: 'DEALER_GRUPO', dealer: dealer.id, nome: kit.unique('Equipe') })).id;
  const [a1x, a1y, a2x, b1x, abx] = [
    await staff(d.a1),
    await staff(d.a1),
    await staff(d.a2),
    await staff(d.b1),
    await staff(d.ab),
  ];
  // March: A's announcement to A's people and the shared dealer (asks for confirmation), B's to B's
  // people and the shared dealer; April: one more of A's, outside the period.
  const deA = await comunicadoEnviado(kit.db, {
    autorId: montadoraA.id,
    titulo: 'Recall A',
    para: usuariosIds(a1x, a1y, a2x, abx, leitorA.id),
    exigeConfirmacao: true,
    enviadoEm: '2026-03-10T12:00:00Z',
  });
  const deB = await comunicadoEnviado(kit.db, {
    autorId: montadoraB.id,
    titulo: 'Campanha B',
    para: usuariosIds(b1x, abx),
    enviadoEm: '2026-03-20T12:00:00Z',
  });
  await comunicadoEnviado(kit.db, {
    autorId: montadoraA.id,
    titulo: 'Abril A',
    para: usuariosIds(a1x, a2x),
    enviadoEm: '2026-04-02T12:00:00Z',
  });
  await kit.db.execute(sql`update comunicado_envios set lido_em = now()
    where (comunicado_id = ${deA.id} and usuario_id in (${a1x}, ${a1y}, ${abx})) or (comunicado_id = ${deB.id} and usuario_id = ${b1x})`);
  await kit.db.execute(sql`update comunicado_envios set confirmado_em = now()
    where comunicado_id = ${deA.id} and usuario_id = ${a1x}`);
});

describe('report definitions', () => {
  it('the provider staff create an embedded and a built-in report, audited, and edit one at its version', async () => {
    const criado = await salvar(embutido());
    expect(criado.errors).toBeUndefined();
    expect(criado.data!.salvarRelatorio).toMatchObject({ slug: 'bi-gestores', tokenAssinado: true, interno: null });
    const interno = await salvar(alcanceDef);
    expect(interno.errors).toBeUndefined();
    const { id, version } = criado.data!.salvarRelatorio;
    const editado = await salvar(embutido({ id, version, slug: 'BI-Gestores', posicao: 2 }));
    expect(editado.errors).toBeUndefined();
    expect(editado.data!.salvarRelatorio).toMatchObject({ slug: 'bi-gestores', version: version + 1 });
    // A second save from the same read is refused, and changes nothing.
    const velho = await salvar(embutido({ id, version, posicao: 9 }));
    expect(errorCode(velho)).toBe('CONFLICT');
    const [row] = await kit.db
      .select()
      .from(relatorios)
      .where(eq(relatorios.id, Number(id)));
    expect(row).toMatchObject({ posicao: 2, version: version + 1 });
    const audit = await kit.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.tipo, 'RELATORIO'), eq(auditoria.registroId, id)));
    expect(audit.map((a) => a.alteracao)).toEqual(['CRIACAO', 'ALTERACAO']);
  });

  it('refuses an origin not configured, a bad or taken slug, a built-in report without its kind, and changes nothing', async () => {
    const antes = await rowsOf();
    const outraOrigem = await salvar(embutido({ slug: 'fora', url: 'https://evil.example/x' }));
    expect(fieldErrors(outraOrigem)).toEqual({ url: 'Esta origem não está em REPORT_FRAME_ORIGINS' });
    const javascript = await salvar(embutido({ slug: 'js', url: 'javascript:alert(1)' }));
    expect(Object.keys(fieldErrors(javascript))).toEqual(['url']);
    const slug = await salvar(embutido({ slug: 'com espaço' }));
    expect(fieldErrors(slug)).toEqual({ slug: 'Use letras minúsculas, números e hífens' });
    const tomado = await salvar(embutido());
    expect(fieldErrors(tomado)).toEqual({ slug: 'Já existe um relatório com este slug' });
    const semTipo = await salvar({ ...alcanceDef, slug: 'sem-tipo', interno: null });
    expect(Object.keys(fieldErrors(semTipo))).toEqual(['interno']);
    const chave = await salvar({ ...alcanceDef, slug: 'chave', funcionalidades: ['NAO_EXISTE'] });
    expect(errorCode(chave)).toBe('BAD_USER_INPUT');
    expect(await rowsOf()).toEqual(antes);
  });

  it('a built-in report keeps no address and an embedded one no built-in kind', async () => {
    const res = await salvar({ ...alcanceDef, slug: 'misto', url: `${BI}/x`, tokenAssinado: true });
    expect(res.data!.salvarRelatorio).toMatchObject({
      url: null,
      tokenAssinado: false,
      interno: 'ALCANCE_COMUNICADOS',
    });
    const [row] = await kit.db.select().from(relatorios).where(eq(relatorios.slug, 'misto'));
    await gql(
      kit.portal,
      'mutation($id: ID!, $v: Int) { excluirRelatorio(id: $id, version: $v) }',
      { id: row!.id, v: row!.version },
      kit.staff,
    );
    expect(await rowsOf()).not.toContain('misto');
  });

  it('a manufacturer may neither read nor write definitions', async () => {
    const antes = await rowsOf();
    expect(errorCode(await salvar(embutido({ slug: 'meu' }), montadoraA.token))).toBe('FORBIDDEN');
    expect(errorCode(await gql(kit.portal, '{ relatorios { id } }', {}, montadoraA.token))).toBe('FORBIDDEN');
    expect(await rowsOf()).toEqual(antes);
  });
});

describe('opening a report', () => {
  it('the menu lists the reports each user may open, by position, in their language', async () => {
    await salvar({
      ...alcanceDef,
      slug: 'pecas',
      interno: 'USUARIOS',
      tituloPtBr: 'Consulta de peças',
      funcionalidades: ['RELATORIOS_PORTAL_CONSULTA_PECAS'],
      posicao: 5,
    });
    expect((await menuOf(kit.staff)).map((i) => i.path)).toEqual([
      '/relatorio/alcance',
      '/relatorio/bi-gestores',
      '/relatorio/pecas',
    ]);
    expect(await menuOf(montadoraA.token)).toEqual([
      { id: 'relatorio-alcance', path: '/relatorio/alcance', title: 'Alcance dos comunicados' },
      { id: 'relatorio-bi-gestores', path: '/relatorio/bi-gestores', title: 'Painel de gestores' },
    ]);
    expect((await menuOf(leitorA.token)).map((i) => i.path)).toEqual(['/relatorio/alcance']);

    // At one position, by title in the reader's language (not by address).
    for (const [slug, tituloPtBr] of [
      ['a-zeta', 'Zeta das vendas'],
      ['z-alfa', 'Alfa das vendas'],
    ]) {
      await salvar({ ...alcanceDef, slug, tituloPtBr, funcionalidades: [], posicao: 50 });
    }
    expect((await menuOf(kit.staff)).map((i) => i.title).slice(-2)).toEqual(['Alfa das vendas', 'Zeta das vendas']);
  });

  it('refuses a report the rule excludes (type, key) and says an unknown slug does not exist', async () => {
    const aberto = (slug: string, token: string) => gql(kit.portal, ABERTO, { slug }, token);
    expect(errorCode(await aberto('bi-gestores', leitorA.token))).toBe('FORBIDDEN');
    expect(errorCode(await aberto('pecas', montadoraA.token))).toBe('FORBIDDEN');
    expect(errorCode(await aberto('nao-existe', montadoraA.token))).toBe('NOT_FOUND');
    // Longer than a definition's slug can be: not found either (the page's 404), not a bad request.
    expect(errorCode(await aberto('x'.repeat(200), montadoraA.token))).toBe('NOT_FOUND');
    expect((await aberto('pecas', kit.staff)).errors).toBeUndefined();
  });

  it("offers a built-in report's filters the active brands and dealer groups of the caller's scope, and an embedded report none", async () => {
    const OPCOES =
      'query($slug: String!) { relatorioAberto(slug: $slug) { opcoes { marcas { id nome } grupos { id nome } } } }';
    type Opcoes = { marcas: { id: string; nome: string }[]; grupos: { id: string }[] } | null;
    const opcoes = async (token: string, slug = 'alcance') => {
      const r = await gql<{ relatorioAberto: { opcoes: Opcoes } }>(kit.portal, OPCOES, { slug }, token);
      expect(r.errors).toBeUndefined();
      return r.data!.relatorioAberto.opcoes;
    };
    const ids = (o: Opcoes) => ({
      marcas: o!.marcas.map((m) => Number(m.id)),
      grupos: o!.grupos.map((g) => Number(g.id)),
    });
    expect(ids(await opcoes(montadoraA.token))).toEqual({ marcas: [m.a.id], grupos: [grupoA.id] });
    expect(ids(await opcoes(montadoraB.token))).toEqual({ marcas: [m.b.id], grupos: [] });
    expect((await opcoes(montadoraA.token))!.marcas.map((x) => x.nome)).toEqual([m.a.nome]);
    // A dealer-group user's brands are their dealers' (a dealer selling A and B): both are counted.
    const leitorAB = await kit.caller({ tipo: 'DEALER_GRUPO', marca: m.a.id, dealer: d.ab.id });
    expect(ids(await opcoes(leitorAB.token)).marcas.sort()).toEqual([m.a.id, m.b.id].sort());
    expect(ids(await opcoes(leitorA.token))).toEqual({ marcas: [m.a.id], grupos: [grupoA.id] });
    // The provider's staff every active brand and group; an inactive brand is offered to nobody.
    const inativa = await kit.marca('Marca inativa');
    await kit.db.execute(sql`update marcas set active = false where id = ${inativa.id}`);
    const todas = ids(await opcoes(kit.staff));
    expect(todas.marcas).toEqual(expect.arrayContaining([m.a.id, m.b.id]));
    expect(todas.marcas).not.toContain(inativa.id);
    expect(todas.grupos).toContain(grupoA.id);
    expect(await opcoes(montadoraA.token, 'bi-gestores')).toBeNull();

    // Each group says its brands, only those the caller may see (the form narrows the groups by brand).
    const grupoAB = await kit.grupo([m.a.id, m.b.id]);
    const marcasDe = async (token: string, grupo: number) =>
      (
        await gql<{ relatorioAberto: { opcoes: { grupos: { id: string; marcaIds: string[] }[] } } }>(
          kit.portal,
          'query($slug: String!) { relatorioAberto(slug: $slug) { opcoes { grupos { id marcaIds } } } }',
          { slug: 'alcance' },
          token,
        )
      )
        .data!.relatorioAberto.opcoes.grupos.find((g) => Number(g.id) === grupo)
        ?.marcaIds.map(Number);
    expect(await marcasDe(kit.staff, grupoAB.id)).toEqual([m.a.id, m.b.id].sort((x, y) => x - y));
    expect(await marcasDe(montadoraA.token, grupoAB.id)).toEqual([m.a.id]);
    expect(await marcasDe(montadoraB.token, grupoAB.id)).toEqual([m.b.id]);
    expect(await marcasDe(montadoraA.token, grupoA.id)).toEqual([m.a.id]);
  });

  it('frames an embedded report with a signed token of the reader: id, type, brands, for its origin, 5 minutes', async () => {
    const res = await gql<{ relatorioAberto: { url: string; titulo: string; tipo: string } }>(
      kit.portal,
      ABERTO,
      { slug: 'bi-gestores' },
      montadoraA.token,
    );
    expect(res.data!.relatorioAberto).toMatchObject({ titulo: 'Painel de gestores', tipo: 'EMBUTIDO' });
    const url = new URL(res.data!.relatorioAberto.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${BI}/painel`);
    expect(url.searchParams.get('tema')).toBe('claro');
    const token = url.searchParams.get('token')!;
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(SECRET), {
      issuer: kit.portal.url,
      audience: BI,
    });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({
      sub: String(montadoraA.id),
      tipo: 'MONTADORA',
      marcas: [m.a.id],
      dealers: [],
      relatorio: 'bi-gestores',
    });
    expect(payload.exp! - payload.iat!).toBe(300);
    // A dealer group's user: the token names the dealers they work at, which is all they may see.
    expect(await escopoDoUsuario(kit.db, leitorA.id)).toEqual({ marcas: [m.a.id], dealers: [d.a1.id] });
    await expect(jwtVerify(token, new TextEncoder().encode(`${SECRET}-outro`))).rejects.toThrow();
  });

  it('the content-security policy frames only the configured origins', async () => {
    const res = await fetch(`${kit.portal.url}/health`);
    const frameSrc = /frame-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')![1];
    expect(frameSrc.split(' ')).toEqual(["'self'", BI, 'https://outro.example']);
  });
});

describe('the announcement-reach report', () => {
  it("a manufacturer's figures are their brand's announcements to their brand's people, as counted in SQL", async () => {
    const r = await alcance(montadoraA.token);
    const [direto] = (
      await kit.db.execute<{ c: number; d: number; l: number; p: number; k: number }>(sql`
        select count(distinct e.comunicado_id)::int as c, count(*)::int as d, count(e.lido_em)::int as l,
          count(*) filter (where c.exige_confirmacao)::int as p, count(e.confirmado_em)::int as k
        from comunicado_envios e join comunicados c on c.id = e.comunicado_id join usuarios u on u.id = e.usuario_id
        where c.enviado_em >= '2026-03-01' and c.enviado_em < '2026-04-01' and c.remetente_id = ${montadoraA.id}
          and ${m.a.id} = any(u.marcas_efetivas)`)
    ).rows;
    expect(direto).toEqual({ c: 1, d: 5, l: 3, p: 5, k: 1 });
    expect(r).toMatchObject({ comunicados: 1, destinatarios: 5, lidos: 3, pedemConfirmacao: 5, confirmados: 1 });
    expect(r.marcas.map((l) => [l.nome, l.destinatarios, l.lidos])).toEqual([[m.a.nome, 5, 3]]);
    // B's announcement (to the shared dealer too) and B's brand are not in A's figures.
    expect(JSON.stringify(r)).not.toContain(m.b.nome);
  });

  it('rolls up by dealer group and dealer, least read first', async () => {
    const r = await alcance(montadoraA.token);
    expect(r.grupos.map((l) => [l.id, l.destinatarios, l.lidos])).toEqual([[String(grupoA.id), 3, 2]]);
    // a2: 0 of 1 read; a1: 2 of 3; ab: 1 of 1.
    expect(r.dealers.map((l) => [l.id, l.destinatarios, l.lidos, l.comunicados])).toEqual([
      [String(d.a2.id), 1, 0, 1],
      [String(d.a1.id), 3, 2, 1],
      [String(d.ab.id), 1, 1, 1],
    ]);
    expect(r.grupos.map((l) => l.comunicados)).toEqual([1]);
  });

  it('filters by dealer group and by dealer', async () => {
    const porGrupo = await alcance(montadoraA.token, { grupoId: grupoA.id });
    expect(porGrupo).toMatchObject({ destinatarios: 3, lidos: 2 });
    expect(porGrupo.dealers.map((l) => l.id)).toEqual([String(d.a1.id)]);
    const porDealer = await alcance(montadoraA.token, { dealerId: d.ab.id });
    expect(porDealer).toMatchObject({ destinatarios: 1, lidos: 1 });
    // Another brand's dealer filters A's figures to nothing.
    expect(await alcance(montadoraA.token, { dealerId: d.b1.id })).toMatchObject({ destinatarios: 0, dealers: [] });
    expect(await alcance(montadoraA.token, { marcaId: m.b.id })).toMatchObject({ destinatarios: 0, marcas: [] });
  });

  it('counts a recipient named in a dealer group at that group, once, where the announcement reached them', async () => {
    // Named in A's group and working at ab (not of the group); another at a1 (of the group) and named in it.
    const porNome = await kit.usuario({ tipo: 'DEALER_GRUPO', dealer: d.ab.id, grupoIds: [grupoA.id] });
    const dosDois = await kit.usuario({ tipo: 'DEALER_GRUPO', dealer: d.a1.id, grupoIds: [grupoA.id] });
    const { id } = await comunicadoEnviado(kit.db, {
      autorId: montadoraA.id,
      titulo: 'Grupo por nome',
      para: usuariosIds(porNome.id, dosDois.id),
      enviadoEm: '2025-06-10T12:00:00Z',
    });
    await kit.db.execute(sql`update comunicado_envios set lido_em = now()
      where comunicado_id = ${id} and usuario_id = ${porNome.id}`);
    const junho = { inicio: '2025-06-01', fim: '2025-06-30' };
    const esperado = [[String(grupoA.id), 2, 1]];
    const grupos = async (f: Record<string, unknown> = {}) =>
      (await alcance(montadoraA.token, { ...junho, ...f })).grupos.map((l) => [l.id, l.destinatarios, l.lidos]);
    expect(await grupos()).toEqual(esperado);
    expect(await alcance(montadoraA.token, { ...junho, grupoId: grupoA.id })).toMatchObject({
      destinatarios: 2,
      lidos: 1,
    });
    // No longer named in it after the delivery: still counted where it reached them.
    await kit.db.execute(sql`delete from usuario_grupos where usuario_id = ${porNome.id}`);
    expect(await grupos()).toEqual(esperado);
  });

  it('the provider staff see both brands; a dealer-group user only their own dealer', async () => {
    const todos = await alcance(kit.staff);
    expect(todos).toMatchObject({ comunicados: 2, destinatarios: 7, lidos: 4 });
    expect(todos.marcas.map((l) => l.nome).sort()).toEqual([m.a.nome, m.b.nome].sort());
    const leitor = await alcance(leitorA.token);
    expect(leitor.dealers.map((l) => l.id)).toEqual([String(d.a1.id)]);
    expect(leitor.destinatarios).toBe(3);
  });

  it('refuses a period that ends before it starts, and figures of a report the caller may not open', async () => {
    const ruim = await gql(
      kit.portal,
      ALCANCE,
      { f: { slug: 'alcance', inicio: '2026-03-10', fim: '2026-03-01' } },
      kit.staff,
    );
    expect(fieldErrors(ruim)).toEqual({ 'filtro.fim': 'O fim vem antes do início' });
    await salvar({ ...alcanceDef, slug: 'alcance-staff', tiposUsuario: ['TECSINAPSE'] });
    const recusado = await gql(kit.portal, ALCANCE, { f: { slug: 'alcance-staff', ...PERIODO } }, montadoraA.token);
    expect(errorCode(recusado)).toBe('FORBIDDEN');
    const outroTipo = await gql(kit.portal, ALCANCE, { f: { slug: 'pecas', ...PERIODO } }, kit.staff);
    expect(errorCode(outroTipo)).toBe('NOT_FOUND');
  });

  it('exports the rows to CSV in the caller scope, and refuses a caller the report excludes', async () => {
    const url = (slug: string) =>
      `${kit.portal.url}/api/exportar/relatorioAlcance?formato=csv&filtro=${encodeURIComponent(JSON.stringify({ slug, ...PERIODO }))}`;
    const res = await fetch(url('alcance'), { headers: { authorization: `Bearer ${montadoraA.token}` } });
    expect(res.status).toBe(200);
    const linhas = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(linhas[0]).toBe(
      'Nível;Nome;Comunicados;Destinatários;Lidos;Taxa de leitura (%);Pedem confirmação;Confirmados;Taxa de confirmação (%)',
    );
    // The totals as the screen shows them, then one brand, one group, three dealers.
    expect(linhas).toHaveLength(1 + 1 + 1 + 1 + 3);
    // Portuguese: fields apart by `;` (Excel's list separator there).
    expect(linhas[1]).toBe('Total;;1;5;3;60;5;1;20');
    expect(linhas[2]).toBe(`Marca;${m.a.nome};1;5;3;60;5;1;20`);
    // A decimal with a comma (2 of the 3 at the dealer a1 read it); in English `,` and a point.
    expect(linhas.filter((l) => /^Dealer;.*;1;3;2;66,7;3;1;33,3$/.test(l))).toHaveLength(1);
    await kit.db.execute(sql`update usuarios set idioma = 'EN' where id = ${montadoraA.id}`);
    try {
      const ingles = await fetch(url('alcance'), { headers: { authorization: `Bearer ${montadoraA.token}` } });
      const linhasEn = (await ingles.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(linhasEn[0]).toMatch(/^Level,Name,/);
      expect(linhasEn.filter((l) => /^Dealer,.*,1,3,2,66\.7,3,1,33\.3$/.test(l))).toHaveLength(1);
    } finally {
      await kit.db.execute(sql`update usuarios set idioma = 'PT_BR' where id = ${montadoraA.id}`);
    }
    const recusado = await fetch(url('alcance-staff'), { headers: { authorization: `Bearer ${montadoraA.token}` } });
    expect(recusado.status).toBe(403);
  });
});

describe('the users report', () => {
  const USUARIOS = `query($f: RelatorioFiltroInput!) { relatorioUsuarios(filtro: $f) { total ativos inativos dormentes
    ativacaoEspecial porTipo { id nome total ativos dormentes } porMarca { id nome total ativos inativos dormentes }
    semanas { semana usuarios acessos } } }`;
  type Usuarios = {
    total: number;
    ativos: number;
    dormentes: number;
    porTipo: { id: string; total: number }[];
    porMarca: { nome: string; total: number; dormentes: number }[];
    semanas: { semana: string; usuarios: number; acessos: number }[];
  };
  const hoje = diaDoPortal();
  const usuarios = async (token: string, filtro: Record<string, unknown> = {}) => {
    const res = await gql<{ relatorioUsuarios: Usuarios }>(
      kit.portal,
      USUARIOS,
      { f: { slug: 'usuarios', inicio: '2026-01-01', fim: hoje, ...filtro } },
      token,
    );
    expect(res.errors).toBeUndefined();
    return res.data!.relatorioUsuarios;
  };

  beforeAll(async () => {
    await salvar({ ...alcanceDef, slug: 'usuarios', interno: 'USUARIOS', tituloPtBr: 'Usuários da rede' });
    // One of A's dealer staff inactivated for inactivity.
    const [dormente] = (
      await kit.db.execute<{ id: number }>(sql`select ud.usuario_id as id from usuario_dealers ud
        where ud.dealer_id = ${d.a2.id} limit 1`)
    ).rows;
    await kit.db.execute(
      sql`update usuarios set active = false, inativado_por_inatividade = true where id = ${dormente!.id}`,
    );
  });

  it("a manufacturer's users, by status, type and brand, are those of their brands, as counted in SQL", async () => {
    const r = await usuarios(montadoraA.token);
    const [direto] = (
      await kit.db.execute<{ total: number; dormentes: number }>(sql`select count(*)::int as total,
        count(*) filter (where not active and inativado_por_inatividade)::int as dormentes from usuarios
        where id = ${montadoraA.id} or (tipo in ('MONTADORA', 'DEALER_GRUPO') and marcas_efetivas && array[${m.a.id}]::int[])`)
    ).rows;
    expect(r).toMatchObject({ total: direto!.total, dormentes: 1 });
    expect(r.porTipo.reduce((n, t) => n + t.total, 0)).toBe(r.total);
    expect(r.porMarca.map((l) => [l.nome, l.total, l.dormentes])).toEqual([[m.a.nome, direto!.total, 1]]);
    expect(JSON.stringify(r)).not.toContain(m.b.nome);
  });

  it('exports the totals the screen shows first, then each user type and each brand', async () => {
    const r = await usuarios(montadoraA.token);
    const { status, linhas } = await exportarCsv(
      kit.portal,
      'relatorioUsuarios',
      { slug: 'usuarios', inicio: '2026-01-01', fim: hoje },
      montadoraA.token,
    );
    expect(status).toBe(200);
    expect(linhas[0]).toBe('Nível;Nome;Usuários;Ativos;Inativos;Dormentes;Ativação especial;Usaram o portal;Entradas');
    expect(linhas[1]).toBe(`Total;;${r.total};${r.ativos};${r.total - r.ativos - r.dormentes};${r.dormentes};0;;`);
    expect(linhas.slice(2).map((l) => l.split(';')[0])).toEqual([
      ...r.porTipo.map(() => 'Tipo de usuário'),
      ...r.porMarca.map(() => 'Marca'),
      ...r.semanas.map(() => 'Uso por semana'),
    ]);
    // Each week of the period as the screen shows it: who used the portal, and their sign-ins.
    expect(r.semanas.length).toBeGreaterThan(0);
    expect(linhas.slice(-r.semanas.length)).toEqual(
      r.semanas.map((w) => `Uso por semana;${w.semana};;;;;;${w.usuarios};${w.acessos}`),
    );
  });

  it('names the exported file by its period, so two exports of other periods are told apart', async () => {
    const filtro = encodeURIComponent(JSON.stringify({ slug: 'usuarios', inicio: '2026-01-01', fim: '2026-03-31' }));
    for (const formato of ['csv', 'xlsx']) {
      const res = await fetch(`${kit.portal.url}/api/exportar/relatorioUsuarios?formato=${formato}&filtro=${filtro}`, {
        headers: { authorization: `Bearer ${montadoraA.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename*=UTF-8''usuarios-relatorio_2026-01-01_2026-03-31.${formato}`,
      );
      // Read to its end: one export at a time per user.
      await res.arrayBuffer();
    }
  });

  it('counts each week the users who used the portal and their sign-ins, in scope', async () => {
    const semana = (
      await kit.db.execute<{ s: string }>(sql`select to_char(date_trunc('week', now()), 'YYYY-MM-DD') as s`)
    ).rows[0]!.s;
    const [direto] = (
      await kit.db.execute<{ n: number; a: number }>(sql`select count(*)::int as n, sum(s.acessos)::int as a
        from usuario_acessos_semana s join usuarios u on u.id = s.usuario_id
        where s.semana = ${semana}::date and (u.id = ${montadoraA.id} or (u.tipo in ('MONTADORA', 'DEALER_GRUPO')
          and u.marcas_efetivas && array[${m.a.id}]::int[]))`)
    ).rows;
    // The callers signed in this week: A's manufacturer and A's reader at least.
    expect(direto!.n).toBeGreaterThanOrEqual(2);
    const r = await usuarios(montadoraA.token);
    // Every week of the period by its Monday (January 1, 2026 is a Thursday), one after the other;
    // only this week's has sign-ins, the others are zeros (the chart's line does not skip them).
    expect(r.semanas[0]!.semana).toBe('2025-12-29');
    expect(r.semanas.at(-1)!.semana).toBe(semana);
    for (const [i, w] of r.semanas.entries()) {
      if (i > 0) expect(Date.parse(w.semana) - Date.parse(r.semanas[i - 1]!.semana)).toBe(7 * 86_400_000);
    }
    expect(r.semanas.filter((w) => w.usuarios > 0)).toEqual([{ semana, usuarios: direto!.n, acessos: direto!.a }]);
    expect(r.semanas.filter((w) => w.usuarios === 0).every((w) => w.acessos === 0)).toBe(true);
    // A reader's figures: only their dealer's users.
    const leitor = await usuarios(leitorA.token);
    expect(leitor.semanas.at(-1)!.usuarios).toBeLessThan(r.semanas.at(-1)!.usuarios);
  });

  it('filters by dealer group: the users of its dealers and those named in it, as counted in SQL', async () => {
    const porNome = await kit.usuario({ tipo: 'DEALER_GRUPO', dealer: d.ab.id, grupoIds: [grupoA.id] });
    const [direto] = (
      await kit.db.execute<{ n: number }>(sql`select count(*)::int as n from usuarios u
        where u.marcas_efetivas && array[${m.a.id}]::int[] and u.tipo in ('MONTADORA', 'DEALER_GRUPO')
          and (u.id in (select ug.usuario_id from usuario_grupos ug where ug.grupo_id = ${grupoA.id})
            or u.id in (select ud.usuario_id from usuario_dealers ud join dealer_grupos dg on dg.dealer_id = ud.dealer_id
              where dg.grupo_id = ${grupoA.id}))`)
    ).rows;
    const r = await usuarios(montadoraA.token, { grupoId: grupoA.id });
    expect(r.total).toBe(direto!.n);
    await kit.db.execute(sql`delete from usuario_grupos where usuario_id = ${porNome.id}`);
    expect((await usuarios(montadoraA.token, { grupoId: grupoA.id })).total).toBe(direto!.n - 1);
  });

  it('filters by dealer, and refuses the figures to a caller the definition excludes', async () => {
    const porDealer = await usuarios(montadoraA.token, { dealerId: d.a2.id });
    expect(porDealer).toMatchObject({ total: 1, dormentes: 1, ativos: 0 });
    expect(await usuarios(montadoraA.token, { dealerId: d.b1.id })).toMatchObject({ total: 0, porMarca: [] });
    await salvar({ ...alcanceDef, slug: 'usuarios-staff', interno: 'USUARIOS', tiposUsuario: ['TECSINAPSE'] });
    const recusado = await gql(
      kit.portal,
      USUARIOS,
      { f: { slug: 'usuarios-staff', inicio: '2026-01-01', fim: hoje } },
      montadoraA.token,
    );
    expect(errorCode(recusado)).toBe('FORBIDDEN');
  });
});
