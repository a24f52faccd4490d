import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { seedKit } from './kit';
import { errorCode, gql } from './portal';

// A review of 2026-11-29 (session 34) as a hostile signed-in user and as an operator: the client
// log routes, concurrent library uploads, and report exports. Each case was a defect, fixed with
// its test.

const kit = seedKit({ seed: 3434, domain: 'ataques-sessao34.test' });

type Caller = { id: number; token: string };
let leitor: Caller;
let gestor: Caller;
let marcaId: number;

beforeAll(async () => {
  await kit.start({ LOG_API_KEY: 'sessao34-key' });
  marcaId = (await kit.marca()).id;
  leitor = await kit.caller({ tipo: 'MONTADORA', marca: marcaId });
  gestor = await kit.caller({ tipo: 'MONTADORA', marca: marcaId, funcionalidades: ['PORTAL_GERENCIAR_BIBLIOTECA'] });
});

describe('client logs: what a signed-in browser user may create', () => {
  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${kit.portal.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en', ...headers },
      body: JSON.stringify(body),
    });
  const bearer = () => ({ authorization: `Bearer ${leitor.token}` });
  const logs = [{ type: 'error', message: 'x' }];

  it('refuses groups and streams of its own naming (a new one per call, without end), storing nothing', async () => {
    const grupos = async () => (await kit.db.select().from(s.logGrupos)).length;
    const streams = async () => (await kit.db.select().from(s.logStreams)).length;
    const [g0, s0] = [await grupos(), await streams()];
    const outroGrupo = await post(
      '/createGroupAndLogStream',
      { logGroupName: `spam-${'x'.repeat(500)}`, logStreamName: 'prod-2026-11-29', tags: { a: 'b' } },
      bearer(),
    );
    expect(outroGrupo.status).toBe(400);
    expect((await outroGrupo.json()).fieldErrors).toEqual({ logGroupName: 'Invalid option' });
    const outroStream = await post(
      '/sendLogs',
      { logGroupName: 'portal-logs-prod', logStreamName: `spam-${kit.unique('s')}`, logs },
      bearer(),
    );
    expect(outroStream.status).toBe(400);
    expect((await outroStream.json()).fieldErrors).toEqual({ logStreamName: 'Invalid option' });
    // Not a day: a date that does not exist, or one of no plausible clock.
    for (const logStreamName of ['prod-2026-02-30', 'prod-9999-01-01', 'prod-2026-11-29x']) {
      const r = await post('/sendLogs', { logGroupName: 'portal-logs-prod', logStreamName, logs }, bearer());
      expect(r.status, logStreamName).toBe(400);
    }
    expect([await grupos(), await streams()]).toEqual([g0, s0]);
  });

  it("takes the app's own group and day stream from the browser, and any name from the api-key", async () => {
    const dia = { logGroupName: 'portal-logs-prod', logStreamName: 'prod-2026-11-29' };
    expect((await post('/createGroupAndLogStream', { ...dia, tags: {} }, bearer())).status).toBe(201);
    expect((await post('/sendLogs', { ...dia, logs }, bearer())).status).toBe(202);
    const servico = { logGroupName: 'batch-jobs', logStreamName: 'nightly' };
    expect((await post('/sendLogs', { ...servico, logs }, { 'api-key': 'sessao34-key' })).status).toBe(202);
    const streams = await kit.db.select().from(s.logStreams);
    expect(streams.map((r) => `${r.grupo}/${r.nome}`)).toEqual(
      expect.arrayContaining(['portal-logs-prod/prod-2026-11-29', 'batch-jobs/nightly']),
    );
  });
});

describe('report exports: many at once by one user', () => {
  const url = () =>
    `${kit.portal.url}/api/exportar/relatorioUsuarios?formato=xlsx&filtro=${encodeURIComponent(
      JSON.stringify({ slug: 'usuarios', inicio: '2026-01-01', fim: '2026-11-29' }),
    )}`;
  beforeAll(async () => {
    await kit.db.execute(sql`delete from relatorios where slug = 'usuarios'`);
    await kit.db.insert(s.relatorios).values({
      slug: 'usuarios',
      tituloPtBr: 'Usuários',
      tituloEs: 'Usuarios',
      tituloEn: 'Users',
      tipo: 'INTERNO',
      interno: 'USUARIOS',
      posicao: 1,
    });
  });

  it('runs one export per user at a time: the others are refused at once, in their language; other users go on', async () => {
    const get = (c: Caller) => fetch(url(), { headers: { authorization: `Bearer ${c.token}` } });
    const [outro, ...respostas] = await Promise.all([get(gestor), ...Array.from({ length: 12 }, () => get(leitor))]);
    expect(outro.status).toBe(200);
    await outro.arrayBuffer();
    const statuses = respostas.map((r) => r.status);
    const corpos = await Promise.all(respostas.map((r) => (r.status === 200 ? r.arrayBuffer() : r.json())));
    expect(statuses.filter((x) => x !== 200 && x !== 429)).toEqual([]);
    expect(statuses.filter((x) => x === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThanOrEqual(1);
    expect(corpos[statuses.indexOf(429)]).toEqual({
      code: 'TOO_MANY_REQUESTS',
      message: 'Já existe uma exportação em andamento para este usuário',
    });
    // Once it ended, the next one runs.
    const depois = await get(leitor);
    expect(depois.status).toBe(200);
    await depois.arrayBuffer();
  });
});

describe('library: a placement racing the removal of its folder', () => {
  const CRIAR = 'mutation($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id } }';
  const UPLOAD = 'mutation($a: [UploadArquivoInput!]!) { uploadArquivos(arquivos: $a) { id } }';
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

  async function upload(nome: string) {
    const body = new FormData();
    body.append('info', JSON.stringify({ fileType: 'LIBRARY' }));
    body.append('file', new Blob([new Uint8Array(PDF)]), nome);
    const r = await fetch(`${kit.portal.url}/api/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gestor.token}` },
      body,
    });
    expect(r.status).toBe(201);
    return ((await r.json()) as { id: string }).id;
  }

  // PGlite runs one transaction at a time: the race needs a server's concurrent transactions.
  it.skipIf(!process.env.DATABASE_URL)(
    'answers the translated invalid-folder error, not an internal one, and keeps no item in the removed folder',
    async () => {
      const pasta = await gql<{ criarNovaPasta: { id: string } }>(
        kit.portal,
        CRIAR,
        { p: { nome: kit.unique('Corrida'), isPublico: false } },
        gestor.token,
      );
      expect(pasta.errors).toBeUndefined();
      const pastaId = Number(pasta.data!.criarNovaPasta.id);
      const arquivoId = await upload('corrida.pdf');
      // The removal's transaction holds the folder's row (as excluirItemBiblioteca's version claim
      // does) while the placement checks and writes.
      const remocao = await kit.portal.database.pool!.connect();
      try {
        await remocao.query('begin');
        await remocao.query('delete from biblioteca_itens where id = $1', [pastaId]);
        const colocacao = gql(
          kit.portal,
          UPLOAD,
          { a: [{ idArquivo: arquivoId, nome: 'corrida.pdf', idPastaPai: String(pastaId) }] },
          gestor.token,
        );
        await new Promise((resolve) => setTimeout(resolve, 500));
        await remocao.query('commit');
        const r = await colocacao;
        expect(errorCode(r), JSON.stringify(r.errors)).toBe('BAD_USER_INPUT');
        expect(r.errors![0].extensions!.fieldErrors).toEqual({ 'arquivos.0.idPastaPai': 'Pasta não encontrada' });
      } finally {
        remocao.release();
      }
      expect(await kit.db.select().from(s.bibliotecaItens).where(eq(s.bibliotecaItens.pastaPaiId, pastaId))).toEqual(
        [],
      );
    },
  );
});
