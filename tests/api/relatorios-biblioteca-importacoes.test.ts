import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { seedKit } from './kit';
import { errorCode, exportarCsv, gql } from './portal';

// Issue #31's library-usage and imports-and-jobs reports: the library part is what the caller
// reads (a manager everything; a group member the public tree their group reaches), its downloads
// those of the users in the caller's scope and filters in the period; imports and job runs are
// those of authors in the caller's scope (runs without an author for the provider's staff only).
// Every figure is checked against the rows this file wrote, counted directly in SQL where a scope
// decides it.

const kit = seedKit({ seed: 3102, domain: 'relatorios-uso.test' });

const BIBLIOTECA = `query($f: RelatorioFiltroInput!) { relatorioBiblioteca(filtro: $f) { arquivos bytes downloads usuarios
  pastas { id nome arquivos bytes downloads } semanas { semana downloads usuarios }
  maisBaixados { id nome pasta downloads } menosBaixados { id nome pasta downloads } } }`;
const IMPORTACOES = `query($f: RelatorioFiltroInput!) { relatorioImportacoes(filtro: $f) { importacoes linhas criados
  atualizados recusados lista { nomeArquivo autor status total criados atualizados recusados }
  filas { fila execucoes concluidas falhas emAndamento taxaFalhas duracaoMedia } } }`;
const PERIODO = { inicio: '2026-03-01', fim: '2026-03-31' };

type Caller = { id: number; token: string };
type Arquivo = { nome: string; pasta: string; downloads: number };
type Biblioteca = {
  arquivos: number;
  bytes: number;
  downloads: number;
  usuarios: number;
  pastas: { nome: string; arquivos: number; bytes: number; downloads: number }[];
  semanas: { semana: string; downloads: number; usuarios: number }[];
  maisBaixados: Arquivo[];
  menosBaixados: Arquivo[];
};
type Importacoes = {
  importacoes: number;
  linhas: number;
  criados: number;
  atualizados: number;
  recusados: number;
  lista: { nomeArquivo: string; autor: string; status: string; total: number }[];
  filas: { fila: string; execucoes: number; concluidas: number; falhas: number; duracaoMedia: number | null }[];
};

let montadoraA: Caller;
let montadoraB: Caller;
let dealerA: Caller;
const m = {} as Record<'a' | 'b', { id: number; nome: string }>;
const d = {} as Record<'a1' | 'b1', { id: number }>;
const f = {} as Record<'manual' | 'motor' | 'segredo', number>;

async function ok<T>(query: string, filtro: Record<string, unknown>, token: string): Promise<T> {
  const r = await gql<Record<string, T>>(kit.portal, query, { f: { ...PERIODO, ...filtro } }, token);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return Object.values(r.data!)[0]!;
}
const biblioteca = (token: string, filtro: Record<string, unknown> = {}) =>
  ok<Biblioteca>(BIBLIOTECA, { slug: 'uso-biblioteca', ...filtro }, token);
const importacoes = (token: string, filtro: Record<string, unknown> = {}) =>
  ok<Importacoes>(IMPORTACOES, { slug: 'importacoes', ...filtro }, token);

async function definir(slug: string, interno: string, tiposUsuario: string[] = []) {
  const r = await gql(
    kit.portal,
    'mutation($r: RelatorioInput!) { salvarRelatorio(relatorio: $r) { id } }',
    { r: { slug, tituloPtBr: slug, tituloEs: slug, tituloEn: slug, tipo: 'INTERNO', interno, tiposUsuario } },
    kit.staff,
  );
  expect(r.errors).toBeUndefined();
}

async function pasta(nome: string, proprietarioId: number, pastaPaiId: number | null, publico: boolean) {
  const [p] = await kit.db
    .insert(s.bibliotecaItens)
    .values({ nome: kit.unique(nome), isPasta: true, pastaPaiId, proprietarioId, publico })
    .returning();
  return p!;
}

const arquivo = async (nome: string, pastaPaiId: number, tamanho: number, createdAt: string) =>
  (
    await kit.arquivoNaBiblioteca({
      nome,
      pastaPaiId,
      donoId: kit.staffId,
      tamanho,
      publico: true,
      createdAt: new Date(createdAt),
    })
  ).itemId;

const baixar = (itemId: number, usuarioId: number, quando: string, vezes = 1) =>
  kit.db
    .insert(s.bibliotecaDownloads)
    .values(Array.from({ length: vezes }, () => ({ itemId, nome: 'x', usuarioId, createdAt: new Date(quando) })));

let manuais: { id: number; nome: string };
let privada: { id: number; nome: string };
let motor: { id: number; nome: string };

beforeAll(async () => {
  await kit.start();
  // The demo's built-in reports out of the way: this file defines its own.
  await kit.db.execute(sql`delete from relatorios`);
  m.a = await kit.marca('Marca A');
  m.b = await kit.marca('Marca B');
  d.a1 = await kit.dealer({ marcaIds: [m.a.id] });
  d.b1 = await kit.dealer({ marcaIds: [m.b.id] });
  montadoraA = await kit.caller({ tipo: 'MONTADORA', marca: m.a.id, nome: kit.unique('Ana Montadora') });
  montadoraB = await kit.caller({ tipo: 'MONTADORA', marca: m.b.id });
  dealerA = await kit.caller({ tipo: 'DEALER_GRUPO', marca: m.a.id, dealer: d.a1.id });
  const equipeA = (await kit.usuario({ tipo: 'DEALER_GRUPO', dealer: d.a1.id })).id;
  const equipeB = (await kit.usuario({ tipo: 'DEALER_GRUPO', dealer: d.b1.id })).id;
  await definir('uso-biblioteca', 'USO_BIBLIOTECA');
  await definir('importacoes', 'IMPORTACOES', ['TECSINAPSE', 'MONTADORA']);

  // The library: a public tree (Manuais, and Motor inside it) read by a group of A's manufacturer,
  // and a private tree of the staff. Downloads in March by A's and B's dealer staff, one in April.
  manuais = await pasta('Manuais', kit.staffId, null, true);
  motor = await pasta('Motor', kit.staffId, manuais.id, true);
  privada = await pasta('Privada', kit.staffId, null, false);
  const [g] = await kit.db
    .insert(s.gruposUsuarios)
    .values({ nome: kit.unique('Leitores'), publico: false, criadorId: kit.staffId, possuiUsuariosManuais: true })
    .returning();
  await kit.db.insert(s.grupoUsuariosManuais).values({ grupoUsuariosId: g!.id, usuarioId: montadoraA.id });
  await kit.db
    .insert(s.bibliotecaPermissoes)
    .values({ pastaId: manuais.id, grupoUsuariosId: g!.id, permissao: 'LEITURA' });
  f.manual = await arquivo('Manual.pdf', manuais.id, 100, '2026-01-10T10:00:00Z');
  f.motor = await arquivo('Motor.pdf', motor.id, 300, '2026-01-05T10:00:00Z');
  f.segredo = await arquivo('Segredo.pdf', privada.id, 1000, '2026-01-01T10:00:00Z');
  await baixar(f.manual, equipeA, '2026-03-02T12:00:00Z', 2);
  await baixar(f.manual, equipeB, '2026-03-03T12:00:00Z');
  await baixar(f.motor, equipeA, '2026-03-10T12:00:00Z');
  await baixar(f.segredo, equipeA, '2026-03-10T13:00:00Z');
  await baixar(f.manual, equipeA, '2026-04-02T12:00:00Z');

  // Imports: A's manufacturer's and B's in March, the staff's in March, A's again in April.
  const importar = (autorId: number, nomeArquivo: string, quando: string, linhas: number[]) =>
    kit.db.insert(s.importacoes).values({
      autorId,
      idioma: 'PT_BR',
      nomeArquivo,
      chave: `importacoes/${kit.unique('k')}`,
      tamanho: 1000,
      sha256: kit.unique('sha'),
      status: 'FINISHED',
      total: linhas[0],
      criados: linhas[1],
      atualizados: linhas[2],
      erros: linhas[3],
      createdAt: new Date(quando),
    });
  await importar(montadoraA.id, 'rede-a.xlsx', '2026-03-05T10:00:00Z', [10, 6, 3, 1]);
  await importar(montadoraB.id, 'rede-b.xlsx', '2026-03-06T10:00:00Z', [5, 5, 0, 0]);
  await importar(kit.staffId, 'provedor.xlsx', '2026-03-07T10:00:00Z', [2, 0, 0, 2]);
  await importar(montadoraA.id, 'abril.xlsx', '2026-04-05T10:00:00Z', [7, 7, 0, 0]);
  const job = (fila: string, autorId: number | null, status: string, inicio: string, segundos: number) =>
    kit.db.insert(s.jobs).values({
      fila,
      autorId,
      status,
      createdAt: new Date(inicio),
      iniciadoEm: new Date(inicio),
      concluidoEm: new Date(new Date(inicio).getTime() + segundos * 1000),
    });
  await job('importarUsuarios', montadoraA.id, 'CONCLUIDO', '2026-03-05T10:00:00Z', 2);
  await job('importarUsuarios', montadoraA.id, 'ERRO', '2026-03-05T11:00:00Z', 1);
  await job('importarUsuarios', montadoraB.id, 'CONCLUIDO', '2026-03-06T10:00:00Z', 4);
  await job('limpezaArquivos', null, 'CONCLUIDO', '2026-03-08T03:00:00Z', 10);
});

describe('the library usage report', () => {
  it('a library manager (the staff) sees every file and every download of the period', async () => {
    const r = await biblioteca(kit.staff);
    const [direto] = (
      await kit.db.execute<{ n: number; u: number }>(sql`select count(*)::int as n, count(distinct usuario_id)::int as u
        from biblioteca_downloads where created_at >= '2026-03-01' and created_at < '2026-04-01'`)
    ).rows;
    expect(r).toMatchObject({ arquivos: 3, bytes: 1400, downloads: direto!.n, usuarios: direto!.u });
    expect(r.downloads).toBe(5);
    expect(r.pastas).toEqual([
      { id: String(manuais.id), nome: manuais.nome, arquivos: 2, bytes: 400, downloads: 4 },
      { id: String(privada.id), nome: privada.nome, arquivos: 1, bytes: 1000, downloads: 1 },
    ]);
    // Every week the period touches, by its Monday (March 1 is a Sunday): March 2 (3 downloads, 2
    // users) and March 9 (2, 1); the quiet ones with zeros, so the chart's line does not skip them.
    const nada = (semana: string) => ({ semana, downloads: 0, usuarios: 0 });
    expect(r.semanas).toEqual([
      nada('2026-02-23'),
      { semana: '2026-03-02', downloads: 3, usuarios: 2 },
      { semana: '2026-03-09', downloads: 2, usuarios: 1 },
      nada('2026-03-16'),
      nada('2026-03-23'),
      nada('2026-03-30'),
    ]);
    expect(r.maisBaixados.map((a) => [a.nome, a.downloads])).toEqual([
      ['Manual.pdf', 3],
      ['Motor.pdf', 1],
      ['Segredo.pdf', 1],
    ]);
    // The least downloaded: fewest first, then the oldest file.
    expect(r.menosBaixados.map((a) => a.nome)).toEqual(['Segredo.pdf', 'Motor.pdf', 'Manual.pdf']);
  });

  it("a manufacturer sees the tree their group reads and their brand's downloads only, as counted in SQL", async () => {
    const r = await biblioteca(montadoraA.token);
    const [direto] = (
      await kit.db.execute<{ n: number }>(sql`select count(*)::int as n from biblioteca_downloads d
        join usuarios u on u.id = d.usuario_id
        where d.item_id in (${f.manual}, ${f.motor}) and d.created_at >= '2026-03-01' and d.created_at < '2026-04-01'
          and (u.id = ${montadoraA.id} or (u.tipo in ('MONTADORA', 'DEALER_GRUPO') and u.marcas_efetivas && array[${m.a.id}]::int[]))`)
    ).rows;
    expect(r).toMatchObject({ arquivos: 2, bytes: 400, downloads: direto!.n, usuarios: 1 });
    expect(r.downloads).toBe(3);
    expect(r.pastas.map((p) => [p.nome, p.arquivos, p.downloads])).toEqual([[manuais.nome, 2, 3]]);
    expect(r.maisBaixados).toEqual([
      { id: String(f.manual), nome: 'Manual.pdf', pasta: manuais.nome, downloads: 2 },
      expect.objectContaining({ nome: 'Motor.pdf', downloads: 1 }),
    ]);
    expect(JSON.stringify(r)).not.toContain('Segredo');
    expect(JSON.stringify(r)).not.toContain(privada.nome);
  });

  it("filters downloads by dealer and brand; another brand's filter and a reader of nothing give nothing", async () => {
    expect(await biblioteca(montadoraA.token, { dealerId: d.a1.id })).toMatchObject({ downloads: 3 });
    expect(await biblioteca(montadoraA.token, { marcaId: m.b.id })).toMatchObject({ arquivos: 2, downloads: 0 });
    expect(await biblioteca(kit.staff, { marcaId: m.b.id })).toMatchObject({ downloads: 1, usuarios: 1 });
    expect(await biblioteca(montadoraB.token)).toMatchObject({ arquivos: 0, downloads: 0, pastas: [] });
  });

  it('exports the folders and files in the caller scope to CSV', async () => {
    const { status, linhas } = await exportarCsv(
      kit.portal,
      'relatorioBiblioteca',
      { slug: 'uso-biblioteca', ...PERIODO },
      montadoraA.token,
    );
    expect(status).toBe(200);
    expect(linhas[0]).toBe('Nível;Nome;Pasta;Arquivos;Tamanho (bytes);Downloads;Usuários que baixaram');
    // The weeks as the screen shows them, after the folders and files.
    const { semanas, ...totais } = await biblioteca(montadoraA.token, PERIODO);
    expect(semanas.length).toBeGreaterThan(0);
    expect(linhas.slice(1)).toEqual([
      // The totals first, as the screen's figures.
      `Total;;;${totais.arquivos};${totais.bytes};${totais.downloads};${totais.usuarios}`,
      `Pastas;${manuais.nome};;2;400;3;`,
      `Mais baixados;Manual.pdf;${manuais.nome};;;2;`,
      `Mais baixados;Motor.pdf;${motor.nome};;;1;`,
      `Menos baixados;Motor.pdf;${motor.nome};;;1;`,
      `Menos baixados;Manual.pdf;${manuais.nome};;;2;`,
      ...semanas.map((w) => `Downloads por semana;${w.semana};;;;${w.downloads};${w.usuarios}`),
    ]);
    expect(semanas.reduce((n, w) => n + w.downloads, 0)).toBe(3);
  });
  it("a manufacturer's library manager counts its brand's users' folders, never another brand's", async () => {
    // A private tree of A's manufacturer (no key) and one of B's, each with a file downloaded in March:
    // A's manager manages A's users' folders (the library's rule), so the report counts A's tree only.
    const [gestorA, gestorB] = await Promise.all(
      [m.a.id, m.b.id].map((marca) =>
        kit.caller({ tipo: 'MONTADORA', marca, funcionalidades: ['PORTAL_GERENCIAR_BIBLIOTECA'] }),
      ),
    );
    const deA = await pasta('De A', montadoraA.id, null, false);
    const deB = await pasta('De B', montadoraB.id, null, false);
    await baixar(
      await arquivo('Metas A.pdf', deA.id, 50, '2026-02-01T10:00:00Z'),
      montadoraA.id,
      '2026-03-20T10:00:00Z',
    );
    await baixar(
      await arquivo('Metas B.pdf', deB.id, 70, '2026-02-01T10:00:00Z'),
      montadoraB.id,
      '2026-03-20T10:00:00Z',
    );

    const a = await biblioteca(gestorA!.token);
    expect(a).toMatchObject({ arquivos: 1, bytes: 50 });
    expect(a.pastas.map((p) => [p.nome, p.arquivos, p.downloads])).toEqual([[deA.nome, 1, 1]]);
    expect(JSON.stringify(a)).not.toContain(deB.nome);
    expect(JSON.stringify(a)).not.toContain(privada.nome);
    const b = await biblioteca(gestorB!.token);
    expect(b.pastas.map((p) => [p.nome, p.arquivos, p.downloads])).toEqual([[deB.nome, 1, 1]]);
  });
  it("counts a day in the portal's time zone (Brasília): a download at 23:30 there on May 31 is May's", async () => {
    const dia = await pasta('Dia', kit.staffId, null, true);
    const item = await arquivo('Dia.pdf', dia.id, 10, '2026-05-01T10:00:00Z');
    const leitor = (await kit.usuario({ tipo: 'DEALER_GRUPO', dealer: d.a1.id })).id;
    await baixar(item, leitor, '2026-05-31T12:00:00Z'); // 09:00 on May 31 in Brasília
    await baixar(item, leitor, '2026-06-01T02:30:00Z'); // 23:30 on May 31 in Brasília (June 1 in UTC)
    await baixar(item, leitor, '2026-06-01T03:30:00Z'); // 00:30 on June 1 in Brasília
    const r = await biblioteca(kit.staff, { inicio: '2026-05-31', fim: '2026-05-31' });
    expect(r).toMatchObject({ downloads: 2, usuarios: 1 });
    // May 31, 2026 is a Sunday: both downloads fall in the week that began on Monday, May 25.
    expect(r.semanas).toEqual([{ semana: '2026-05-25', downloads: 2, usuarios: 1 }]);
  });
});

describe('the imports and jobs report', () => {
  it("a manufacturer sees their brand's imports and job runs of the period", async () => {
    const r = await importacoes(montadoraA.token);
    expect(r).toMatchObject({ importacoes: 1, linhas: 10, criados: 6, atualizados: 3, recusados: 1 });
    expect(r.lista).toEqual([
      {
        nomeArquivo: 'rede-a.xlsx',
        autor: expect.stringContaining('Ana Montadora'),
        status: 'FINISHED',
        total: 10,
        criados: 6,
        atualizados: 3,
        recusados: 1,
      },
    ]);
    expect(r.filas).toEqual([
      {
        fila: 'importarUsuarios',
        execucoes: 2,
        concluidas: 1,
        falhas: 1,
        emAndamento: 0,
        taxaFalhas: 0.5,
        duracaoMedia: 2,
      },
    ]);
  });

  it('the staff see every import and the scheduled runs; a brand filter narrows to its authors', async () => {
    const r = await importacoes(kit.staff);
    const [direto] = (
      await kit.db.execute<{ n: number; linhas: number }>(sql`select count(*)::int as n, sum(total)::int as linhas
        from importacoes where created_at >= '2026-03-01' and created_at < '2026-04-01'`)
    ).rows;
    expect(r).toMatchObject({ importacoes: direto!.n, linhas: direto!.linhas });
    expect(r.importacoes).toBe(3);
    expect(r.lista.map((i) => i.nomeArquivo)).toEqual(['provedor.xlsx', 'rede-b.xlsx', 'rede-a.xlsx']);
    expect(r.filas.map((q) => [q.fila, q.execucoes, q.falhas])).toEqual([
      ['importarUsuarios', 3, 1],
      ['limpezaArquivos', 1, 0],
    ]);
    const soB = await importacoes(kit.staff, { marcaId: m.b.id });
    expect(soB.lista.map((i) => i.nomeArquivo)).toEqual(['rede-b.xlsx']);
    expect(soB.filas.map((q) => [q.fila, q.execucoes])).toEqual([['importarUsuarios', 1]]);
  });

  it('lists the newest 100 imports on the screen and every one in the export, the totals counting all', async () => {
    const JUNHO = { inicio: '2025-06-01', fim: '2025-06-30' };
    await kit.db.execute(sql`insert into importacoes (autor_id, idioma, nome_arquivo, chave, tamanho, sha256, status,
        total, criados, atualizados, erros, created_at)
      select ${montadoraA.id}, 'PT_BR', 'junho-' || g || '.xlsx', 'importacoes/junho-' || g, 1000, 'junho-sha-' || g,
        'FINISHED', 2, 1, 1, 0, '2025-06-10T10:00:00Z'::timestamptz + g * interval '1 minute'
      from generate_series(1, 120) g`);
    const r = await importacoes(montadoraA.token, JUNHO);
    expect(r).toMatchObject({ importacoes: 120, linhas: 240 });
    expect(r.lista).toHaveLength(100);
    expect(r.lista[0]!.nomeArquivo).toBe('junho-120.xlsx');
    const { status, linhas } = await exportarCsv(
      kit.portal,
      'relatorioImportacoes',
      { slug: 'importacoes', ...JUNHO },
      montadoraA.token,
    );
    expect(status).toBe(200);
    expect(linhas[1]).toBe('Total;;120;;;;240;120;120;0;;;;;;');
    expect(linhas.filter((l) => l.includes(';junho-'))).toHaveLength(120);
  });

  it('refuses the figures and the export to a dealer the definition excludes', async () => {
    const r = await gql(kit.portal, IMPORTACOES, { f: { slug: 'importacoes', ...PERIODO } }, dealerA.token);
    expect(errorCode(r)).toBe('FORBIDDEN');
    const filtro = encodeURIComponent(JSON.stringify({ slug: 'importacoes', ...PERIODO }));
    const url = `${kit.portal.url}/api/exportar/relatorioImportacoes?formato=csv&filtro=${filtro}`;
    expect((await fetch(url, { headers: { authorization: `Bearer ${dealerA.token}` } })).status).toBe(403);
    const res = await fetch(url, { headers: { authorization: `Bearer ${montadoraA.token}` } });
    const linhas = (await res.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    // The totals, the import, then the job runs by queue, as on the screen (the failure rate in %).
    expect(linhas).toEqual([
      'Nível;Nome;Importações;Autor;Enviado em;Status;Linhas;Criados;Atualizados;Recusados;Execuções;Concluídas;Falhas;' +
        'Na fila ou em execução;Taxa de falhas (%);Duração média (s)',
      'Total;;1;;;;10;6;3;1;;;;;;',
      expect.stringMatching(
        /^Importações \(mais recentes primeiro\);rede-a\.xlsx;;.*Ana Montadora.*;2026-03-05T10:00:00\.000Z;Concluída;10;6;3;1;;;;;;$/,
      ),
      'Tarefas em segundo plano;Importação de usuários;;;;;;;;;2;1;1;0;50;2',
    ]);
  });
});
