import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { ORIGEM } from '../../server/features/comunicados/queries';
import { notify } from '../../server/features/notificacoes';
import { fileStore } from '../../server/files';
import { resumoDoAlcanceConfere, comunicadoEnviado, envioId, usuariosIds } from './comunicadosEnviados';
import { seedKit } from './kit';
import { errorCode, gql } from './portal';

// Announcements, the reading side (issue #28): a reader's inbox and archive (paged, searched,
// newest first), the tabs' counts, the view that marks the delivery read, read/unread, favourite and
// archive of a selection of the caller's own deliveries only, "read and understood" where asked,
// errata on the original, attachments through the file store after the access check, the home
// page's recent ones. Sent announcements are written straight to the database (comunicadosEnviados.ts).

const kit = seedKit({ seed: 2801, domain: 'comunicados-leitura.test' });

const ENVIO = `id lido lidoEm confirmado confirmadoEm arquivado favorito active
  comunicado { id titulo exigeConfirmacao idParent justificativa erratas { id titulo justificativa envioDateTime }
    etiquetas { id nome } departamento { id sigla } usuarioCriador { id nome } arquivos { id nome tamanho tipoMime } }`;
const ENVIOS = `query($f: ComunicadoEnvioFilterInput) { comunicadoEnvios(filterInput: $f) { totalElements content { ${ENVIO} } } }`;
const CONTAGENS = '{ contagensComunicados { naoLidos naoLidosArquivados pendentesAprovacao rascunhos agendados } }';
const VER = `query($id: ID!) { comunicadoEnvio(idComunicado: $id) { ${ENVIO} } }`;
const ABRIR = `mutation($id: ID!) { abrirComunicado(idComunicado: $id) { ${ENVIO} } }`;
const CONFIRMAR = `mutation($id: ID!) { confirmarLeituraComunicado(idComunicado: $id) { ${ENVIO} } }`;
const LIDOS = 'mutation($ids: [ID!]!, $v: Boolean!) { marcarComunicadosLidos(ids: $ids, lido: $v) }';
const FAVORITOS = 'mutation($ids: [ID!]!, $v: Boolean!) { favoritarComunicados(ids: $ids, favorito: $v) }';
const ARQUIVAR = 'mutation($ids: [ID!]!, $v: Boolean!) { arquivarComunicadoEnvios(ids: $ids, arquivado: $v) }';
const LINK = 'query($c: ID!, $a: ID!) { linkDownloadAnexoComunicado(idComunicado: $c, idArquivo: $a) }';
const RECENTES = `{ comunicadoEnviosRecentes { ${ENVIO} } }`;

type Envio = {
  id: string;
  lido: boolean;
  lidoEm: string | null;
  confirmado: boolean;
  arquivado: boolean;
  favorito: boolean;
  comunicado: {
    id: string;
    titulo: string;
    erratas: { id: string; titulo: string; justificativa: string }[];
    etiquetas: { nome: string }[];
    arquivos: { id: string; nome: string }[];
  };
};
type Page = { totalElements: number; content: Envio[] };

let leitor: { id: number; token: string };
let outro: { id: number; token: string };
let autor: { id: number; token: string };
let aprovador: { id: number; token: string };
let departamento: number;
/** The reader's 12 announcements, oldest first. */
const meus: number[] = [];
let doOutro: number;
let comAnexo: { id: number; arquivo: number };

async function envios(token: string, f: Record<string, unknown> = {}) {
  const r = await gql<{ comunicadoEnvios: Page }>(kit.portal, ENVIOS, { f }, token);
  expect(r.errors).toBeUndefined();
  return r.data!.comunicadoEnvios;
}
const contagens = async (token: string) =>
  (await gql<{ contagensComunicados: Record<string, number> }>(kit.portal, CONTAGENS, {}, token)).data!
    .contagensComunicados;
const titulos = (page: Page) => page.content.map((e) => e.comunicado.titulo);
const estado = async (usuarioId: number, comunicadoId: number) =>
  (
    await kit.db.execute<{ lido_em: unknown; favorito: boolean; arquivado: boolean; confirmado_em: unknown }>(
      sql`select lido_em, favorito, arquivado, confirmado_em from comunicado_envios
        where usuario_id = ${usuarioId} and comunicado_id = ${comunicadoId}`,
    )
  ).rows[0]!;

beforeAll(async () => {
  await kit.start();
  const marca = await kit.marca();
  const dealer = await kit.dealer({ marcaIds: [marca.id] });
  leitor = await kit.caller({ tipo: 'DEALER_GRUPO', marca: marca.id, dealer: dealer.id });
  outro = await kit.caller({ tipo: 'DEALER_GRUPO', marca: marca.id, dealer: dealer.id });
  autor = await kit.caller({ tipo: 'MONTADORA', marca: marca.id, funcionalidades: ['PORTAL_CRIACAO_COMUNICADOS'] });
  aprovador = await kit.caller({
    tipo: 'MONTADORA',
    marca: marca.id,
    funcionalidades: ['PORTAL_APROVACAO_ENVIO_COMUNICADOS'],
  });
  ({ departamento } = await kit.referencias());
  for (let i = 1; i <= 12; i++) {
    const { id } = await comunicadoEnviado(kit.db, {
      autorId: autor.id,
      titulo: `Circular ${String(i).padStart(2, '0')}${i === 4 ? ' Recall de freios' : ''}`,
      para: usuariosIds(leitor.id, outro.id),
      etiquetas: i % 3 === 0 ? ['Pós-venda'] : [],
      departamentoId: i === 5 ? departamento : null,
      enviadoEm: i === 2 ? '2025-03-10T12:00:00Z' : undefined,
      exigeConfirmacao: i === 12,
    });
    meus.push(id);
  }
  ({ id: doOutro } = await comunicadoEnviado(kit.db, {
    autorId: autor.id,
    titulo: 'Só para o outro',
    para: usuariosIds(outro.id),
  }));
  // An attachment in the file store, on an announcement sent to the other reader only.
  const stored = await fileStore(kit.portal.config.filesDir).write(
    'comunicados',
    Readable.from(Buffer.from('%PDF-1.4 anexo')),
  );
  const [arquivo] = await kit.db
    .insert(s.arquivos)
    .values({
      chave: stored.key,
      nome: 'tabela de preços.pdf',
      tipoMime: 'application/pdf',
      tamanho: stored.size,
      sha256: stored.sha256,
      autorId: autor.id,
    })
    .returning();
  comAnexo = { id: doOutro, arquivo: arquivo.id };
  await kit.db.insert(s.comunicadoArquivos).values({ comunicadoId: doOutro, arquivoId: arquivo.id });
});

/** The snippet of the reader's first inbox row found by `busca`: its plain and marked parts. */
async function trechoDoPrimeiro(busca: string) {
  const r = await gql<{ comunicadoEnvios: { content: { trecho: { texto: string; destaque: boolean }[] | null }[] } }>(
    kit.portal,
    'query($f: ComunicadoEnvioFilterInput) { comunicadoEnvios(filterInput: $f) { content { trecho { texto destaque } } } }',
    { f: { busca } },
    leitor.token,
  );
  return r.data!.comunicadoEnvios.content[0]!.trecho!;
}

describe('the inbox', () => {
  it('pages newest first: page 2 of 5 is exactly the 6th to the 10th newest', async () => {
    const page = await envios(leitor.token, { page: 1, rowsPerPage: 5 });
    expect(page.totalElements).toBe(12);
    expect(page.content.map((e) => Number(e.comunicado.id))).toEqual(meus.slice(2, 7).reverse());
    const last = await envios(leitor.token, { page: 2, rowsPerPage: 5 });
    expect(last.content.map((e) => Number(e.comunicado.id))).toEqual(meus.slice(0, 2).reverse());
  });

  it('caps the page size', async () => {
    const r = await gql(kit.portal, ENVIOS, { f: { rowsPerPage: 1000 } }, leitor.token);
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
  });

  it('searches by title, label, department and period', async () => {
    expect(titulos(await envios(leitor.token, { busca: 'recall de FREIOS' }))).toEqual([
      'Circular 04 Recall de freios',
    ]);
    // A label holding what is typed, case- and accent-blind ("Pós-venda").
    for (const etiqueta of ['pos-venda', 'VENDA', 'ós-ve']) {
      expect(titulos(await envios(leitor.token, { etiqueta })), etiqueta).toEqual([
        'Circular 12',
        'Circular 09',
        'Circular 06',
        'Circular 03',
      ]);
    }
    expect(titulos(await envios(leitor.token, { etiqueta: 'vendas' }))).toEqual([]);
    expect(titulos(await envios(leitor.token, { departamentoId: String(departamento) }))).toEqual(['Circular 05']);
    expect(titulos(await envios(leitor.token, { desde: '2025-03-01', ate: '2025-03-10' }))).toEqual(['Circular 02']);
    const r = await gql(kit.portal, ENVIOS, { f: { desde: 'ontem' } }, leitor.token);
    expect(errorCode(r)).toBe('BAD_USER_INPUT');
  });

  it('searches the words of the message too (accents and endings aside), in the inbox and the author’s tabs', async () => {
    const { id } = await comunicadoEnviado(kit.db, {
      autorId: autor.id,
      titulo: 'Circular 13',
      mensagem:
        '<p>As <strong>revisões</strong> gratuitas da campanha começam em dezembro.</p><p>Peças &amp; serviços</p>' +
        '<table><tbody><tr><td>Onix</td><td>Cruze</td></tr></tbody></table>',
      para: usuariosIds(leitor.id),
    });
    try {
      for (const busca of ['revisoes gratuita', 'REVISÕES', 'campanhas', 'cruze', '"revisões gratuitas"']) {
        expect(titulos(await envios(leitor.token, { busca })), busca).toEqual(['Circular 13']);
      }
      // Words of the markup are not the message's; words in no announcement find none.
      for (const busca of ['strong', 'tbody', 'garantia', '"gratuitas revisões"'])
        expect(titulos(await envios(leitor.token, { busca })), busca).toEqual([]);
      // Each row says where its message matched: the text around it, the words marked, entities as characters.
      const partes = await trechoDoPrimeiro('revisoes gratuita');
      expect(partes.filter((p) => p.destaque).map((p) => p.texto)).toEqual(['revisões', 'gratuitas']);
      expect(partes.map((p) => p.texto).join('')).toContain(
        'revisões gratuitas da campanha começam em dezembro. Peças & serviços',
      );
      // A match in the title alone has no snippet.
      const soTitulo = await gql<{ comunicadoEnvios: { content: { trecho: unknown }[] } }>(
        kit.portal,
        'query($f: ComunicadoEnvioFilterInput) { comunicadoEnvios(filterInput: $f) { content { trecho { texto } } } }',
        { f: { busca: 'rcular 04' } },
        leitor.token,
      );
      expect(soTitulo.data!.comunicadoEnvios.content.map((e) => e.trecho)).toEqual([null]);
      // The title is still found as typed, inside a word too ("rcular 04"), and the count is exact.
      const porTitulo = await envios(leitor.token, { busca: 'rcular 04' });
      expect([titulos(porTitulo), porTitulo.totalElements]).toEqual([['Circular 04 Recall de freios'], 1]);
      // Sent to the reader only: the other reader finds nothing of it.
      expect(titulos(await envios(outro.token, { busca: 'revisoes gratuita' }))).toEqual([]);
      // The author's Sent tab searches the same way.
      const enviados = await gql<{ comunicados: { content: { titulo: string }[]; totalElements: number } }>(
        kit.portal,
        'query($f: ComunicadoFilterInput) { comunicados(filterInput: $f) { totalElements content { titulo } } }',
        { f: { aba: 'ENVIADOS', busca: 'revisoes gratuita' } },
        autor.token,
      );
      expect(enviados.errors).toBeUndefined();
      expect(enviados.data!.comunicados.content.map((c) => c.titulo)).toEqual(['Circular 13']);
    } finally {
      await kit.db.execute(sql`delete from comunicados where id = ${id}`);
    }
  });

  it('finds a Portuguese word in -ão by its plural and the reverse, and marks the plural in the snippet', async () => {
    const { id } = await comunicadoEnviado(kit.db, {
      autorId: autor.id,
      titulo: 'Circular 14',
      mensagem: '<p>Novas informações sobre a revisão dos pães e das mãos de obra: condições especiais.</p>',
      para: usuariosIds(leitor.id),
    });
    try {
      // The folded stemmer took "informações" and "informação" ('informaco', 'informaca') apart.
      for (const busca of ['informação', 'informacao', 'INFORMAÇÕES', 'revisões', 'pão', 'mão', 'condição'])
        expect(titulos(await envios(leitor.token, { busca })), busca).toEqual(['Circular 14']);
      const marcados = (await trechoDoPrimeiro('informação condição pão'))
        .filter((p) => p.destaque)
        .map((p) => p.texto);
      expect(marcados).toEqual(['informações', 'pães', 'condições']);
    } finally {
      await kit.db.execute(sql`delete from comunicados where id = ${id}`);
    }
  });

  it("offers every reader the departments of what was sent to them, and no other's", async () => {
    const [outroDepartamento] = await kit.db
      .insert(s.departamentos)
      .values({ nome: 'Assistência técnica', sigla: 'AT' })
      .returning();
    await kit.db.execute(sql`update comunicados set departamento_id = ${outroDepartamento.id} where id = ${doOutro}`);
    const DEPARTAMENTOS = '{ departamentosComunicadosRecebidos { id sigla nome } }';
    const de = async (token: string) =>
      (await gql<{ departamentosComunicadosRecebidos: { id: string }[] }>(kit.portal, DEPARTAMENTOS, {}, token)).data!
        .departamentosComunicadosRecebidos;
    const [dep] = (
      await kit.db.execute<{ nome: string; sigla: string }>(
        sql`select nome, sigla from departamentos where id = ${departamento}`,
      )
    ).rows;
    // A reader without any editor key: the department of Circular 05 only.
    expect(await de(leitor.token)).toEqual([{ id: String(departamento), sigla: dep.sigla, nome: dep.nome }]);
    expect((await de(outro.token)).map((d) => d.id)).toEqual(
      [
        { id: String(departamento), nome: dep.nome },
        { id: String(outroDepartamento.id), nome: 'Assistência técnica' },
      ]
        .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'))
        .map((d) => d.id),
    );
    expect(await de(aprovador.token)).toEqual([]);
  });

  it('never lists nor counts what was not sent to the reader', async () => {
    const all = await envios(leitor.token, { rowsPerPage: 100 });
    expect(all.content.map((e) => Number(e.comunicado.id))).not.toContain(doOutro);
    expect((await contagens(leitor.token)).naoLidos).toBe(12);
    expect((await contagens(outro.token)).naoLidos).toBe(13);
  });
});

describe('one announcement', () => {
  it('is not found unless it was sent to the caller: view, open, link and download', async () => {
    expect(errorCode(await gql(kit.portal, VER, { id: doOutro }, leitor.token))).toBe('NOT_FOUND');
    expect(errorCode(await gql(kit.portal, ABRIR, { id: doOutro }, leitor.token))).toBe('NOT_FOUND');
    expect(errorCode(await gql(kit.portal, LINK, { c: comAnexo.id, a: comAnexo.arquivo }, leitor.token))).toBe(
      'NOT_FOUND',
    );
    const download = await fetch(`${kit.portal.url}/api/comunicados/${comAnexo.id}/anexos/${comAnexo.arquivo}`, {
      headers: { authorization: `Bearer ${leitor.token}` },
    });
    expect(download.status).toBe(404);
    expect((await estado(outro.id, doOutro)).lido_em).toBeNull();
  });

  it('opening marks the delivery read once, and the unread count drops', async () => {
    const before = (await contagens(leitor.token)).naoLidos;
    const r = await gql<{ abrirComunicado: Envio }>(kit.portal, ABRIR, { id: meus[0] }, leitor.token);
    expect(r.data!.abrirComunicado.lido).toBe(true);
    const lidoEm = r.data!.abrirComunicado.lidoEm;
    const again = await gql<{ abrirComunicado: Envio }>(kit.portal, ABRIR, { id: meus[0] }, leitor.token);
    expect(again.data!.abrirComunicado.lidoEm).toBe(lidoEm);
    expect((await contagens(leitor.token)).naoLidos).toBe(before - 1);
    expect((await estado(outro.id, meus[0]!)).lido_em).toBeNull();
  });

  it('confirms "read and understood" only where the announcement asks for it', async () => {
    const pedido = meus[11]!;
    const r = await gql<{ confirmarLeituraComunicado: Envio }>(kit.portal, CONFIRMAR, { id: pedido }, leitor.token);
    expect(r.data!.confirmarLeituraComunicado).toMatchObject({ confirmado: true, lido: true });
    expect((await estado(leitor.id, pedido)).confirmado_em).not.toBeNull();
    const semPedido = await gql(kit.portal, CONFIRMAR, { id: meus[1] }, leitor.token);
    expect(errorCode(semPedido)).toBe('BAD_USER_INPUT');
    expect((await estado(leitor.id, meus[1]!)).confirmado_em).toBeNull();
    expect(errorCode(await gql(kit.portal, CONFIRMAR, { id: doOutro }, leitor.token))).toBe('NOT_FOUND');
  });

  it('shows the sent errata on the original, not a draft one', async () => {
    const original = meus[2]!;
    const { id: errata } = await comunicadoEnviado(kit.db, {
      autorId: autor.id,
      titulo: 'Errata da circular 03',
      para: usuariosIds(leitor.id, outro.id),
      idParent: original,
      justificativa: 'O prazo correto é dia 15, não dia 5.',
    });
    await comunicadoEnviado(kit.db, {
      autorId: autor.id,
      titulo: 'Errata ainda em rascunho',
      para: usuariosIds(leitor.id),
      idParent: original,
      justificativa: 'Rascunho que ninguém deve ver.',
      estado: 'RASCUNHO',
    });
    const r = await gql<{ comunicadoEnvio: Envio }>(kit.portal, VER, { id: original }, leitor.token);
    expect(r.data!.comunicadoEnvio.comunicado.erratas).toEqual([
      expect.objectContaining({
        id: String(errata),
        titulo: 'Errata da circular 03',
        justificativa: 'O prazo correto é dia 15, não dia 5.',
      }),
    ]);
    // The erratum is a delivery of its own too.
    const e = await gql<{ comunicadoEnvio: Envio & { comunicado: { idParent: string } } }>(
      kit.portal,
      VER,
      { id: errata },
      leitor.token,
    );
    expect(e.data!.comunicadoEnvio.comunicado.idParent).toBe(String(original));
  });

  it("lists on the original only the errata sent to the reader (an erratum reaches its author's reach only)", async () => {
    const original = meus[3]!;
    await comunicadoEnviado(kit.db, {
      autorId: autor.id,
      titulo: 'Errata só para outra rede',
      para: usuariosIds(outro.id),
      idParent: original,
      justificativa: 'Um prazo que vale só para a outra rede.',
    });
    const r = await gql<{ comunicadoEnvio: Envio }>(kit.portal, VER, { id: original }, leitor.token);
    expect(r.errors).toBeUndefined();
    expect(r.data!.comunicadoEnvio.comunicado.erratas).toEqual([]);
    const dele = await gql<{ comunicadoEnvio: Envio }>(kit.portal, VER, { id: original }, outro.token);
    expect(dele.data!.comunicadoEnvio.comunicado.erratas.map((x) => x.titulo)).toEqual(['Errata só para outra rede']);
  });
});

describe('a selection of deliveries', () => {
  it('another user’s delivery ids change nothing (read back)', async () => {
    const deles = [await envioId(kit.db, doOutro, outro.id), await envioId(kit.db, meus[5]!, outro.id)];
    for (const [op, v] of [
      [LIDOS, true],
      [FAVORITOS, true],
      [ARQUIVAR, true],
    ] as const) {
      const r = await gql<Record<string, number>>(kit.portal, op, { ids: deles, v }, leitor.token);
      expect(Object.values(r.data!)[0]).toBe(0);
    }
    for (const c of [doOutro, meus[5]!]) {
      expect(await estado(outro.id, c)).toMatchObject({ lido_em: null, favorito: false, arquivado: false });
    }
  });

  it('read/unread round trip, counting only what changed and only the caller’s own', async () => {
    const mine = [await envioId(kit.db, meus[6]!, leitor.id), await envioId(kit.db, meus[7]!, leitor.id)];
    const deles = await envioId(kit.db, meus[6]!, outro.id);
    const lidos = await gql<{ marcarComunicadosLidos: number }>(
      kit.portal,
      LIDOS,
      { ids: [...mine, deles], v: true },
      leitor.token,
    );
    expect(lidos.data!.marcarComunicadosLidos).toBe(2);
    expect((await estado(leitor.id, meus[6]!)).lido_em).not.toBeNull();
    expect((await estado(outro.id, meus[6]!)).lido_em).toBeNull();
    const again = await gql<{ marcarComunicadosLidos: number }>(
      kit.portal,
      LIDOS,
      { ids: mine, v: true },
      leitor.token,
    );
    expect(again.data!.marcarComunicadosLidos).toBe(0);
    const naoLidos = await gql<{ marcarComunicadosLidos: number }>(
      kit.portal,
      LIDOS,
      { ids: mine, v: false },
      leitor.token,
    );
    expect(naoLidos.data!.marcarComunicadosLidos).toBe(2);
    expect((await estado(leitor.id, meus[7]!)).lido_em).toBeNull();
  });

  it('favourite round trip, with the favourites filter', async () => {
    const mine = [await envioId(kit.db, meus[8]!, leitor.id)];
    expect(
      (await gql<{ favoritarComunicados: number }>(kit.portal, FAVORITOS, { ids: mine, v: true }, leitor.token)).data!
        .favoritarComunicados,
    ).toBe(1);
    expect(titulos(await envios(leitor.token, { favoritos: true }))).toEqual(['Circular 09']);
    await gql(kit.portal, FAVORITOS, { ids: mine, v: false }, leitor.token);
    expect((await envios(leitor.token, { favoritos: true })).totalElements).toBe(0);
    expect((await estado(leitor.id, meus[8]!)).favorito).toBe(false);
  });

  it('archive round trip: the delivery moves to ARQUIVADOS with its unread count, and back', async () => {
    const alvo = meus[9]!;
    const ids = [await envioId(kit.db, alvo, leitor.id)];
    const before = await contagens(leitor.token);
    expect(
      (await gql<{ arquivarComunicadoEnvios: number }>(kit.portal, ARQUIVAR, { ids, v: true }, leitor.token)).data!
        .arquivarComunicadoEnvios,
    ).toBe(1);
    expect(titulos(await envios(leitor.token, { aba: 'ARQUIVADOS' }))).toEqual(['Circular 10']);
    expect(titulos(await envios(leitor.token, { rowsPerPage: 100 }))).not.toContain('Circular 10');
    expect(await contagens(leitor.token)).toMatchObject({
      naoLidos: before.naoLidos - 1,
      naoLidosArquivados: before.naoLidosArquivados + 1,
    });
    await gql(kit.portal, ARQUIVAR, { ids, v: false }, leitor.token);
    expect((await envios(leitor.token, { aba: 'ARQUIVADOS' })).totalElements).toBe(0);
    expect((await estado(leitor.id, alvo)).arquivado).toBe(false);
    expect(await contagens(leitor.token)).toEqual(before);
  });

  it('refuses an empty or oversized selection, and a tab that is not the reader’s', async () => {
    expect(errorCode(await gql(kit.portal, LIDOS, { ids: [], v: true }, leitor.token))).toBe('BAD_USER_INPUT');
    const many = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(errorCode(await gql(kit.portal, LIDOS, { ids: many, v: true }, leitor.token))).toBe('BAD_USER_INPUT');
    expect(errorCode(await gql(kit.portal, ENVIOS, { f: { aba: 'RASCUNHOS' } }, leitor.token))).toBe('BAD_USER_INPUT');
  });
});

describe('the bell', () => {
  const NAO_VISTAS = '{ countNotificacoesNaoLidas }';
  const lidas = async (usuarioId: number) =>
    (
      await kit.db.execute<{ origem_id: number; lida: boolean; visualizada: boolean; origem: string }>(sql`
        select n.origem, n.origem_id, d.lida, d.visualizada from notificacao_destinatarios d
        join notificacoes n on n.id = d.notificacao_id where d.usuario_id = ${usuarioId} order by n.id`)
    ).rows.map((r) => [r.origem, Number(r.origem_id), r.lida, r.visualizada]);

  it('opening an announcement, or marking a selection read, reads its notifications; unread leaves them', async () => {
    const marca = await kit.marca();
    const dealer = await kit.dealer({ marcaIds: [marca.id] });
    const [eu, vizinho] = [
      await kit.caller({ tipo: 'DEALER_GRUPO', marca: marca.id, dealer: dealer.id }),
      await kit.caller({ tipo: 'DEALER_GRUPO', marca: marca.id, dealer: dealer.id }),
    ];
    const ids: number[] = [];
    for (const titulo of ['Sino A', 'Sino B', 'Sino C']) {
      const { id } = await comunicadoEnviado(kit.db, {
        autorId: autor.id,
        titulo,
        para: usuariosIds(eu.id, vizinho.id),
      });
      ids.push(id);
      // As the send does: one notification per announcement to its recipients.
      await notify(
        kit.db,
        { usuarios: usuariosIds(eu.id, vizinho.id) },
        { titulo, texto: `<p>${titulo}</p>`, origem: ORIGEM, origemId: id },
      );
    }
    // Another feature's notification that happens to carry the same record id.
    await notify(
      kit.db,
      { usuarios: usuariosIds(eu.id) },
      { titulo: 'Outra', texto: '<p>x</p>', origem: 'GENERICA', origemId: ids[0] },
    );
    const [a, b, c] = ids as [number, number, number];
    const naoVistas = async () =>
      (await gql<{ countNotificacoesNaoLidas: number }>(kit.portal, NAO_VISTAS, {}, eu.token)).data!
        .countNotificacoesNaoLidas;
    expect(await naoVistas()).toBe(4);

    expect((await gql(kit.portal, ABRIR, { id: a }, eu.token)).errors).toBeUndefined();
    expect(await naoVistas()).toBe(3);
    expect(await lidas(eu.id)).toEqual([
      ['COMUNICADO', a, true, true],
      ['COMUNICADO', b, false, false],
      ['COMUNICADO', c, false, false],
      ['GENERICA', a, false, false],
    ]);
    // The other recipient's notification of it is theirs.
    expect((await lidas(vizinho.id)).every(([, , lida]) => lida === false)).toBe(true);

    // Marked unread: its notification stays read; marked read, a selection's are read.
    const envioDe = (comunicado: number) => envioId(kit.db, comunicado, eu.id);
    expect((await gql(kit.portal, LIDOS, { ids: [await envioDe(a)], v: false }, eu.token)).errors).toBeUndefined();
    expect((await lidas(eu.id))[0]).toEqual(['COMUNICADO', a, true, true]);
    const selecao = [await envioDe(b), await envioDe(c)];
    expect((await gql(kit.portal, LIDOS, { ids: selecao, v: true }, eu.token)).data).toEqual({
      marcarComunicadosLidos: 2,
    });
    expect(await naoVistas()).toBe(1);
    expect((await lidas(eu.id)).map(([origem, , lida]) => [origem, lida])).toEqual([
      ['COMUNICADO', true],
      ['COMUNICADO', true],
      ['COMUNICADO', true],
      ['GENERICA', false],
    ]);
    // Another user's delivery ids read nothing of theirs nor of the caller's.
    await gql(kit.portal, LIDOS, { ids: [await envioId(kit.db, a, vizinho.id)], v: true }, eu.token);
    expect((await lidas(vizinho.id)).every(([, , lida]) => lida === false)).toBe(true);
  });
});

describe('attachments', () => {
  const download = (token: string) =>
    fetch(`${kit.portal.url}/api/comunicados/${comAnexo.id}/anexos/${comAnexo.arquivo}`, {
      headers: { authorization: `Bearer ${token}` },
    });

  it('a recipient, the author and an approver in scope get the link and the bytes', async () => {
    for (const who of [outro, autor, aprovador]) {
      const r = await gql<{ linkDownloadAnexoComunicado: string }>(
        kit.portal,
        LINK,
        { c: comAnexo.id, a: comAnexo.arquivo },
        who.token,
      );
      expect(r.data!.linkDownloadAnexoComunicado).toBe(`/api/comunicados/${comAnexo.id}/anexos/${comAnexo.arquivo}`);
      const res = await download(who.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('tabela de preços.pdf'));
      expect(await res.text()).toBe('%PDF-1.4 anexo');
    }
    const r = await gql<{ comunicadoEnvio: Envio }>(kit.portal, VER, { id: comAnexo.id }, outro.token);
    expect(r.data!.comunicadoEnvio.comunicado.arquivos).toEqual([
      expect.objectContaining({ id: String(comAnexo.arquivo), nome: 'tabela de preços.pdf' }),
    ]);
  });

  it('anyone else is refused, and so is an attachment of another announcement', async () => {
    const fora = await kit.caller({
      tipo: 'MONTADORA',
      marca: (await kit.marca()).id,
      funcionalidades: ['PORTAL_APROVACAO_ENVIO_COMUNICADOS'],
    });
    for (const who of [leitor, fora]) {
      expect((await download(who.token)).status).toBe(404);
    }
    expect(errorCode(await gql(kit.portal, LINK, { c: meus[0], a: comAnexo.arquivo }, leitor.token))).toBe('NOT_FOUND');
    expect((await fetch(`${kit.portal.url}/api/comunicados/${comAnexo.id}/anexos/${comAnexo.arquivo}`)).status).toBe(
      401,
    );
  });
});

describe('the home page', () => {
  it('shows the newest deliveries of the inbox, not the archived ones', async () => {
    const ids = [await envioId(kit.db, meus[11]!, leitor.id)];
    await gql(kit.portal, ARQUIVAR, { ids, v: true }, leitor.token);
    const r = await gql<{ comunicadoEnviosRecentes: Envio[] }>(kit.portal, RECENTES, {}, leitor.token);
    const { rows } = await kit.db.execute<{ comunicado_id: number }>(sql`select comunicado_id from comunicado_envios
      where usuario_id = ${leitor.id} and not arquivado order by id desc limit 6`);
    expect(r.data!.comunicadoEnviosRecentes.map((e) => Number(e.comunicado.id))).toEqual(
      rows.map((x) => Number(x.comunicado_id)),
    );
    expect(r.data!.comunicadoEnviosRecentes.map((e) => Number(e.comunicado.id))).not.toContain(meus[11]);
    await gql(kit.portal, ARQUIVAR, { ids, v: false }, leitor.token);
  });
});

resumoDoAlcanceConfere(() => kit.db);
