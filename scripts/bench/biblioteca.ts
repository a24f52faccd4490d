import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { buscaBibliotecaSchema, itensPorPastaSchema } from '../../domain/schemas/biblioteca';
import { OPERATIONS } from '../../domain/operations';
import { leitorDe } from '../../server/features/biblioteca/acesso';
import { busca, itensDaPasta } from '../../server/features/biblioteca/queries';
import { DEMO, signIn } from '../../tests/api/portal';
import { graphqlCaller, percentile, sampleInterleaved, type Row } from './report';
import { inProcessPortal } from './serverProcess';
import { sessionOf } from './session';

// The virtual library (issue #29), on the demo data plus, set-based:
// (a) a public folder of 2,000 items (200 subfolders, every tenth with groups of its own, and 1,800
//     files) shared with 25 user groups, 20 of which reach the demo dealer user: the first page
//     (100 items, folders first) with the caller's permission on each and the exact total;
// (b) 10,000 indexed files (two chunks of text each) in 50 folders, half of them shared with the
//     dealer user: a search by a word inside ~1% of the files (every 97th, spread over the folders), first page of 10 and the exact count.
// Each through the API, against the same query function called directly, and against the bare SQL
// (the same rows without any permission: what the permissions cost) in the same run.

const GOAL_LISTA_MS = 30;
const GOAL_BUSCA_MS = 50;
const SAMPLING = { samples: 200, minSamples: 30, budgetMs: 8_000, warmup: 10 };

const { itens: ITENS_OP, busca: BUSCA_OP } = OPERATIONS.biblioteca.queries;
const ITENS = `query($id: ID, $f: ItensPorPastaFilterInput) { itemsPorPasta(idPasta: $id, filterInput: $f) { ${ITENS_OP.fields} } }`;
const BUSCA = `query($f: BuscaBibliotecaFilterInput!) { buscaBibliotecaPage(filterInput: $f) { ${BUSCA_OP.fields} } }`;

const PALAVRAS = `motor freio pneu revisão garantia concessionária peça óleo filtro bateria suspensão direção
  embreagem câmbio injeção manutenção preventiva corretiva oficina técnico cliente veículo modelo versão
  procedimento norma segurança elétrico painel sensor diagnóstico recall campanha estoque pedido fatura`
  .split(/\s+/)
  .filter(Boolean);
const RARA = 'turbocompressor';

function report(label: string, times: Record<'api' | 'direct' | 'bare', number[]>, goal: number, note: string): Row[] {
  const p = (xs: number[], q: number) => percentile(xs, q);
  const ms = (v: number) => v.toFixed(1);
  return [
    {
      case: `${label}: API p95`,
      value: p(times.api, 95),
      unit: 'ms',
      goal: `< ${goal}`,
      note: `p50 ${ms(p(times.api, 50))}; ${note}; ${times.api.length} samples`,
    },
    {
      case: `${label}: query p95 (the API's SQL, called directly)`,
      value: p(times.direct, 95),
      unit: 'ms',
      note: `p50 ${ms(p(times.direct, 50))}`,
    },
    {
      case: `${label}: API / bare SQL p95`,
      value: p(times.api, 95) / p(times.bare, 95),
      unit: 'x',
      note: `bare SQL (same rows, no permissions) p95 ${ms(p(times.bare, 95))}, p50 ${ms(p(times.bare, 50))}`,
    },
  ];
}

export async function bibliotecaBench(): Promise<Row[]> {
  const { database, port, config, app } = await inProcessPortal({ SEED_DEMO: 'true' });
  const rows: Row[] = [];
  try {
    await app.app.listen({ port, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${port}`;
    const { db } = app.database;
    const leitor = await sessionOf(db, DEMO.dealer);
    const gestor = await sessionOf(db, DEMO.super);
    const started = performance.now();

    // 25 user groups of manual users (20 reach the dealer user), each with 40 other users.
    const { rows: grupos } = await db.execute<{ id: number }>(sql`insert into grupos_usuarios
        (nome, publico, criador_id, possui_usuarios_manuais)
      select 'Bench biblioteca ' || g, false, ${gestor.usuarioId}, true from generate_series(1, 25) g returning id`);
    const ids = grupos.map((g) => Number(g.id)).sort((a, b) => a - b);
    await db.execute(sql`insert into grupo_usuarios_manuais (grupo_usuarios_id, usuario_id)
      select g, u.id from unnest(${sql.param(ids)}::int[]) g, lateral (select id from usuarios
        where id <> ${leitor.usuarioId} order by random() limit 40) u`);
    await db.execute(sql`insert into grupo_usuarios_manuais (grupo_usuarios_id, usuario_id)
      select g, ${leitor.usuarioId} from unnest(${sql.param(ids.slice(0, 20))}::int[]) g`);

    // (a) The folder of 2,000 items.
    const {
      rows: [pasta],
    } = await db.execute<{ id: number }>(sql`insert into biblioteca_itens (nome, is_pasta, proprietario_id, publico)
      values ('Bench pasta grande', true, ${gestor.usuarioId}, true) returning id`);
    const pastaId = Number(pasta!.id);
    await db.execute(sql`insert into biblioteca_permissoes (pasta_id, grupo_usuarios_id, permissao)
      select ${pastaId}, g, case when g % 2 = 0 then 'LEITURA' else 'LEITURA_ESCRITA' end from unnest(${sql.param(ids)}::int[]) g`);
    await db.execute(sql`insert into biblioteca_itens (nome, is_pasta, pasta_pai_id, proprietario_id, publico)
      select 'Subpasta ' || lpad(g::text, 4, '0'), true, ${pastaId}, ${gestor.usuarioId}, true from generate_series(1, 200) g`);
    await db.execute(sql`insert into biblioteca_permissoes (pasta_id, grupo_usuarios_id, permissao)
      select i.id, ${ids[21]!}, 'LEITURA_ESCRITA' from biblioteca_itens i where i.pasta_pai_id = ${pastaId} and i.is_pasta and i.id % 10 = 0`);
    const arquivos = (
      n: number,
      prefixo: string,
    ) => sql`insert into arquivos (chave, nome, tipo_mime, tamanho, sha256, autor_id)
      select 'biblioteca/' || gen_random_uuid(), ${prefixo} || g || '.pdf', 'application/pdf', 1000 + g, md5(g::text), ${gestor.usuarioId}
      from generate_series(1, ${n}) g returning id, nome`;
    await db.execute(sql`with a as (${arquivos(1800, 'Documento ')})
      insert into biblioteca_itens (nome, is_pasta, pasta_pai_id, arquivo_id, proprietario_id, publico)
      select a.nome, false, ${pastaId}, a.id, ${gestor.usuarioId}, true from a`);

    // (b) 10,000 indexed files in 50 folders, half shared with 5 of the dealer user's groups.
    await db.execute(sql`insert into biblioteca_itens (nome, is_pasta, proprietario_id, publico)
      select 'Bench busca ' || lpad(g::text, 2, '0'), true, ${gestor.usuarioId}, g % 2 = 0 from generate_series(1, 50) g`);
    await db.execute(sql`insert into biblioteca_permissoes (pasta_id, grupo_usuarios_id, permissao)
      select i.id, g, 'LEITURA' from biblioteca_itens i, unnest(${sql.param(ids.slice(0, 5))}::int[]) g
      where i.nome like 'Bench busca %' and i.publico`);
    await db.execute(sql`with a as (${arquivos(10_000, 'Arquivo ')}), numerados as (
        select a.id, a.nome, row_number() over (order by a.id) as n from a)
      insert into biblioteca_itens (nome, is_pasta, pasta_pai_id, arquivo_id, proprietario_id, publico)
      select n.nome, false, p.id, n.id, ${gestor.usuarioId}, p.publico from numerados n
      join biblioteca_itens p on p.nome = 'Bench busca ' || lpad((1 + n.n % 50)::text, 2, '0')`);
    const texto = (
      n: number,
    ) => sql`(select string_agg((${sql.param(PALAVRAS)}::text[])[1 + floor(random() * ${PALAVRAS.length})::int], ' ')
      from generate_series(1, ${n} + (a.id % 3)))`;
    await db.execute(sql`insert into biblioteca_trechos (arquivo_id, ordem, texto)
      select a.id, o, ${texto(120)} || case when o = 2 and a.id % 97 = 0 then ' ' || ${RARA} else '' end
      from biblioteca_itens i join arquivos a on a.id = i.arquivo_id, generate_series(1, 2) o
      where i.pasta_pai_id in (select id from biblioteca_itens where nome like 'Bench busca %')`);
    await db.execute(sql`vacuum analyze biblioteca_itens`);
    await db.execute(sql`vacuum analyze biblioteca_trechos`);
    await db.execute(sql`analyze biblioteca_permissoes`);
    const {
      rows: [contagem],
    } = await db.execute<{ itens: number; trechos: number }>(sql`select
      (select count(*)::int from biblioteca_itens) as itens, (select count(*)::int from biblioteca_trechos) as trechos`);
    rows.push({
      case: `library data set: ${Number(contagem!.itens).toLocaleString('en')} items, ${Number(contagem!.trechos).toLocaleString('en')} text chunks (set-based)`,
      value: (performance.now() - started) / 1000,
      unit: 's',
      note: app.database.kind,
    });

    const load = loadavg()[0];
    const call = graphqlCaller(url, (await signIn({ ...app, url, config }, DEMO.dealer)).access_token);
    const l = leitorDe(leitor);

    // (a)
    const f = { page: 0, rowsPerPage: 100 };
    const lista = itensPorPastaSchema.parse({ ...f, idPasta: pastaId });
    type Page = { content: { id: string }[]; totalElements: number };
    const listaApi = async () => (await call<{ itemsPorPasta: Page }>(ITENS, { id: pastaId, f })).itemsPorPasta;
    const listaDireta = () => itensDaPasta(db, l, lista);
    const listaNua = () =>
      db.execute(sql`select i.id, i.nome, i.is_pasta, i.updated_at, a.tamanho, a.tipo_mime,
          (select count(*) from biblioteca_itens c where c.pasta_pai_id = ${pastaId}) as total
        from biblioteca_itens i left join arquivos a on a.id = i.arquivo_id where i.pasta_pai_id = ${pastaId}
        order by i.is_pasta desc, fold(i.nome), i.id limit 100`);
    const [viaApi, direta] = [await listaApi(), await listaDireta()];
    if (viaApi.totalElements !== 2000 || direta.totalElements !== 2000 || viaApi.content.length !== 100)
      throw new Error(`listing: expected 2,000 items, got ${viaApi.totalElements} / ${direta.totalElements}`);
    rows.push(
      ...report(
        'library folder of 2,000 items, first page of 100 with permissions, user in 20 groups',
        await sampleInterleaved({ api: listaApi, direct: listaDireta, bare: listaNua }, SAMPLING),
        GOAL_LISTA_MS,
        '25 groups on the folder, 20 subfolders with their own',
      ),
    );

    // (b)
    const filtro = { busca: RARA, page: 0, rowsPerPage: 10 };
    const consulta = buscaBibliotecaSchema.parse(filtro);
    const buscaApi = async () => (await call<{ buscaBibliotecaPage: Page }>(BUSCA, { f: filtro })).buscaBibliotecaPage;
    const buscaDireta = () => busca(db, l, consulta);
    const buscaNua = () =>
      db.execute(sql`with q as (select websearch_to_tsquery('biblioteca_pt', ${RARA}) as q),
          m as (select distinct t.arquivo_id from biblioteca_trechos t, q where t.documento @@ q.q)
        select (select count(*) from m) as total, i.id, i.nome from m join biblioteca_itens i on i.arquivo_id = m.arquivo_id
        order by fold(i.nome) limit 10`);
    const [buscaVia, buscaDir] = [await buscaApi(), await buscaDireta()];
    if (buscaVia.totalElements !== buscaDir.totalElements || buscaVia.totalElements === 0) {
      throw new Error(`search: API ${buscaVia.totalElements}, direct ${buscaDir.totalElements}`);
    }
    rows.push(
      ...report(
        `library content search over 10,000 indexed files, ${buscaVia.totalElements} readable matches`,
        await sampleInterleaved({ api: buscaApi, direct: buscaDireta, bare: buscaNua }, SAMPLING),
        GOAL_BUSCA_MS,
        'first page of 10 with snippets, exact count',
      ),
    );
    rows.push({
      case: 'library: machine load when timing started',
      value: load,
      unit: `/ ${cpus().length} CPUs`,
      note: '1-min load average; figures above inflate with it',
    });
  } finally {
    await app.close();
    await database.drop();
  }
  return rows;
}
