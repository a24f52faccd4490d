import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { comunicadoEnviado, resumoDoAlcanceConfere, usuariosIds } from './comunicadosEnviados';
import { seedKit } from './kit';
import { errorCode, fieldErrors, gql, signIn, type GraphQLResponse } from './portal';

// Announcements' write side (issue #28): drafts with versions and sanitised HTML, who may take each
// transition of domain/comunicados.ts's table, recipients' rules, the approval with its delegation
// during an absence, the send (deliveries and notifications read back from the database), series
// numbers under concurrent sends, errata with and without read reset, the send preview.

const kit = seedKit({ seed: 2801, domain: 'comunicados.test' });

type Caller = { id: number; token: string };
let marcaA: number;
let criador: Caller;
let criador2: Caller;
let aprovador: Caller;
let aprovador2: Caller;
let substituto: Caller;
let aprovadorB: Caller;
let leitor: Caller;
let leitores: number[];
let removido: number;
let grupoA: number;
let grupoB: number;
let grupoVazio: number;

const CREATE = ['PORTAL_CRIACAO_COMUNICADOS'] as const;
const APPROVE = ['PORTAL_APROVACAO_ENVIO_COMUNICADOS'] as const;

/** A public user group: the dealer-group users of `marcaId` (every dealer). */
const grupoDe = (marcaId: number, criadorId: number, publico = true) => kit.rede(marcaId, criadorId, { publico });

beforeAll(async () => {
  await kit.start();
  marcaA = (await kit.marca('Marca A')).id;
  const marcaB = (await kit.marca('Marca B')).id;
  const marcaVazia = (await kit.marca('Marca sem ninguém')).id;
  const dealerA = await kit.dealer({ marcaIds: [marcaA] });
  criador = await kit.caller({ tipo: 'MONTADORA', marca: marcaA, funcionalidades: [...CREATE] });
  criador2 = await kit.caller({ tipo: 'MONTADORA', marca: marcaA, funcionalidades: [...CREATE] });
  aprovador = await kit.caller({ tipo: 'MONTADORA', marca: marcaA, funcionalidades: [...APPROVE] });
  aprovador2 = await kit.caller({ tipo: 'MONTADORA', marca: marcaA, funcionalidades: [...APPROVE] });
  substituto = await kit.caller({ tipo: 'MONTADORA', marca: marcaA, funcionalidades: [...APPROVE, ...CREATE] });
  aprovadorB = await kit.caller({ tipo: 'MONTADORA', marca: marcaB, funcionalidades: [...APPROVE, ...CREATE] });
  leitor = await kit.caller({ tipo: 'DEALER_GRUPO', marca: marcaA, dealer: dealerA.id });
  const outros = [];
  for (let i = 0; i < 3; i++)
    outros.push(await kit.usuario({ tipo: 'DEALER_GRUPO', marca: marcaA, dealer: dealerA.id }));
  removido = outros[2].id;
  leitores = [leitor.id, ...outros.map((u) => u.id)].sort((a, b) => a - b);
  grupoA = await grupoDe(marcaA, criador.id);
  grupoB = await grupoDe(marcaB, aprovadorB.id, false);
  grupoVazio = await grupoDe(marcaVazia, criador.id);
});

const FIELDS = `id version titulo mensagem status { id description } usuarioCriador { id } usuarioAprovador { id }
  detentoresAprovacao { id } grupos { id } usuariosRemovidos { id } etiquetas { nome } emailsAvulsos { email status { name } }
  motivoRejeicao dataHoraAgendamento envioDateTime idParent justificativa erratas { id titulo justificativa }
  serie { prefixo } numero destinatarios acoes`;

interface Comunicado {
  id: string;
  version: number;
  titulo: string;
  mensagem: string;
  status: { id: string; description: string };
  detentoresAprovacao: { id: string }[];
  motivoRejeicao: string | null;
  numero: number | null;
  destinatarios: number | null;
  erratas: { id: string; titulo: string; justificativa: string }[];
  acoes: string[];
}

const call = <T = Record<string, Comunicado>>(token: string, query: string, variables: Record<string, unknown> = {}) =>
  gql<T>(kit.portal, query, variables, token);

const salvar = (token: string, comunicado: Record<string, unknown>) =>
  call(token, `mutation($c: ComunicadoInput!) { r: salvarComunicado(comunicado: $c) { ${FIELDS} } }`, {
    c: comunicado,
  });
const ler = (token: string, id: string) =>
  call(token, `query($id: ID!) { r: comunicado(id: $id) { ${FIELDS} } }`, { id });
const acao = (token: string, op: string, c: Comunicado, extra: Record<string, unknown> = {}, types = '') =>
  call(
    token,
    `mutation($id: ID!, $version: Int${types}) { r: ${op}(id: $id, version: $version${Object.keys(extra)
      .map((k) => `, ${k}: $${k}`)
      .join('')}) { ${FIELDS} } }`,
    { id: c.id, version: c.version, ...extra },
  );
const submeter = (token: string, c: Comunicado, aprovadorId: number, quando?: string) =>
  acao(
    token,
    'enviarComunicadoParaAprovacao',
    c,
    { aprovadorId, dataHoraAgendamento: quando ?? null },
    ', $aprovadorId: ID!, $dataHoraAgendamento: String',
  );
const aprovar = (token: string, c: Comunicado) => acao(token, 'aprovarComunicado', c);
const rejeitar = (token: string, c: Comunicado, motivo: string) =>
  acao(token, 'rejeitarComunicado', c, { motivo }, ', $motivo: String!');
const enviar = (token: string, c: Comunicado, quando?: string) =>
  acao(token, 'enviarComunicado', c, { dataHoraAgendamento: quando ?? null }, ', $dataHoraAgendamento: String');

const ok = (r: GraphQLResponse<Record<string, Comunicado>>) => {
  expect(r.errors).toBeUndefined();
  return r.data!.r;
};

async function rascunho(token: string, extra: Record<string, unknown> = {}) {
  return ok(
    await salvar(token, { titulo: kit.unique('Comunicado'), mensagem: '<p>Texto</p>', grupoIds: [grupoA], ...extra }),
  );
}

const envios = async (comunicadoId: string | number) =>
  (
    await kit.db.execute<{ usuario_id: number }>(
      sql`select usuario_id from comunicado_envios where comunicado_id = ${Number(comunicadoId)} order by usuario_id`,
    )
  ).rows.map((r) => Number(r.usuario_id));

const notificados = async (origem: string, origemId: string | number) =>
  (
    await kit.db.execute<{ usuario_id: number }>(sql`select d.usuario_id from notificacao_destinatarios d
      join notificacoes n on n.id = d.notificacao_id where n.origem = ${origem} and n.origem_id = ${Number(origemId)}
      order by d.usuario_id`)
  ).rows.map((r) => Number(r.usuario_id));

/** The Pending approval tab's count (contagensComunicados) and how many the tab lists, for one caller. */
async function pendentesNaAba(token: string) {
  const r = await call<{
    contagensComunicados: { pendentesAprovacao: number };
    comunicados: { totalElements: number };
  }>(
    token,
    '{ contagensComunicados { pendentesAprovacao } comunicados(filterInput: { aba: "PENDENTES_APROVACAO" }) { totalElements } }',
  );
  expect(r.errors).toBeUndefined();
  return { contagem: r.data!.contagensComunicados.pendentesAprovacao, lista: r.data!.comunicados.totalElements };
}

/** The notifications of the approval flow about an announcement, oldest first, with their recipients. */
const avisos = async (comunicadoId: string | number) =>
  (
    await kit.db.execute<{ titulo: string; link: string | null; para: number[] }>(sql`select n.titulo, n.link,
        array(select d.usuario_id from notificacao_destinatarios d where d.notificacao_id = n.id order by 1) as para
      from notificacoes n where n.origem = 'COMUNICADO_APROVACAO' and n.origem_id = ${Number(comunicadoId)}
      order by n.id`)
  ).rows.map((r) => ({ ...r, para: r.para.map(Number) }));

const estadoNoBanco = async (id: string) =>
  (await kit.db.execute<{ estado: string }>(sql`select estado from comunicados where id = ${Number(id)}`)).rows[0]
    ?.estado;

describe('drafts', () => {
  it('saves sanitised HTML, its lists and labels, and refuses a save from a stale version', async () => {
    const saved = await salvar(criador.token, {
      titulo: 'Férias coletivas',
      mensagem:
        '<h2>Aviso</h2><p onclick="x()">Leia<script>alert(1)</script></p><img src="/api/comunicados/imagens/1"><img src="https://fora.test/x.png">',
      grupoIds: [grupoA],
      usuarioRemovidoIds: [removido],
      emailsAvulsos: ['Fora@Exemplo.com', 'fora@exemplo.com'],
      etiquetas: ['RH', 'rh', 'Férias'],
      exigeConfirmacao: true,
    });
    const c = ok(saved);
    expect(c.mensagem).toBe('<h2>Aviso</h2><p>Leia</p><img src="/api/comunicados/imagens/1" />');
    expect(c).toMatchObject({
      status: { id: 'RASCUNHO', description: 'Rascunho' },
      grupos: [{ id: String(grupoA) }],
      usuariosRemovidos: [{ id: String(removido) }],
      emailsAvulsos: [{ email: 'fora@exemplo.com', status: null }],
      acoes: ['salvar', 'excluir', 'enviarParaAprovacao', 'visualizarEnvio'],
    });
    expect((c as unknown as { etiquetas: { nome: string }[] }).etiquetas.map((e) => e.nome).sort()).toEqual([
      'Férias',
      'RH',
    ]);
    const [row] = await kit.db
      .execute<{ autor_id: number; exige_confirmacao: boolean }>(
        sql`select autor_id, exige_confirmacao from comunicados where id = ${Number(c.id)}`,
      )
      .then((r) => r.rows);
    expect(row).toEqual({ autor_id: criador.id, exige_confirmacao: true });

    const second = ok(
      await salvar(criador.token, { id: c.id, version: c.version, titulo: 'Férias', mensagem: '<p>x</p>' }),
    );
    expect(second.version).toBe(c.version + 1);
    const stale = await salvar(criador.token, { id: c.id, version: c.version, titulo: 'Outro', mensagem: '<p>y</p>' });
    expect(errorCode(stale)).toBe('CONFLICT');
    expect((await ler(criador.token, c.id)).data!.r.titulo).toBe('Férias');
  });

  it('validates loose e-mails one by one', async () => {
    const r = await salvar(criador.token, {
      titulo: 'T',
      mensagem: '<p>m</p>',
      emailsAvulsos: ['a@x.test', 'não é e-mail'],
    });
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
    expect(fieldErrors(r)).toEqual({ 'emailsAvulsos.1': 'E-mail inválido' });
  });

  it("refuses a manufacturer another brand's group, storing nothing of it", async () => {
    const r = await salvar(criador.token, { titulo: 'T', mensagem: '<p>m</p>', grupoIds: [grupoB] });
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
    expect(fieldErrors(r).grupoIds).toBe('Você não pode usar um dos grupos escolhidos');
    const { rows } = await kit.db.execute(sql`select 1 from comunicado_grupos where grupo_usuarios_id = ${grupoB}`);
    expect(rows).toEqual([]);
  });

  it('is seen and changed only by its author (another creator is told it does not exist)', async () => {
    const c = await rascunho(criador.token);
    expect(errorCode(await ler(criador2.token, c.id))).toBe('NOT_FOUND');
    expect(
      errorCode(await salvar(criador2.token, { id: c.id, version: c.version, titulo: 'x', mensagem: '<p>x</p>' })),
    ).toBe('NOT_FOUND');
    expect(errorCode(await salvar(leitor.token, { titulo: 'x', mensagem: '<p>x</p>' }))).toBe('FORBIDDEN');
    const del = await call(criador.token, 'mutation($id: ID!, $v: Int) { excluirComunicado(id: $id, version: $v) }', {
      id: c.id,
      v: c.version,
    });
    expect(del.errors).toBeUndefined();
    expect(await estadoNoBanco(c.id)).toBeUndefined();
  });
});

describe('recipients (spec section 5)', () => {
  it('refuses a send without recipients and one to a group with none', async () => {
    const semNinguem = await rascunho(criador.token, { grupoIds: [] });
    const r1 = await submeter(criador.token, semNinguem, aprovador.id);
    expect(fieldErrors(r1).grupoIds).toBe('Escolha pelo menos um destinatário: um grupo de usuários ou um e-mail');
    const vazio = await rascunho(criador.token, { grupoIds: [grupoVazio] });
    const r2 = await submeter(criador.token, vazio, aprovador.id);
    expect(errorCode(r2)).toBe('BAD_USER_INPUT');
    expect(fieldErrors(r2).grupoIds).toBe('O grupo selecionado não possui destinatários');
    expect(await estadoNoBanco(vazio.id)).toBe('RASCUNHO');
    // In English too.
    const marcaEn = (await kit.marca('Marca EN')).id;
    const en = await kit.caller({ tipo: 'MONTADORA', marca: marcaEn, funcionalidades: [...APPROVE] });
    await kit.db.execute(sql`update usuarios set idioma = 'EN' where id = ${en.id}`);
    const enToken = (
      await signIn(
        kit.portal,
        (await kit.db.execute<{ email: string }>(sql`select email from usuarios where id = ${en.id}`)).rows[0].email,
      )
    ).access_token;
    const grupoEn = await grupoDe(marcaEn, en.id);
    const draft = ok(await salvar(enToken, { titulo: 'T', mensagem: '<p>m</p>', grupoIds: [grupoEn] }));
    expect(fieldErrors(await enviar(enToken, draft)).grupoIds).toBe('The selected group has no recipients');
  });

  it('lets a creator find the users to remove from the audience, within their reach only', async () => {
    const emailDe = async (id: number) =>
      (await kit.db.execute<{ email: string }>(sql`select email from usuarios where id = ${id}`)).rows[0].email;
    const buscar = (token: string, nome: string) =>
      call<{ usuariosByNomeOrEmailStartingWith: { id: string }[] }>(
        token,
        'query($nome: String!) { usuariosByNomeOrEmailStartingWith(nome: $nome) { id } }',
        { nome },
      );
    // With the creation key only (the form's "users removed from the audience" field searches this way).
    const achados = await buscar(criador.token, await emailDe(removido));
    expect(achados.errors).toBeUndefined();
    expect(achados.data!.usuariosByNomeOrEmailStartingWith.map((u) => Number(u.id))).toEqual([removido]);
    // Another brand's user is out of reach; a reader without keys may not search.
    const fora = await buscar(criador.token, await emailDe(aprovadorB.id));
    expect(fora.data!.usuariosByNomeOrEmailStartingWith).toEqual([]);
    expect(errorCode(await buscar(leitor.token, await emailDe(removido)))).toBe('FORBIDDEN');
  });

  it('schedules at least an hour ahead', async () => {
    const c = await rascunho(aprovador.token);
    const cedo = await enviar(aprovador.token, c, new Date(Date.now() + 59 * 60_000).toISOString());
    expect(fieldErrors(cedo).dataHoraAgendamento).toBe(
      'O agendamento deve ser para pelo menos 1 hora a partir de agora',
    );
    const quando = new Date(Date.now() + 2 * 3600_000);
    const agendado = ok(await enviar(aprovador.token, c, quando.toISOString()));
    expect(agendado.status.id).toBe('AGENDADO');
    const { rows } = await kit.db.execute<{ start_after: Date }>(
      sql`select start_after from pgboss.job where name = 'envioComunicado' and singleton_key = ${c.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(Math.abs(new Date(rows[0].start_after).getTime() - quando.getTime())).toBeLessThan(1000);
    expect(await envios(c.id)).toEqual([]);
    // Cancelled: a draft again, and the run finds nothing to send.
    const cancelado = ok(await acao(aprovador.token, 'cancelarAgendamentoComunicado', agendado));
    expect(cancelado.status.id).toBe('RASCUNHO');
  });
});

describe('approval', () => {
  it('walks draft, approval, rejection, approval and send, each allowed only to whom the table names', async () => {
    let c = await rascunho(criador.token, { usuarioRemovidoIds: [removido], etiquetas: ['Aprovação'] });
    // Without the approval key the author cannot send; nor choose an approver out of reach or themselves.
    expect(errorCode(await enviar(criador.token, c))).toBe('FORBIDDEN');
    expect(fieldErrors(await submeter(criador.token, c, aprovadorB.id)).aprovadorId).toBe(
      'Escolha um aprovador entre os que podem aprovar comunicados no seu alcance',
    );
    expect(fieldErrors(await submeter(criador.token, c, criador.id)).aprovadorId).toBeDefined();
    const aprovadores = await call<{ aprovadoresComunicado: { id: string }[] }>(
      criador.token,
      '{ aprovadoresComunicado { id } }',
    );
    const ids = aprovadores.data!.aprovadoresComunicado.map((a) => Number(a.id));
    expect(ids).toEqual(expect.arrayContaining([aprovador.id, aprovador2.id, substituto.id]));
    expect(ids).not.toContain(aprovadorB.id);

    c = ok(await submeter(criador.token, c, aprovador.id));
    expect(c).toMatchObject({ status: { id: 'EM_APROVACAO' }, detentoresAprovacao: [{ id: String(aprovador.id) }] });
    expect(await notificados('COMUNICADO_APROVACAO', c.id)).toEqual([aprovador.id]);
    // The author may no longer edit it; another approver, the author and a reader may not decide.
    expect(
      errorCode(await salvar(criador.token, { id: c.id, version: c.version, titulo: 'x', mensagem: '<p>x</p>' })),
    ).toBe('BAD_USER_INPUT');
    expect(errorCode(await aprovar(aprovador2.token, c))).toBe('FORBIDDEN');
    expect(errorCode(await aprovar(criador.token, c))).toBe('FORBIDDEN');
    expect(errorCode(await aprovar(leitor.token, c))).toBe('FORBIDDEN');
    const pendentes = await call<{ comunicados: { content: { id: string }[] } }>(
      aprovador.token,
      '{ comunicados(filterInput: { aba: "PENDENTES_APROVACAO" }) { content { id } } }',
    );
    expect(pendentes.data!.comunicados.content.map((x) => x.id)).toContain(c.id);

    expect(errorCode(await rejeitar(aprovador.token, c, ' '))).toBe('BAD_USER_INPUT');
    c = ok(await rejeitar(aprovador.token, c, 'Falta o período das férias'));
    expect(c.status.id).toBe('REJEITADO');
    const lido = ok(await ler(criador.token, c.id));
    expect(lido.motivoRejeicao).toBe('Falta o período das férias');
    expect(lido.acoes).toEqual(['salvar', 'excluir', 'enviarParaAprovacao', 'visualizarEnvio']);
    expect(await notificados('COMUNICADO_APROVACAO', c.id)).toEqual([aprovador.id, criador.id].sort((a, b) => a - b));

    c = ok(
      await salvar(criador.token, {
        id: c.id,
        version: c.version,
        titulo: c.titulo,
        mensagem: '<p>De 1 a 15</p>',
        grupoIds: [grupoA],
        usuarioRemovidoIds: [removido],
      }),
    );
    c = ok(await submeter(criador.token, c, aprovador.id));
    c = ok(await aprovar(aprovador.token, c));
    expect(c.status.id).toBe('ENVIADO');
    const esperados = leitores.filter((id) => id !== removido);
    expect(c.destinatarios).toBe(esperados.length);
    expect(await envios(c.id)).toEqual(esperados);
    expect(await notificados('COMUNICADO', c.id)).toEqual(esperados);
    // Sent: read only; approving again is refused.
    expect(errorCode(await aprovar(aprovador.token, c))).toBe('BAD_USER_INPUT');
    expect(
      errorCode(await salvar(criador.token, { id: c.id, version: c.version, titulo: 'x', mensagem: '<p>x</p>' })),
    ).toBe('BAD_USER_INPUT');
    // Every transition audited.
    const { rows } = await kit.db.execute<{ n: number }>(
      sql`select count(*)::int as n from auditoria where tipo = 'COMUNICADO' and registro_id = ${c.id}`,
    );
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(6);
  });

  it('counts on the Drafts and Scheduled tabs what those tabs list, for the author and an approver in reach', async () => {
    const abas = async (token: string) => {
      const r = await call<{
        contagensComunicados: { rascunhos: number; agendados: number };
        r: { totalElements: number };
        a: { totalElements: number };
      }>(
        token,
        `{ contagensComunicados { rascunhos agendados }
          r: comunicados(filterInput: { aba: "RASCUNHOS" }) { totalElements }
          a: comunicados(filterInput: { aba: "AGENDADOS" }) { totalElements } }`,
      );
      expect(r.errors).toBeUndefined();
      const c = r.data!.contagensComunicados;
      return { rascunhos: [c.rascunhos, r.data!.r.totalElements], agendados: [c.agendados, r.data!.a.totalElements] };
    };
    await rascunho(criador.token);
    await submeter(criador.token, await rascunho(criador.token), aprovador.id);
    const quando = new Date(Date.now() + 3 * 3600_000).toISOString();
    ok(
      await aprovar(
        aprovador.token,
        ok(await submeter(criador.token, await rascunho(criador.token), aprovador.id, quando)),
      ),
    );
    for (const quem of [criador, aprovador]) {
      const { rascunhos, agendados } = await abas(quem.token);
      expect(rascunhos[0], 'drafts: count and list').toBe(rascunhos[1]);
      expect(agendados[0], 'scheduled: count and list').toBe(agendados[1]);
      expect(agendados[0]).toBeGreaterThan(0);
    }

    // The Scheduled tab's period is when it goes out (the date it shows), not when it was written.
    const dia = (dias: number) => new Date(Date.now() + dias * 86_400_000).toISOString().slice(0, 10);
    const longe = ok(
      await aprovar(
        aprovador.token,
        ok(await submeter(criador.token, await rascunho(criador.token), aprovador.id, `${dia(10)}T15:00:00.000Z`)),
      ),
    );
    const periodo = async (desde: string, ate: string) => {
      const r = await call<{ comunicados: { content: { id: string }[] } }>(
        criador.token,
        `query($d: String, $a: String) { comunicados(filterInput: { aba: "AGENDADOS", desde: $d, ate: $a, rowsPerPage: 100 }) { content { id } } }`,
        { d: desde, a: ate },
      );
      expect(r.errors).toBeUndefined();
      return r.data!.comunicados.content.map((c) => c.id);
    };
    expect(await periodo(dia(9), dia(11))).toContain(longe.id);
    expect(await periodo(dia(-1), dia(1))).not.toContain(longe.id);
  });

  it('lets the author take it back from approval', async () => {
    let c = ok(await submeter(criador.token, await rascunho(criador.token), aprovador.id));
    expect(errorCode(await acao(aprovador.token, 'retirarComunicadoDaAprovacao', c))).toBe('FORBIDDEN');
    c = ok(await acao(criador.token, 'retirarComunicadoDaAprovacao', c));
    expect(c.status.id).toBe('RASCUNHO');
    // The approver who held it is told (no link: it is the author's draft again).
    expect(await avisos(c.id)).toEqual([
      {
        titulo: 'Comunicado aguardando sua aprovação',
        link: `/comunicados/visualizarEnvio/${c.id}`,
        para: [aprovador.id],
      },
      { titulo: 'Comunicado retirado da aprovação pelo autor', link: null, para: [aprovador.id] },
    ]);
  });

  it('tells the approver when the author cancels the schedule, and the author when an approver does', async () => {
    const agendadoPorAprovacao = async () => {
      const quando = new Date(Date.now() + 3 * 3600_000).toISOString();
      const c = ok(await submeter(criador.token, await rascunho(criador.token), aprovador.id, quando));
      const agendado = ok(await aprovar(aprovador.token, c));
      expect(agendado.status.id).toBe('AGENDADO');
      return agendado;
    };
    const peloAutor = await agendadoPorAprovacao();
    expect(ok(await acao(criador.token, 'cancelarAgendamentoComunicado', peloAutor)).status.id).toBe('RASCUNHO');
    expect((await avisos(peloAutor.id)).at(-1)).toEqual({
      titulo: 'O agendamento do comunicado foi cancelado',
      link: null,
      para: [aprovador.id],
    });
    const peloAprovador = await agendadoPorAprovacao();
    const cancelado = ok(await acao(aprovador2.token, 'cancelarAgendamentoComunicado', peloAprovador));
    expect(cancelado.status.id).toBe('RASCUNHO');
    expect((await avisos(peloAprovador.id)).at(-1)).toEqual({
      titulo: 'O agendamento do comunicado foi cancelado',
      link: `/comunicados/visualizarEnvio/${peloAprovador.id}`,
      para: [criador.id],
    });
    // Audited, as every transition: the last entry is the cancel, by the approver.
    const { rows } = await kit.db.execute<{ antes: string; depois: string; autor_id: number }>(sql`select
        valor_anterior->>'estado' as antes, valor_novo->>'estado' as depois, autor_id from auditoria
      where tipo = 'COMUNICADO' and registro_id = ${peloAprovador.id} order by id desc limit 1`);
    expect(rows[0]).toEqual({ antes: 'AGENDADO', depois: 'RASCUNHO', autor_id: aprovador2.id });
  });

  it("moves the approval to the absence's delegate, else to the other approvers, and back when it ends", async () => {
    let c = ok(await submeter(criador.token, await rascunho(criador.token), aprovador.id));
    const [ausencia] = await kit.db
      .insert(s.ausenciasTemporarias)
      .values({
        usuarioId: aprovador.id,
        inicio: sql`current_date - 1` as never,
        retorno: sql`current_date + 3` as never,
        motivo: 'Férias',
        justificativa: 'Férias programadas do aprovador',
        substitutoId: substituto.id,
        autorId: aprovador.id,
      })
      .returning();
    const detentores = async () =>
      ok(await ler(criador.token, c.id))
        .detentoresAprovacao.map((d) => Number(d.id))
        .sort((a, b) => a - b);
    expect(await detentores()).toEqual([substituto.id]);
    c = ok(await ler(criador.token, c.id));
    expect(errorCode(await aprovar(aprovador.token, c))).toBe('FORBIDDEN');
    const pendentes = await call<{ comunicados: { content: { id: string }[] } }>(
      substituto.token,
      '{ comunicados(filterInput: { aba: "PENDENTES_APROVACAO" }) { content { id acoes } } }',
    );
    expect(pendentes.data!.comunicados.content.map((x) => x.id)).toContain(c.id);
    // The tab's count is what the tab lists: the delegate's has it, the absent approver's has none.
    const doSubstituto = await pendentesNaAba(substituto.token);
    expect(doSubstituto.contagem).toBe(doSubstituto.lista);
    expect(doSubstituto.contagem).toBeGreaterThanOrEqual(1);
    expect(await pendentesNaAba(aprovador.token)).toEqual({ contagem: 0, lista: 0 });

    // No delegate: the other approvers the author reaches (not the absent one, not another brand's).
    await kit.db.execute(sql`update ausencias_temporarias set substituto_id = null where id = ${ausencia.id}`);
    expect(await detentores()).toEqual([aprovador2.id, substituto.id].sort((a, b) => a - b));

    // The absence ends: the approval is the approver's again, nothing moved.
    await kit.db.execute(
      sql`update ausencias_temporarias set inicio = current_date - 10, retorno = current_date - 1 where id = ${ausencia.id}`,
    );
    expect(await detentores()).toEqual([aprovador.id]);
    const doAprovador = await pendentesNaAba(aprovador.token);
    expect(doAprovador.contagem).toBe(doAprovador.lista);
    expect(doAprovador.contagem).toBeGreaterThanOrEqual(1);
    expect((await pendentesNaAba(substituto.token)).contagem).toBe(doSubstituto.contagem - doAprovador.contagem);
    c = ok(await ler(criador.token, c.id));
    expect(errorCode(await aprovar(substituto.token, c))).toBe('FORBIDDEN');
    expect(ok(await aprovar(aprovador.token, c)).status.id).toBe('ENVIADO');
  });
});

describe('audit', () => {
  const AUDITORIA = `query($f: AuditoriaFilterInput!) { auditoria(filterInput: $f) {
    totalElements nome content { alteracao } referencias { tipo id nome } } }`;
  type Auditoria = {
    auditoria: { totalElements: number; nome: string; content: { alteracao: string }[] };
  } & { auditoria: { referencias: { tipo: string; id: string; nome: string }[] } };

  it("is offered for an announcement in the caller's reach, naming its user groups, users and series", async () => {
    // Announcement creation with user maintenance: the audit page's key.
    const auditor = await kit.caller({
      tipo: 'MONTADORA',
      marca: marcaA,
      funcionalidades: [...CREATE, 'PORTAL_MANUTENCAO_USUARIOS'],
    });
    const serie = await call<{ salvarSerieComunicado: { id: string } }>(
      auditor.token,
      'mutation($s: ComunicadoSerieInput!) { salvarSerieComunicado(serie: $s) { id } }',
      { s: { nome: 'Auditada', prefixo: 'AUD' } },
    );
    const serieId = serie.data!.salvarSerieComunicado.id;
    const c = await rascunho(auditor.token, {
      titulo: 'Auditado',
      usuarioRemovidoIds: [removido],
      aprovadorId: aprovador.id,
      serieId,
    });
    ok(await submeter(auditor.token, c, aprovador.id));
    const r = await call<Auditoria>(auditor.token, AUDITORIA, { f: { tipo: 'COMUNICADO', registroId: c.id } });
    expect(r.errors).toBeUndefined();
    expect(r.data!.auditoria.nome).toBe('Auditado');
    expect(r.data!.auditoria.content.map((e) => e.alteracao)).toEqual(['ALTERACAO', 'CRIACAO']);
    const [grupo] = (await kit.db.execute<{ nome: string }>(sql`select nome from grupos_usuarios where id = ${grupoA}`))
      .rows;
    const nomeDe = async (id: number) =>
      (await kit.db.execute<{ nome: string }>(sql`select nome from usuarios where id = ${id}`)).rows[0].nome;
    expect(r.data!.auditoria.referencias).toEqual(
      expect.arrayContaining([
        { tipo: 'COMUNICADO', id: c.id, nome: 'Auditado' },
        { tipo: 'GRUPO_USUARIOS', id: String(grupoA), nome: grupo.nome },
        { tipo: 'USUARIO', id: String(removido), nome: await nomeDe(removido) },
        { tipo: 'USUARIO', id: String(aprovador.id), nome: await nomeDe(aprovador.id) },
        { tipo: 'COMUNICADO_SERIE', id: serieId, nome: 'Auditada' },
      ]),
    );
    // A user group's id is not read as a dealer group's.
    expect(r.data!.auditoria.referencias.filter((x) => x.tipo === 'GRUPO')).toEqual([]);
    // Another brand's auditor does not reach it.
    const deFora = await kit.caller({
      tipo: 'MONTADORA',
      marca: (await kit.marca('Marca de fora')).id,
      funcionalidades: [...CREATE, 'PORTAL_MANUTENCAO_USUARIOS'],
    });
    expect(errorCode(await call(deFora.token, AUDITORIA, { f: { tipo: 'COMUNICADO', registroId: c.id } }))).toBe(
      'FORBIDDEN',
    );
    // The series' own history.
    const h = await call<Auditoria>(auditor.token, AUDITORIA, { f: { tipo: 'COMUNICADO_SERIE', registroId: serieId } });
    expect(h.data!.auditoria).toMatchObject({ nome: 'Auditada', totalElements: 1 });
  });
});

describe('series', () => {
  it('numbers ten concurrent sends of a series once each', async () => {
    const serie = await call<{ salvarSerieComunicado: { id: string; prefixo: string } }>(
      aprovador.token,
      'mutation($s: ComunicadoSerieInput!) { salvarSerieComunicado(serie: $s) { id prefixo contador } }',
      { s: { nome: 'Recursos humanos', prefixo: 'rh' } },
    );
    expect(serie.errors).toBeUndefined();
    const serieId = serie.data!.salvarSerieComunicado.id;
    expect(serie.data!.salvarSerieComunicado.prefixo).toBe('RH');
    const dup = await call(
      aprovador2.token,
      'mutation($s: ComunicadoSerieInput!) { salvarSerieComunicado(serie: $s) { id } }',
      {
        s: { nome: 'Outra', prefixo: 'RH' },
      },
    );
    expect(fieldErrors(dup).prefixo).toBe('Já existe uma série com este prefixo');

    const drafts: Comunicado[] = [];
    for (let i = 0; i < 10; i++) drafts.push(await rascunho(aprovador.token, { titulo: `Aviso ${i}`, serieId }));
    const sent = await Promise.all(drafts.map((c) => enviar(aprovador.token, c)));
    const numeros = sent.map((r) => ok(r).numero).sort((a, b) => a! - b!);
    expect(numeros).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const r of sent) expect(ok(r).titulo).toMatch(/^RH-00(0[1-9]|10) – Aviso \d$/);
    const { rows } = await kit.db.execute<{ contador: number }>(
      sql`select contador from comunicado_series where id = ${Number(serieId)}`,
    );
    expect(rows[0].contador).toBe(10);
  });
});

describe('errata', () => {
  it('goes to the original recipients, renotified and read state reset only when chosen', async () => {
    const original = ok(await enviar(aprovador.token, await rascunho(aprovador.token)));
    const destinatarios = await envios(original.id);
    expect(destinatarios.length).toBeGreaterThan(0);
    await kit.db.execute(sql`update comunicado_envios set lido_em = now(), confirmado_em = now()
      where comunicado_id = ${Number(original.id)}`);
    const ERRATA = `mutation($e: ErrataComunicadoInput!) { r: criarErrataComunicado(errata: $e) { ${FIELDS} } }`;
    const curta = await call(aprovador.token, ERRATA, {
      e: { idParent: original.id, titulo: 'Errata', mensagem: '<p>x</p>', justificativa: 'curta' },
    });
    expect(fieldErrors(curta).justificativa).toBe('Deve ter pelo menos 15 caracteres');
    expect(
      errorCode(
        await call(criador2.token, ERRATA, {
          e: { idParent: original.id, titulo: 'E', mensagem: '<p>x</p>', justificativa: 'Justificativa suficiente' },
        }),
      ),
    ).toBe('NOT_FOUND');

    // Without renotifying or resetting.
    const quieta = ok(
      await call(aprovador.token, ERRATA, {
        e: {
          idParent: original.id,
          titulo: 'Errata: data corrigida',
          mensagem: '<p>A data certa é 15</p>',
          justificativa: 'A data publicada estava errada',
          renotificar: false,
          reiniciarLeitura: false,
        },
      }),
    );
    expect(quieta).toMatchObject({ idParent: original.id, status: { id: 'RASCUNHO' } });
    ok(await enviar(aprovador.token, quieta));
    expect(await envios(quieta.id)).toEqual(destinatarios);
    expect(await notificados('COMUNICADO', quieta.id)).toEqual([]);
    const lidos = async () =>
      Number(
        (
          await kit.db.execute<{ n: number }>(sql`select count(*)::int as n from comunicado_envios
            where comunicado_id = ${Number(original.id)} and lido_em is not null and confirmado_em is not null`)
        ).rows[0].n,
      );
    expect(await lidos()).toBe(destinatarios.length);

    // Renotifying and resetting the read state.
    const forte = ok(
      await call(aprovador.token, ERRATA, {
        e: {
          idParent: original.id,
          titulo: 'Errata: local corrigido',
          mensagem: '<p>O local mudou</p>',
          justificativa: 'O local publicado estava errado',
          renotificar: true,
          reiniciarLeitura: true,
        },
      }),
    );
    ok(await enviar(aprovador.token, forte));
    expect(await notificados('COMUNICADO', forte.id)).toEqual(destinatarios);
    expect(await lidos()).toBe(0);
    const comErratas = ok(await ler(aprovador.token, original.id));
    expect(comErratas.erratas.map((e) => e.justificativa)).toEqual([
      'A data publicada estava errada',
      'O local publicado estava errado',
    ]);
    // An erratum of an erratum is refused.
    const deErrata = await call(aprovador.token, ERRATA, {
      e: { idParent: forte.id, titulo: 'E', mensagem: '<p>x</p>', justificativa: 'Justificativa suficiente' },
    });
    expect(errorCode(deErrata)).toBe('BAD_USER_INPUT');
  });
  it("lists on an announcement only the errata the caller may open (another brand's approver's erratum reaches their network only)", async () => {
    const original = await comunicadoEnviado(kit.db, {
      autorId: aprovador.id,
      titulo: kit.unique('Original das duas redes'),
      para: usuariosIds(leitor.id),
    });
    await comunicadoEnviado(kit.db, {
      autorId: aprovadorB.id,
      titulo: 'Errata da outra marca',
      para: usuariosIds(aprovadorB.id),
      idParent: original.id,
      justificativa: 'Preço interno que vale só para a outra marca.',
    });
    await comunicadoEnviado(kit.db, {
      autorId: aprovador2.id,
      titulo: 'Errata da mesma marca',
      para: usuariosIds(leitor.id),
      idParent: original.id,
      justificativa: 'Um prazo corrigido para a rede da marca A.',
    });
    const titulos = (c: Comunicado) => c.erratas.map((e) => e.titulo);
    expect(titulos(ok(await ler(aprovador.token, String(original.id))))).toEqual(['Errata da mesma marca']);
    const enviados = await call<{ comunicados: { content: Comunicado[] } }>(
      aprovador.token,
      `query { comunicados(filterInput: { aba: "ENVIADOS", rowsPerPage: 100 }) { content { ${FIELDS} } } }`,
    );
    expect(enviados.errors).toBeUndefined();
    const naLista = enviados.data!.comunicados.content.find((c) => c.id === String(original.id));
    expect(titulos(naLista!)).toEqual(['Errata da mesma marca']);
    // Provider staff open every erratum, and see both.
    expect(titulos(ok(await ler(kit.staff, String(original.id))))).toEqual([
      'Errata da outra marca',
      'Errata da mesma marca',
    ]);
  });
});

describe('send preview', () => {
  it('counts the recipients and warns of an empty group and of e-mails of portal users', async () => {
    const email = (await kit.db.execute<{ email: string }>(sql`select email from usuarios where id = ${leitor.id}`))
      .rows[0].email;
    const c = await rascunho(criador.token, {
      grupoIds: [grupoA, grupoVazio],
      usuarioRemovidoIds: [removido],
      emailsAvulsos: [email, 'alguem@fora.test'],
    });
    const r = await call<{
      visualizarEnvio: {
        destinatarios: number;
        grupos: { id: string; destinatarios: number }[];
        avisos: { tipo: string; mensagem: string }[];
      };
    }>(
      criador.token,
      `query($id: ID!) { visualizarEnvio(id: $id) { destinatarios grupos { id destinatarios } emailsAvulsos
        avisos { tipo mensagem email grupo { id } } comunicado { id } } }`,
      { id: c.id },
    );
    expect(r.errors).toBeUndefined();
    const previa = r.data!.visualizarEnvio;
    expect(previa.destinatarios).toBe(leitores.length - 1);
    expect(previa.grupos).toEqual(
      [
        { id: String(grupoA), destinatarios: leitores.length - 1 },
        { id: String(grupoVazio), destinatarios: 0 },
      ].sort((a, b) => Number(a.id) - Number(b.id)),
    );
    expect(previa.avisos.map((a) => a.tipo).sort()).toEqual(['EMAIL_DE_USUARIO', 'GRUPO_SEM_DESTINATARIOS']);
    // A reader may not preview it.
    expect(
      errorCode(
        await call(leitor.token, 'query($id: ID!) { visualizarEnvio(id: $id) { destinatarios } }', { id: c.id }),
      ),
    ).toBe('NOT_FOUND');
  });
});

describe('who sees and does what on the write side', () => {
  it("keeps another author's draft from approvers until it asks for approval, and lets only the author delete or archive", async () => {
    const c = await rascunho(criador.token);
    expect(errorCode(await ler(aprovador2.token, c.id))).toBe('NOT_FOUND');
    expect(errorCode(await ler(aprovadorB.token, c.id))).toBe('NOT_FOUND');
    const submetido = ok(await submeter(criador.token, c, aprovador.id));
    // Another approver in reach sees it (and may only preview it); another brand's does not.
    expect(ok(await ler(aprovador2.token, c.id)).acoes).toEqual(['visualizarEnvio']);
    expect(errorCode(await ler(aprovadorB.token, c.id))).toBe('NOT_FOUND');
    const EXCLUIR = 'mutation($id: ID!, $v: Int) { excluirComunicado(id: $id, version: $v) }';
    expect(errorCode(await call(aprovador.token, EXCLUIR, { id: c.id, v: submetido.version }))).toBe('BAD_USER_INPUT');
    const enviado = ok(await aprovar(aprovador.token, submetido));
    expect(enviado.acoes).toEqual(['errata', 'dashboard', 'lembrete', 'visualizarEnvio']);

    const ARQUIVAR = `mutation($id: ID!, $a: Boolean!) { r: arquivarComunicado(id: $id, arquivado: $a) { ${FIELDS} } }`;
    expect(errorCode(await call(aprovador.token, ARQUIVAR, { id: c.id, a: true }))).toBe('FORBIDDEN');
    const arquivado = ok(await call(criador.token, ARQUIVAR, { id: c.id, a: true }));
    expect(arquivado.acoes).toContain('desarquivar');
    const enviados = async (arquivados: boolean) =>
      (
        await call<{ comunicados: { content: { id: string }[] } }>(
          criador.token,
          `query($a: Boolean) { comunicados(filterInput: { aba: "ENVIADOS", arquivados: $a }) { content { id } } }`,
          { a: arquivados },
        )
      ).data!.comunicados.content.map((x) => x.id);
    expect(await enviados(false)).not.toContain(c.id);
    expect(await enviados(true)).toContain(c.id);
    expect(errorCode(await call(criador.token, ARQUIVAR, { id: c.id, a: true }))).toBe('BAD_USER_INPUT');
    expect(ok(await call(criador.token, ARQUIVAR, { id: c.id, a: false })).acoes).toContain('arquivar');
  });

  it('offers the labels used before (autocomplete), renames one once per name, and lists the departments', async () => {
    await rascunho(criador.token, { etiquetas: ['Segurança do trabalho', 'Campanha'] });
    const busca = await call<{
      etiquetasComunicados: { content: { id: string; nome: string; totalComunicados: number; version: number }[] };
    }>(
      criador.token,
      '{ etiquetasComunicados(filterInput: { busca: "seguranca" }) { content { id nome totalComunicados version } } }',
    );
    expect(busca.data!.etiquetasComunicados.content).toEqual([
      expect.objectContaining({ nome: 'Segurança do trabalho', totalComunicados: 1 }),
    ]);
    const etiqueta = busca.data!.etiquetasComunicados.content[0];
    const SALVAR = 'mutation($e: ComunicadoEtiquetaInput!) { salvarEtiquetaComunicado(etiqueta: $e) { id nome } }';
    const dup = await call(criador.token, SALVAR, {
      e: { id: etiqueta.id, version: etiqueta.version, nome: 'CAMPANHA' },
    });
    expect(fieldErrors(dup).nome).toBe('Já existe uma etiqueta com este nome');
    const renomeada = await call(criador.token, SALVAR, {
      e: { id: etiqueta.id, version: etiqueta.version, nome: 'Segurança' },
    });
    expect(renomeada.errors).toBeUndefined();
    expect(errorCode(await call(leitor.token, SALVAR, { e: { nome: 'x' } }))).toBe('FORBIDDEN');

    const [dep] = await kit.db
      .insert(s.departamentos)
      .values({ nome: kit.unique('Recursos Humanos'), sigla: 'RH', assinatura: 'Equipe de RH' })
      .returning();
    const deps = await call<{ departamentosComunicados: { id: string; sigla: string; assinatura: string }[] }>(
      criador.token,
      '{ departamentosComunicados { id sigla nome assinatura } }',
    );
    expect(deps.data!.departamentosComunicados).toContainEqual(
      expect.objectContaining({ id: String(dep.id), sigla: 'RH', assinatura: 'Equipe de RH' }),
    );
    const comDep = ok(
      await salvar(criador.token, { titulo: 'Com assinatura', mensagem: '<p>x</p>', departamentoId: dep.id }),
    );
    const lido = await call<{ comunicado: { departamento: { sigla: string; assinatura: string } } }>(
      criador.token,
      'query($id: ID!) { comunicado(id: $id) { departamento { sigla assinatura } } }',
      { id: comDep.id },
    );
    expect(lido.data!.comunicado.departamento).toEqual({ sigla: 'RH', assinatura: 'Equipe de RH' });
    expect(
      fieldErrors(await salvar(criador.token, { titulo: 'x', mensagem: '<p>x</p>', departamentoId: 999999 }))
        .departamentoId,
    ).toBe('Departamento inválido');
  });
});

describe('the demo accounts', () => {
  it('let the creator write to the Aurora network, the montadora user approve, and the dealer user receive it', async () => {
    const [criadorDemo, montadoraDemo, dealerDemo] = await Promise.all(
      ['criador@portal.test', 'montadora@portal.test', 'dealer@portal.test'].map((email) => signIn(kit.portal, email)),
    );
    const ids = Object.fromEntries(
      (
        await kit.db.execute<{ id: number; email: string }>(sql`select id, email from usuarios
          where email in ('criador@portal.test', 'montadora@portal.test', 'dealer@portal.test')`)
      ).rows.map((r) => [r.email, Number(r.id)]),
    );
    const [aurora] = await kit.db
      .execute<{ id: number }>(sql`select id from grupos_usuarios where nome = 'Rede Aurora Motors'`)
      .then((r) => r.rows);
    let c = ok(
      await salvar(criadorDemo.access_token, {
        titulo: 'Campanha de revisão',
        mensagem: '<p>Revisão</p>',
        grupoIds: [aurora.id],
      }),
    );
    expect(c.acoes).not.toContain('enviar');
    const aprovadores = await call<{ aprovadoresComunicado: { id: string }[] }>(
      criadorDemo.access_token,
      '{ aprovadoresComunicado { id } }',
    );
    expect(aprovadores.data!.aprovadoresComunicado.map((a) => Number(a.id))).toContain(ids['montadora@portal.test']);
    c = ok(await submeter(criadorDemo.access_token, c, ids['montadora@portal.test']));
    c = ok(await aprovar(montadoraDemo.access_token, c));
    expect(c.status.id).toBe('ENVIADO');
    expect(await envios(c.id)).toContain(ids['dealer@portal.test']);
    const bell = await call<{ notificacoesMenu: { titulo: string; link: string }[] }>(
      dealerDemo.access_token,
      '{ notificacoesMenu { titulo link } }',
    );
    expect(bell.data!.notificacoesMenu[0]).toEqual({
      titulo: 'Campanha de revisão',
      link: `/comunicados/visualizar/${c.id}`,
    });
  });
});

resumoDoAlcanceConfere(() => kit.db);
