import { sql } from 'drizzle-orm';
import { BIBLIOTECA_RECENTES } from '../../domain/biblioteca';
import { OPERATIONS } from '../../domain/operations';
import { batchedQuery } from '../../providers/dataProvider/batch';
import { DEMO, signIn } from '../../tests/api/portal';
import { graphqlCaller, percentile, sampleInterleaved, type Row } from './report';
import { inProcessPortal } from './serverProcess';
import { sessionOf } from './session';

// The home page's API calls (issue #30) for a dealer user in 20 user groups, with 200 slides and
// 200 adverts shown to those groups (half within their period) and 5,000 deliveries of their own:
// each block's query alone and the one document the page sends (all blocks), p95 of each.
// On the database of the run (DATABASE_URL, else PGlite).

const GOAL_P95_MS = 20;
const GRUPOS = 20;
const SLIDES = 200;
const ANUNCIOS = 200;
const ENVIOS = 5_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export async function homeBench(samples = 200): Promise<Row[]> {
  const { database, port, config, app } = await inProcessPortal({ SEED_DEMO: 'true' }, process.env.DATABASE_URL);
  const kind = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const rows: Row[] = [];
  try {
    await app.app.listen({ port, host: '127.0.0.1' });
    const portal = { ...app, url: `http://127.0.0.1:${port}`, config };
    const { db } = app.database;
    const leitor = await sessionOf(db, DEMO.dealer);
    const autor = await sessionOf(db, DEMO.montadora);

    // One uploaded image for every slide and advert (through the upload route, as the screens do).
    const tokenAutor = (await signIn(portal, DEMO.montadora)).access_token;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'banner.png');
    const upload = await fetch(`${portal.url}/api/vitrine/imagens?tipo=SLIDE`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenAutor}` },
      body: form,
    });
    if (upload.status !== 201) throw new Error(`image upload: HTTP ${upload.status}`);
    const arquivoId = Number(((await upload.json()) as { id: string }).id);

    const started = performance.now();
    // The reader's 20 groups (manual membership), set-based.
    await db.execute(sql`with g as (
        insert into grupos_usuarios (nome, criador_id, possui_usuarios_manuais)
        select 'Bench home ' || n, ${autor.usuarioId}, true from generate_series(1, ${GRUPOS}) n returning id)
      insert into grupo_usuarios_manuais (grupo_usuarios_id, usuario_id) select id, ${leitor.usuarioId} from g`);
    const periodo = (n: string) =>
      sql.raw(`case when ${n} % 2 = 0 then now() - interval '1 day' else now() + interval '1 day' end,
        case when ${n} % 2 = 0 then now() + interval '1 day' else now() + interval '2 days' end`);
    await db.execute(sql`with s as (
        insert into slides (titulo, cor_titulo, tamanho_titulo, cor_subtitulo, tamanho_subtitulo, inicio, fim,
          arquivo_id, ordem, autor_id)
        select 'Slide ' || n, '#FFFFFF', 40, '#FFFFFF', 20, ${periodo('n')}, ${arquivoId}, n, ${autor.usuarioId}
        from generate_series(1, ${SLIDES}) n returning id)
      insert into slide_grupos (slide_id, grupo_usuarios_id)
      select s.id, g.id from s join lateral (select id from grupos_usuarios where nome like 'Bench home %'
        order by id offset (s.id % ${GRUPOS}) limit 1) g on true`);
    await db.execute(sql`with a as (
        insert into anuncios (titulo, inicio, fim, arquivo_id, autor_id)
        select 'Anuncio ' || n, ${periodo('n')}, ${arquivoId}, ${autor.usuarioId}
        from generate_series(1, ${ANUNCIOS}) n returning id)
      insert into anuncio_grupos (anuncio_id, grupo_usuarios_id)
      select a.id, g.id from a join lateral (select id from grupos_usuarios where nome like 'Bench home %'
        order by id offset (a.id % ${GRUPOS}) limit 1) g on true`);
    await db.execute(sql`with c as (
        insert into comunicados (estado, titulo, mensagem, autor_id, remetente_id, enviado_em)
        select 'ENVIADO', 'Comunicado ' || n, '<p>Texto ' || n || '</p>', ${autor.usuarioId}, ${autor.usuarioId},
          now() - (${ENVIOS} - n) * interval '1 hour'
        from generate_series(1, ${ENVIOS}) n returning id)
      insert into comunicado_envios (usuario_id, comunicado_id) select ${leitor.usuarioId}, id from c order by id`);
    await db.execute(sql`analyze`);
    rows.push({
      case: `${kind}: home data set (set-based)`,
      value: (performance.now() - started) / 1000,
      unit: 's',
      note: `${GRUPOS} groups, ${SLIDES} slides, ${ANUNCIOS} adverts, ${ENVIOS.toLocaleString('en')} deliveries`,
    });

    const call = graphqlCaller(portal.url, (await signIn(portal, DEMO.dealer)).access_token);
    const {
      rows: [marca],
    } = await db.execute<{ id: number }>(
      sql`select marca_id as id from usuario_marcas um join marcas m on m.id = um.marca_id
        where um.usuario_id = ${leitor.usuarioId} order by m.nome limit 1`,
    );
    const data: Record<string, Record<string, unknown>> = {
      slides: {},
      anuncio: {},
      comunicados: {},
      arquivos: { quantidade: BIBLIOTECA_RECENTES },
      redesSociais: { marca: marca ? String(marca.id) : null },
    };
    const names = Object.keys(data) as (keyof typeof OPERATIONS.home.queries)[];
    const one = (name: (typeof names)[number]) => batchedQuery(OPERATIONS, 'home', [{ name, data: data[name] }]);
    const all = batchedQuery(
      OPERATIONS,
      'home',
      names.map((name) => ({ name, data: data[name] })),
    );
    const check = (await call<Record<string, unknown>>(all.query, all.variables)) as Record<string, unknown[]>;
    const slides = check[all.aliases[0]] as unknown[];
    if (!Array.isArray(slides) || slides.length === 0) throw new Error('home: the dealer sees no slide');
    const runs = Object.fromEntries([
      ...names.map((name) => {
        const q = one(name);
        return [name, () => call(q.query, q.variables)] as const;
      }),
      ['document', () => call(all.query, all.variables)] as const,
    ]) as Record<string, () => Promise<unknown>>;
    const times = await sampleInterleaved(runs, { samples, minSamples: 30, budgetMs: 15_000, warmup: 10 });
    const ops = OPERATIONS.home.queries;
    for (const [name, values] of Object.entries(times)) {
      const p95 = percentile(values, 95);
      const what =
        name === 'document' ? 'the whole home document (5 fields)' : ops[name as (typeof names)[number]].operation;
      rows.push({
        case: `${kind}: home ${what}, p95`,
        value: p95,
        unit: 'ms',
        goal: `< ${GOAL_P95_MS}`,
        note: `${values.length} samples${name === 'slides' ? `, ${slides.length} slides on display` : ''}${
          p95 < GOAL_P95_MS ? '' : ' (MISSED)'
        }`,
      });
    }
  } finally {
    await app.close();
    await database.drop();
  }
  return rows;
}
