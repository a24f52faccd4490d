import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LinhaRollup } from '../../domain/comunicados';
import { resumoDoAlcanceConfere, comunicadoEnviado, usuariosIds } from './comunicadosEnviados';
import { seedKit } from './kit';
import { errorCode, gql } from './portal';

// The dashboard of a sent announcement (issue #28): figures by SQL aggregates (checked here against
// counts made directly in SQL), the roll-up by brand, dealer group and dealer cut to the caller's
// scope, least read first, the unread list and its export, and the reminder to the unread at most
// once a day. Who may: its author, or a holder of the approval key whose scope reaches the author.

const kit = seedKit({ seed: 2802, domain: 'comunicados-dashboard.test' });

const DASHBOARD = `query($id: ID!) { comunicadoDashboard(id: $id) {
  comunicado { id titulo status { id description } exigeConfirmacao acoes } destinatarios lidos taxaLeitura confirmados
  leiturasPorDia { data lidos confirmados } emails { fila enviados falhas } lembradoEm podeLembrar } }`;
const LINHA = 'id nome destinatarios lidos confirmados taxaLeitura';
const ROLLUP = `query($id: ID!, $n: String!, $f: FilterInput) { comunicadoDashboardRollup(id: $id, nivel: $n, filterInput: $f) {
  content { ${LINHA} } totalElements menosLidos { ${LINHA} } } }`;
const NAO_LIDOS = `query($id: ID!, $f: FilterInput) { comunicadoNaoLidos(id: $id, filterInput: $f) {
  totalElements content { id nome email lidoEm confirmadoEm } } }`;
const LEMBRAR = 'mutation($id: ID!) { lembrarNaoLidosComunicado(id: $id) }';

type Linha = LinhaRollup;

let autor: { id: number; token: string };
let aprovador: { id: number; token: string };
let criadorOutro: { id: number; token: string };
let aprovadorOutraMarca: { id: number; token: string };
let leitor: { id: number; token: string };
let comunicado: number;
let rascunho: number;
const marca: Record<'m1' | 'm2', { id: number; nome: string }> = {} as never;
const dealer: Record<'d1' | 'd2' | 'd4', { id: number; nomeExibicao: string }> = {} as never;
let grupo: { id: number; nome: string };
const r: Record<string, number> = {};

const dashboard = async (token: string, id = comunicado) =>
  gql<{ comunicadoDashboard: Record<string, unknown> & { leiturasPorDia: { lidos: number; confirmados: number }[] } }>(
    kit.portal,
    DASHBOARD,
    { id },
    token,
  );
type PaginaRollup = { content: Linha[]; totalElements: number; menosLidos: Linha[] };
/** A page of the roll-up (the first 10 rows, least read first, unless `f` says otherwise). */
const paginaRollup = async (token: string, n: string, f?: object, id = comunicado) => {
  const res = await gql<{ comunicadoDashboardRollup: PaginaRollup }>(kit.portal, ROLLUP, { id, n, f }, token);
  expect(res.errors).toBeUndefined();
  return res.data!.comunicadoDashboardRollup;
};
const rollup = async (token: string, n: string, id = comunicado) =>
  (await paginaRollup(token, n, undefined, id)).content;

beforeAll(async () => {
  await kit.start();
  marca.m1 = await kit.marca('Marca Um');
  marca.m2 = await kit.marca('Marca Dois');
  grupo = await kit.grupo([marca.m1.id]);
  dealer.d1 = await kit.dealer({ marcaIds: [marca.m1.id], grupoIds: [grupo.id] });
  dealer.d2 = await kit.dealer({ marcaIds: [marca.m1.id] });
  // A dealer shared by both brands.
  dealer.d4 = await kit.dealer({ marcaIds: [marca.m1.id, marca.m2.id] });
  const recipient = async (key: string, d: { id: number }, nome: string) => {
    r[key] = (await kit.usuario({ tipo: 'DEALER_GRUPO', marca: marca.m1.id, dealer: d.id, nome })).id;
  };
  await recipient('r1', dealer.d1, 'Ana Lida');
  await recipient('r2', dealer.d1, 'Bia Lida');
  await recipient('r3', dealer.d1, 'Carla Pendente');
  await recipient('r4', dealer.d2, 'Davi Pendente');
  await recipient('r5', dealer.d2, 'Edu Pendente');
  r.r6 = (await kit.usuario({ tipo: 'DEALER_GRUPO', dealer: dealer.d4.id, nome: 'Fabi Lida' })).id;
  autor = await kit.caller({ tipo: 'MONTADORA', marca: marca.m1.id, funcionalidades: ['PORTAL_CRIACAO_COMUNICADOS'] });
  aprovador = await kit.caller({
    tipo: 'MONTADORA',
    marca: marca.m1.id,
    funcionalidades: ['PORTAL_APROVACAO_ENVIO_COMUNICADOS'],
  });
  criadorOutro = await kit.caller({
    tipo: 'MONTADORA',
    marca: marca.m1.id,
    funcionalidades: ['PORTAL_CRIACAO_COMUNICADOS'],
  });
  aprovadorOutraMarca = await kit.caller({
    tipo: 'MONTADORA',
    marca: (await kit.marca('Marca Três')).id,
    funcionalidades: ['PORTAL_APROVACAO_ENVIO_COMUNICADOS'],
  });
  leitor = await kit.caller({ tipo: 'DEALER_GRUPO', marca: marca.m1.id, dealer: dealer.d1.id });
  ({ id: comunicado } = await comunicadoEnviado(kit.db, {
    autorId: autor.id,
    titulo: 'Campanha de revisão',
    para: usuariosIds(r.r1!, r.r2!, r.r3!, r.r4!, r.r5!, r.r6!),
    exigeConfirmacao: true,
  }));
  await kit.db.execute(sql`update comunicado_envios set lido_em = case usuario_id
      when ${r.r1} then '2026-05-04T09:15:00Z'::timestamptz when ${r.r2} then '2026-05-04T10:40:00Z'::timestamptz
      else '2026-05-05T08:05:00Z'::timestamptz end,
    confirmado_em = case when usuario_id = ${r.r1} then '2026-05-04T09:20:00Z'::timestamptz end
    where comunicado_id = ${comunicado} and usuario_id in (${r.r1}, ${r.r2}, ${r.r6})`);
  await kit.db.execute(sql`insert into comunicado_emails (comunicado_id, email, status)
    values (${comunicado}, 'a@x.test', 'ENVIADO'), (${comunicado}, 'b@x.test', 'ENVIADO'),
      (${comunicado}, 'c@x.test', 'FALHOU'), (${comunicado}, 'd@x.test', 'FILA')`);
  ({ id: rascunho } = await comunicadoEnviado(kit.db, {
    autorId: autor.id,
    titulo: 'Ainda em rascunho',
    para: usuariosIds(r.r1!),
    estado: 'RASCUNHO',
  }));
});

describe('figures', () => {
  it('recipients, reads, rate, confirmations and e-mails match counts made in SQL', async () => {
    const res = await dashboard(autor.token);
    expect(res.errors).toBeUndefined();
    const [direto] = (
      await kit.db.execute<{ d: number; l: number; c: number }>(sql`select count(*)::int as d,
        count(lido_em)::int as l, count(confirmado_em)::int as c from comunicado_envios where comunicado_id = ${comunicado}`)
    ).rows;
    const d = res.data!.comunicadoDashboard;
    expect(d).toMatchObject({
      destinatarios: direto!.d,
      lidos: direto!.l,
      confirmados: direto!.c,
      taxaLeitura: direto!.l / direto!.d,
      emails: { fila: 1, enviados: 2, falhas: 1 },
      podeLembrar: true,
      lembradoEm: null,
      comunicado: { titulo: 'Campanha de revisão', status: { id: 'ENVIADO' }, exigeConfirmacao: true },
    });
    expect([d.destinatarios, d.lidos, d.confirmados]).toEqual([6, 3, 1]);
    expect(d.comunicado).toMatchObject({ acoes: expect.arrayContaining(['dashboard', 'lembrete', 'errata']) });
  });

  it('answers the announcement as the write side loads it (the same Comunicado as `comunicado`)', async () => {
    const CAMPOS = `id version titulo mensagem createdDateTime envioDateTime status { id description }
      usuarioCriador { id nome } usuarioAprovador { id } grupos { id } etiquetas { nome } arquivos { id }
      departamento { id } emailsAvulsos { email } erratas { id } exigeConfirmacao destinatarios arquivado acoes`;
    const [painel, escrita] = await Promise.all([
      gql<{ comunicadoDashboard: { comunicado: Record<string, unknown> } }>(
        kit.portal,
        `query($id: ID!) { comunicadoDashboard(id: $id) { comunicado { ${CAMPOS} } } }`,
        { id: comunicado },
        aprovador.token,
      ),
      gql<{ comunicado: Record<string, unknown> }>(
        kit.portal,
        `query($id: ID!) { comunicado(id: $id) { ${CAMPOS} } }`,
        { id: comunicado },
        aprovador.token,
      ),
    ]);
    expect(painel.errors).toBeUndefined();
    expect(escrita.errors).toBeUndefined();
    expect(escrita.data!.comunicado).toMatchObject({ mensagem: '<p>Campanha de revisão</p>', destinatarios: 6 });
    expect(painel.data!.comunicadoDashboard.comunicado).toEqual(escrita.data!.comunicado);
  });

  it('reads over time in buckets (by hour over two days or less), every hour between, summing to the figures', async () => {
    const d = (await dashboard(autor.token)).data!.comunicadoDashboard;
    const horas = d.leiturasPorDia as { data: string; lidos: number; confirmados: number }[];
    // 09:00 on the 4th to 08:00 on the 5th: 24 hours, the quiet ones with zeros.
    expect(horas).toHaveLength(24);
    expect(horas.filter((h) => h.lidos > 0 || h.confirmados > 0)).toEqual([
      { data: '2026-05-04T09:00:00.000Z', lidos: 1, confirmados: 1 },
      { data: '2026-05-04T10:00:00.000Z', lidos: 1, confirmados: 0 },
      { data: '2026-05-05T08:00:00.000Z', lidos: 1, confirmados: 0 },
    ]);
    expect(horas[2]).toEqual({ data: '2026-05-04T11:00:00.000Z', lidos: 0, confirmados: 0 });
    expect(horas.map((h) => new Date(h.data).getTime() - new Date(horas[0]!.data).getTime())).toEqual(
      horas.map((_, i) => i * 3_600_000),
    );

    // A read four days later: by day, every day between (the portal's days; noon UTC is the same day there).
    const ultima = sql`usuario_id = ${r.r6} and comunicado_id = ${comunicado}`;
    const { rows } = await kit.db.execute<{ lido_em: string }>(
      sql`select lido_em::text from comunicado_envios where ${ultima}`,
    );
    await kit.db.execute(sql`update comunicado_envios set lido_em = '2026-05-08T12:00:00Z' where ${ultima}`);
    try {
      const dias = (await dashboard(autor.token)).data!.comunicadoDashboard.leiturasPorDia;
      expect(dias).toEqual([
        { data: '2026-05-04', lidos: 2, confirmados: 1 },
        { data: '2026-05-05', lidos: 0, confirmados: 0 },
        { data: '2026-05-06', lidos: 0, confirmados: 0 },
        { data: '2026-05-07', lidos: 0, confirmados: 0 },
        { data: '2026-05-08', lidos: 1, confirmados: 0 },
      ]);
    } finally {
      await kit.db.execute(
        sql`update comunicado_envios set lido_em = ${rows[0]!.lido_em}::timestamptz where ${ultima}`,
      );
    }
  });
});

describe('the roll-up', () => {
  it('by dealer, least read first, only the dealers in the caller’s scope', async () => {
    const linhas = await rollup(autor.token, 'DEALER');
    expect(linhas.map((l) => [l.id, l.destinatarios, l.lidos, l.confirmados])).toEqual([
      [String(dealer.d2.id), 2, 0, 0],
      [String(dealer.d1.id), 3, 2, 1],
      [String(dealer.d4.id), 1, 1, 0],
    ]);
    expect(linhas[1]!.taxaLeitura).toBeCloseTo(2 / 3);
  });

  it('a page at a time: sorted by any column, searched by name, the least read apart for the chart', async () => {
    const ids = (p: PaginaRollup) => p.content.map((l) => l.id);
    const [d1, d2, d4] = [String(dealer.d1.id), String(dealer.d2.id), String(dealer.d4.id)];
    const porTaxa = [d2, d1, d4];
    const segunda = await paginaRollup(autor.token, 'DEALER', { page: 1, rowsPerPage: 2 });
    expect(ids(segunda)).toEqual([d4]);
    expect(segunda.totalElements).toBe(3);
    // The chart's rows are the level's least read whatever the page, order and search.
    expect(segunda.menosLidos.map((l) => l.id)).toEqual(porTaxa);
    const maisLidosPrimeiro = await paginaRollup(autor.token, 'DEALER', {
      sort: { field: 'taxaLeitura', order: 'DESC' },
    });
    expect(ids(maisLidosPrimeiro)).toEqual([...porTaxa].reverse());
    const porDestinatarios = await paginaRollup(autor.token, 'DEALER', {
      sort: { field: 'destinatarios', order: 'DESC' },
    });
    expect(ids(porDestinatarios)).toEqual([d1, d2, d4]);
    const nomes = [dealer.d1, dealer.d2, dealer.d4].sort((a, b) => (a.nomeExibicao < b.nomeExibicao ? 1 : -1));
    const porNome = await paginaRollup(autor.token, 'DEALER', { sort: { field: 'nome', order: 'DESC' } });
    expect(porNome.content.map((l) => l.nome)).toEqual(nomes.map((n) => n.nomeExibicao));
    const busca = await paginaRollup(autor.token, 'DEALER', { busca: dealer.d1.nomeExibicao.toUpperCase() });
    expect([ids(busca), busca.totalElements]).toEqual([[d1], 1]);
    expect(busca.menosLidos.map((l) => l.id)).toEqual(porTaxa);
    const alem = await paginaRollup(autor.token, 'DEALER', { page: 5, rowsPerPage: 2 });
    expect([alem.content, alem.totalElements]).toEqual([[], 3]);
    for (const f of [{ rowsPerPage: 101 }, { sort: { field: 'email', order: 'ASC' } }, { page: -1 }]) {
      const res = await gql(kit.portal, ROLLUP, { id: comunicado, n: 'DEALER', f }, autor.token);
      expect(errorCode(res)).toBe('BAD_USER_INPUT');
    }
  });

  it('by brand: a manufacturer sees their brand and not the other brand of a shared dealer; staff see both', async () => {
    expect((await rollup(autor.token, 'MARCA')).map((l) => [l.nome, l.destinatarios, l.lidos])).toEqual([
      [marca.m1.nome, 6, 3],
    ]);
    expect((await rollup(kit.staff, 'MARCA')).map((l) => [l.nome, l.destinatarios, l.lidos])).toEqual([
      [marca.m1.nome, 6, 3],
      [marca.m2.nome, 1, 1],
    ]);
  });

  it('by brand and dealer, counts a recipient where they were when it was delivered, as the reach report does', async () => {
    const d5 = await kit.dealer({ marcaIds: [marca.m1.id] });
    const quem = (await kit.usuario({ tipo: 'DEALER_GRUPO', marca: marca.m1.id, dealer: d5.id, nome: 'Gil Mudou' })).id;
    const { id } = await comunicadoEnviado(kit.db, {
      autorId: autor.id,
      titulo: 'Antes da mudança',
      para: usuariosIds(quem),
    });
    await kit.db.execute(sql`update comunicado_envios set lido_em = now() where comunicado_id = ${id}`);
    // After the delivery, the recipient moves to a dealer of the other brand.
    await kit.db.execute(sql`update usuario_dealers set dealer_id = ${dealer.d4.id} where usuario_id = ${quem}`);
    await kit.db.execute(sql`delete from usuario_marcas where usuario_id = ${quem}`);
    const porNivel = async (n: string) => (await rollup(kit.staff, n, id)).map((l) => [l.id, l.destinatarios, l.lidos]);
    expect(await porNivel('DEALER')).toEqual([[String(d5.id), 1, 1]]);
    expect(await porNivel('MARCA')).toEqual([[String(marca.m1.id), 1, 1]]);
  });

  it('by dealer group, counting a recipient once per group, checked against SQL', async () => {
    const linhas = await rollup(autor.token, 'GRUPO');
    const { rows } = await kit.db.execute<{ d: number; l: number }>(sql`select count(distinct e.usuario_id)::int as d,
      count(distinct e.usuario_id) filter (where e.lido_em is not null)::int as l
      from comunicado_envios e join usuario_dealers ud on ud.usuario_id = e.usuario_id
      join dealer_grupos dg on dg.dealer_id = ud.dealer_id where e.comunicado_id = ${comunicado} and dg.grupo_id = ${grupo.id}`);
    expect(linhas).toEqual([
      expect.objectContaining({ id: String(grupo.id), destinatarios: rows[0]!.d, lidos: rows[0]!.l }),
    ]);
    expect(errorCode(await gql(kit.portal, ROLLUP, { id: comunicado, n: 'SETOR' }, autor.token))).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('by dealer group, once through two dealers of the group or through a dealer and by name, where it reached them', async () => {
    const g = await kit.grupo([marca.m1.id]);
    const dA = await kit.dealer({ marcaIds: [marca.m1.id], grupoIds: [g.id] });
    const dB = await kit.dealer({ marcaIds: [marca.m1.id], grupoIds: [g.id] });
    const u = async (dealerIds: number[], grupoIds: number[] = []) =>
      (await kit.usuario({ tipo: 'DEALER_GRUPO', marca: marca.m1.id, dealer: dealerIds, grupoIds })).id;
    const porDealerENome = await u([dA.id], [g.id]);
    const doisDealers = await u([dA.id, dB.id]);
    const soPorNome = await u([dealer.d2.id], [g.id]);
    const porDealer = await u([dB.id]);
    const { id } = await comunicadoEnviado(kit.db, {
      autorId: autor.id,
      titulo: 'Grupo por dois caminhos',
      para: usuariosIds(porDealerENome, doisDealers, soPorNome, porDealer),
    });
    await kit.db.execute(sql`update comunicado_envios set lido_em = now(),
        confirmado_em = case when usuario_id = ${porDealerENome} then now() end
      where comunicado_id = ${id} and usuario_id in (${porDealerENome}, ${porDealer})`);
    const porGrupo = () => rollup(autor.token, 'GRUPO', id);
    const esperado = [{ id: String(g.id), nome: g.nome, destinatarios: 4, lidos: 2, confirmados: 1, taxaLeitura: 0.5 }];
    expect(await porGrupo()).toEqual(esperado);
    // Named in the group, or no longer, after it was delivered: counted where it reached them.
    await kit.db.execute(sql`delete from usuario_grupos where usuario_id = ${soPorNome}`);
    await kit.db.execute(sql`insert into usuario_grupos (usuario_id, grupo_id) values (${porDealer}, ${g.id})`);
    expect(await porGrupo()).toEqual(esperado);
  });
});

describe('the unread', () => {
  it('lists the unread recipients by name, paged', async () => {
    const res = await gql<{ comunicadoNaoLidos: { totalElements: number; content: { nome: string }[] } }>(
      kit.portal,
      NAO_LIDOS,
      { id: comunicado, f: { page: 0, rowsPerPage: 2 } },
      autor.token,
    );
    expect(res.data!.comunicadoNaoLidos.totalElements).toBe(3);
    expect(res.data!.comunicadoNaoLidos.content.map((u) => u.nome)).toEqual(['Carla Pendente', 'Davi Pendente']);
    const p2 = await gql<{ comunicadoNaoLidos: { content: { nome: string }[] } }>(
      kit.portal,
      NAO_LIDOS,
      { id: comunicado, f: { page: 1, rowsPerPage: 2 } },
      autor.token,
    );
    expect(p2.data!.comunicadoNaoLidos.content.map((u) => u.nome)).toEqual(['Edu Pendente']);
  });

  it('exports them through the export module, refused to whoever may not see the dashboard', async () => {
    const url = `${kit.portal.url}/api/exportar/comunicadoNaoLidos?formato=csv&filtro=${encodeURIComponent(JSON.stringify({ id: comunicado }))}`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${autor.token}` } });
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(csv).toContain('Carla Pendente');
    expect(csv).toContain('Edu Pendente');
    expect(csv).not.toContain('Ana Lida');
    expect((await fetch(url, { headers: { authorization: `Bearer ${aprovadorOutraMarca.token}` } })).status).toBe(404);
    expect((await fetch(url, { headers: { authorization: `Bearer ${leitor.token}` } })).status).toBe(403);
  });
});

describe('who may see it', () => {
  it('the author and an approver in scope; not another creator, an approver of another brand, nor a reader', async () => {
    expect((await dashboard(aprovador.token)).errors).toBeUndefined();
    expect(errorCode(await dashboard(criadorOutro.token))).toBe('NOT_FOUND');
    expect(errorCode(await dashboard(aprovadorOutraMarca.token))).toBe('NOT_FOUND');
    expect(errorCode(await dashboard(leitor.token))).toBe('FORBIDDEN');
    expect(errorCode(await gql(kit.portal, ROLLUP, { id: comunicado, n: 'MARCA' }, aprovadorOutraMarca.token))).toBe(
      'NOT_FOUND',
    );
    expect(errorCode(await gql(kit.portal, NAO_LIDOS, { id: comunicado }, criadorOutro.token))).toBe('NOT_FOUND');
  });

  it('only once it is sent', async () => {
    expect(errorCode(await dashboard(autor.token, rascunho))).toBe('FORBIDDEN');
    expect(errorCode(await gql(kit.portal, LEMBRAR, { id: rascunho }, autor.token))).toBe('FORBIDDEN');
  });
});

describe('the reminder', () => {
  const lembretes = async () =>
    (
      await kit.db.execute<{ id: number }>(
        sql`select id from notificacoes where origem = 'COMUNICADO' and origem_id = ${comunicado} order by id`,
      )
    ).rows.map((x) => Number(x.id));
  const destinatariosDe = async (notificacaoId: number) =>
    (
      await kit.db.execute<{ u: number }>(
        sql`select usuario_id as u from notificacao_destinatarios where notificacao_id = ${notificacaoId} order by 1`,
      )
    ).rows.map((x) => Number(x.u));

  it('re-notifies only the unread, and is refused a second time the same day', async () => {
    const res = await gql<{ lembrarNaoLidosComunicado: number }>(kit.portal, LEMBRAR, { id: comunicado }, autor.token);
    expect(res.data!.lembrarNaoLidosComunicado).toBe(3);
    const [enviada] = await lembretes();
    expect(await destinatariosDe(enviada!)).toEqual([r.r3!, r.r4!, r.r5!].sort((a, b) => a - b));
    const again = await gql(kit.portal, LEMBRAR, { id: comunicado }, aprovador.token);
    expect(errorCode(again)).toBe('CONFLICT');
    expect(await lembretes()).toEqual([enviada]);
    const d = (await dashboard(autor.token)).data!.comunicadoDashboard;
    expect(d.podeLembrar).toBe(false);
    expect(d.lembradoEm).not.toBeNull();
  });

  it('two reminders at once: exactly one goes', async () => {
    const { id } = await comunicadoEnviado(kit.db, {
      autorId: autor.id,
      titulo: 'Lembrete concorrente',
      para: usuariosIds(r.r1!, r.r2!),
    });
    const answers = await Promise.all(
      [autor, aprovador].map((who) =>
        gql<{ lembrarNaoLidosComunicado: number }>(kit.portal, LEMBRAR, { id }, who.token),
      ),
    );
    expect(answers.map((a) => a.data?.lembrarNaoLidosComunicado ?? errorCode(a)).sort()).toEqual([2, 'CONFLICT']);
    const { rows } = await kit.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notificacoes where origem = 'COMUNICADO' and origem_id = ${id}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('may go again a day later', async () => {
    await kit.db.execute(
      sql`update comunicados set lembrado_em = now() - interval '25 hours' where id = ${comunicado}`,
    );
    const res = await gql<{ lembrarNaoLidosComunicado: number }>(
      kit.portal,
      LEMBRAR,
      { id: comunicado },
      aprovador.token,
    );
    expect(res.data!.lembrarNaoLidosComunicado).toBe(3);
    expect(await lembretes()).toHaveLength(2);
  });
});

resumoDoAlcanceConfere(() => kit.db);
