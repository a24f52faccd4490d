import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { alcanceConferido, comunicadoEnviado, usuariosIds } from './comunicadosEnviados';
import { seedKit } from './kit';
import { gql } from './portal';

// The summary behind the announcement-reach report (issue #31, migration 0030): deliveries, reads
// and confirmations per announcement and audience cell, kept by the database. A recipient counts in
// the cell the announcement reached them in: moving to another dealer later changes where new
// announcements count, not where old ones did. Concurrent first reads of one cell all count.

const kit = seedKit({ seed: 3102, domain: 'relatorio-alcance-resumo.test' });

const LINHA = 'id destinatarios lidos confirmados';
const ALCANCE = `query($f: RelatorioFiltroInput!) { relatorioAlcance(filtro: $f) { comunicados destinatarios lidos
  confirmados dealers { ${LINHA} } } }`;
type Linha = { id: string; destinatarios: number; lidos: number; confirmados: number };
type Alcance = { comunicados: number; destinatarios: number; lidos: number; confirmados: number; dealers: Linha[] };

const PERIODO = { inicio: '2026-05-01', fim: '2026-05-31' };
let marca: number;
let origem: { id: number };
let destino: { id: number };
let autor: { id: number };

const alcance = async (filtro: Record<string, unknown> = {}) => {
  const res = await gql<{ relatorioAlcance: Alcance }>(
    kit.portal,
    ALCANCE,
    { f: { slug: 'alcance', ...PERIODO, ...filtro } },
    kit.staff,
  );
  expect(res.errors).toBeUndefined();
  return res.data!.relatorioAlcance;
};
const porDealer = (r: Alcance) =>
  Object.fromEntries(r.dealers.map((l) => [l.id, [l.destinatarios, l.lidos, l.confirmados]]));

beforeAll(async () => {
  await kit.start();
  // The demo's built-in reports out of the way: this file defines its own.
  await kit.db.execute(sql`delete from relatorios`);
  marca = (await kit.marca('Marca Resumo')).id;
  origem = await kit.dealer({ marcaIds: [marca] });
  destino = await kit.dealer({ marcaIds: [marca] });
  autor = await kit.usuario({ tipo: 'MONTADORA', marca });
  const res = await gql(
    kit.portal,
    'mutation($r: RelatorioInput!) { salvarRelatorio(relatorio: $r) { id } }',
    {
      r: {
        slug: 'alcance',
        tituloPtBr: 'Alcance',
        tituloEs: 'Alcance',
        tituloEn: 'Reach',
        tipo: 'INTERNO',
        interno: 'ALCANCE_COMUNICADOS',
      },
    },
    kit.staff,
  );
  expect(res.errors).toBeUndefined();
});

describe('the reach summary', () => {
  it('counts a recipient where the announcement reached them after they move, and new ones where they are', async () => {
    const movido = await kit.usuario({ tipo: 'DEALER_GRUPO', dealer: origem.id });
    const antes = await comunicadoEnviado(kit.db, {
      autorId: autor.id,
      titulo: 'Antes da mudança',
      para: usuariosIds(movido.id),
      exigeConfirmacao: true,
      enviadoEm: '2026-05-05T12:00:00Z',
    });
    await kit.db.execute(sql`update usuario_dealers set dealer_id = ${destino.id} where usuario_id = ${movido.id}`);
    await comunicadoEnviado(kit.db, {
      autorId: autor.id,
      titulo: 'Depois da mudança',
      para: usuariosIds(movido.id),
      enviadoEm: '2026-05-06T12:00:00Z',
    });
    // Read and confirmed after the move: counted where it was delivered.
    await kit.db.execute(sql`update comunicado_envios set lido_em = now(), confirmado_em = now()
      where comunicado_id = ${antes.id}`);
    expect(porDealer(await alcance())).toEqual({
      [String(origem.id)]: [1, 1, 1],
      [String(destino.id)]: [1, 0, 0],
    });
    expect(await alcance({ dealerId: origem.id })).toMatchObject({ comunicados: 1, destinatarios: 1, lidos: 1 });
    // A change of type moves the user to another cell too.
    await kit.db.execute(sql`update usuarios set tipo = 'MONTADORA' where id = ${movido.id}`);
    const conferido = await alcanceConferido(kit.db);
    expect(conferido.resumo).toEqual(conferido.contado);
    expect(conferido.fora).toBe(0);
  });

  it('counts 10 concurrent first reads in one cell as 10, a second open as none, and one marked unread one fewer', async () => {
    const dealer = await kit.dealer({ marcaIds: [marca] });
    const leitores = await Promise.all(
      Array.from({ length: 10 }, () => kit.caller({ tipo: 'DEALER_GRUPO', marca, dealer: dealer.id })),
    );
    const celulas = await kit.db.execute<{ n: number }>(sql`select count(distinct celula_id)::int as n from usuarios
      where id in (${sql.join(
        leitores.map((l) => sql`${l.id}`),
        sql`, `,
      )})`);
    expect(Number(celulas.rows[0]!.n)).toBe(1);
    const c = await comunicadoEnviado(kit.db, {
      autorId: autor.id,
      titulo: 'Leitura em massa',
      para: usuariosIds(...leitores.map((l) => l.id)),
      enviadoEm: '2026-05-10T12:00:00Z',
    });
    const abrir = (token: string) =>
      gql(kit.portal, 'mutation($id: ID!) { abrirComunicado(idComunicado: $id) { id } }', { id: String(c.id) }, token);
    const abertos = await Promise.all([...leitores, leitores[0]!].map((l) => abrir(l.token)));
    expect(abertos.map((r) => r.errors)).toEqual(Array(11).fill(undefined));
    expect(await alcance({ dealerId: dealer.id })).toMatchObject({ comunicados: 1, destinatarios: 10, lidos: 10 });

    // One reader marks it unread again: one read fewer.
    const [envio] = (
      await kit.db.execute<{ id: number }>(sql`select id from comunicado_envios
        where comunicado_id = ${c.id} and usuario_id = ${leitores[9]!.id}`)
    ).rows;
    const desmarcado = await gql<{ marcarComunicadosLidos: number }>(
      kit.portal,
      'mutation($ids: [ID!]!) { marcarComunicadosLidos(ids: $ids, lido: false) }',
      { ids: [String(envio!.id)] },
      leitores[9]!.token,
    );
    expect(desmarcado.data?.marcarComunicadosLidos).toBe(1);
    expect(await alcance({ dealerId: dealer.id })).toMatchObject({ destinatarios: 10, lidos: 9 });
    const conferido = await alcanceConferido(kit.db);
    expect(conferido.resumo).toEqual(conferido.contado);
  });
});
