import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../server/audit';
import * as s from '../../server/db/schema';
import { cnpjFrom, createDealer, createGrupo } from '../../server/db/seed/builders';
import { seededRandom } from '../../server/db/seed/random';
import { DEMO, gql, signIn, startPortal, type TestPortal } from './portal';

// Every paged list answers the page asked for (issue #12): page 2 of a known set, in order, with
// the total and a short last page. A server that always answered page 1 would fail here.

let portal: TestPortal;
let db: TestPortal['database']['db'];
let token: string;
const random = seededRandom(2727);

beforeAll(async () => {
  portal = await startPortal();
  db = portal.database.db;
  token = (await signIn(portal, DEMO.super)).access_token;
});
afterAll(() => portal?.close());

/** Names of a known set of 7, sorted as the lists sort them (by name). */
const SEVEN = ['Alfa', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf'];

async function pages<T>(read: (page: number) => Promise<{ content: T[]; totalElements: number }>) {
  return Promise.all([0, 1, 2, 3].map(read));
}

describe('paged lists', () => {
  it('dealers: page 2 of 7 with 3 per page holds the 4th to 6th, page 3 the 7th, page 4 none', async () => {
    const [marca] = await db.select().from(s.marcas).limit(1);
    const [setor] = await db.select().from(s.setores).limit(1);
    for (const nome of [...SEVEN].reverse()) {
      await createDealer(db, {
        nomeExibicao: `Paginado ${nome}`,
        razaoSocial: 'Concessionária Paginada Ltda',
        cnpj: cnpjFrom(random),
        codigos: ['P1'],
        divisaoId: setor.divisaoId,
        setorId: setor.id,
        marcaIds: [marca.id],
      });
    }
    const read = async (page: number) =>
      (
        await gql<{ dealers: { content: { nomeExibicao: string }[]; totalElements: number } }>(
          portal,
          'query($f: DealerFilterInput!) { dealers(filterInput: $f) { totalElements content { nomeExibicao } } }',
          { f: { busca: 'paginado', page, rowsPerPage: 3, sort: { field: 'nomeExibicao', order: 'ASC' } } },
          token,
        )
      ).data!.dealers;
    const answers = await pages(read);
    expect(answers.map((p) => p.totalElements)).toEqual([7, 7, 7, 7]);
    expect(answers.map((p) => p.content.map((d) => d.nomeExibicao.replace('Paginado ', '')))).toEqual([
      ['Alfa', 'Bravo', 'Charlie'],
      ['Delta', 'Echo', 'Foxtrot'],
      ['Golf'],
      [],
    ]);
    const descending = await gql<{ dealers: { content: { nomeExibicao: string }[] } }>(
      portal,
      'query($f: DealerFilterInput!) { dealers(filterInput: $f) { content { nomeExibicao } } }',
      { f: { busca: 'paginado', page: 1, rowsPerPage: 3, sort: { field: 'nomeExibicao', order: 'DESC' } } },
      token,
    );
    expect(descending.data!.dealers.content.map((d) => d.nomeExibicao)).toEqual([
      'Paginado Delta',
      'Paginado Charlie',
      'Paginado Bravo',
    ]);
  });

  it('groups: page 2 of 7 with 3 per page holds the 4th to 6th', async () => {
    const [marca] = await db.select().from(s.marcas).limit(1);
    for (const nome of SEVEN) await createGrupo(db, `Grupo Paginado ${nome}`, [marca.id]);
    const read = async (page: number) =>
      (
        await gql<{ grupos: { content: { nome: string }[]; totalElements: number } }>(
          portal,
          'query($f: GrupoFilterInput!) { grupos(filterInput: $f) { totalElements content { nome } } }',
          { f: { busca: 'grupo paginado', page, rowsPerPage: 3 } },
          token,
        )
      ).data!.grupos;
    const answers = await pages(read);
    expect(answers.map((p) => p.totalElements)).toEqual([7, 7, 7, 7]);
    expect(answers.map((p) => p.content.map((g) => g.nome.replace('Grupo Paginado ', '')))).toEqual([
      ['Alfa', 'Bravo', 'Charlie'],
      ['Delta', 'Echo', 'Foxtrot'],
      ['Golf'],
      [],
    ]);
  });

  it("a record's audit: page 2 of 7 changes, newest first", async () => {
    const grupo = await createGrupo(db, 'Grupo Auditado Paginado', []);
    for (const [i, nome] of SEVEN.entries()) {
      await recordAudit(db, {
        tipo: 'GRUPO',
        registroId: grupo.id,
        alteracao: 'ALTERACAO',
        valorAnterior: { ordem: i },
        valorNovo: { nome },
        autorId: null,
      });
    }
    const read = async (page: number) =>
      (
        await gql<{ auditoria: { content: { valorNovo: string }[]; totalElements: number } }>(
          portal,
          'query($f: AuditoriaFilterInput!) { auditoria(filterInput: $f) { totalElements content { valorNovo } } }',
          { f: { tipo: 'GRUPO', registroId: grupo.id, page, rowsPerPage: 3 } },
          token,
        )
      ).data!.auditoria;
    const answers = await pages(read);
    expect(answers.map((p) => p.totalElements)).toEqual([7, 7, 7, 7]);
    expect(answers.map((p) => p.content.map((a) => JSON.parse(a.valorNovo).nome))).toEqual([
      ['Golf', 'Foxtrot', 'Echo'],
      ['Delta', 'Charlie', 'Bravo'],
      ['Alfa'],
      [],
    ]);
  });
});
