import { cpus, loadavg } from 'node:os';
import type { TipoUsuario } from '../../domain/enums';
import { dealerFilterSchema } from '../../domain/schemas/dealer';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { listDealers } from '../../server/features/dealers/queries';
import { DEMO, freePort, signIn } from '../../tests/api/portal';
import { seedScale, SCALE } from '../seed-scale';
import { percentile, type Row } from './report';
import { freshDatabase } from './serverProcess';
import { sessionOf } from './session';

// The dealers list at national scale (issue #4): search + first page + total, with the scale data
// set loaded, through the API (real HTTP on a listening port, bearer token, GraphQL) and through the
// same query function called directly on the database. The "direct" figure calls listDealers with
// a Session, so both sides run the very same SQL (including the follow-up count query when there
// is one) and the same row mapping; the ratio is then the cost of HTTP, authentication and GraphQL.

const QUERY = `query Dealers($filterInput: DealerFilterInput!) {
  dealers(filterInput: $filterInput) {
    content { id nomeExibicao razaoSocial cnpj codigos cidade estado active
      marcas { id nome } grupos { id nome } totalUsuarios }
    totalElements
  }
}`;

/** Empty search, a city, a code prefix and a name fragment (lower case, as people type). */
const BUSCAS = ['', 'Campinas', 'C012', 'ferreira'];
const GOAL_MS = 25;
const GOAL_RATIO = 2;
/** Warm-up rounds per case, within a time budget (slow cases need few to settle). */
const WARMUP = 20;
const WARMUP_BUDGET_MS = 2_000;
/** At least this many samples per case, then up to `samples` while the case's time budget lasts. */
const MIN_SAMPLES = 30;
const CASE_BUDGET_MS = 10_000;

interface DealerPage {
  content: { id: string }[];
  totalElements: number;
}

const ms = (value: number) => value.toFixed(1);

export async function dealersList(samples = 200): Promise<Row[]> {
  const database = await freshDatabase();
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    SERVE_CLIENT: 'false',
    LOG_LEVEL: 'warn',
    ACCESS_TOKEN_TTL: '3600',
    ...database.env,
  });
  const app = await buildApp(config);
  const rows: Row[] = [];
  try {
    await app.app.listen({ port, host: '127.0.0.1' });
    const portal = { ...app, url: `http://127.0.0.1:${port}`, config };
    const { db } = app.database;

    const seed = await seedScale(db);
    const { counts } = seed;
    rows.push({
      case: `scale seed (${SCALE.dealers.toLocaleString('en')} dealers, ${SCALE.usuarios.toLocaleString('en')} users)`,
      value: seed.ms / 1000,
      unit: 's',
      note: `${counts.dealers} dealers, ${counts.usuarios} users, ${counts.marcas} brands, ${counts.grupos} groups, ${counts.usuario_dealers} user-dealer links`,
    });

    const callers: [TipoUsuario, string][] = [
      ['TECSINAPSE', DEMO.super],
      ['MONTADORA', DEMO.montadora],
    ];
    const load = loadavg()[0];
    for (const [tipo, email] of callers) {
      const token = (await signIn(portal, email)).access_token;
      const session = await sessionOf(db, email);
      for (const busca of BUSCAS) {
        const filterInput = { busca, page: 0, rowsPerPage: 10 };
        const filter = dealerFilterSchema.parse(filterInput);
        const body = JSON.stringify({ query: QUERY, variables: { filterInput } });
        const viaApi = async () => {
          const response = await fetch(`${portal.url}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body,
          });
          const result = (await response.json()) as { data?: { dealers: DealerPage }; errors?: unknown };
          if (!result.data) throw new Error(`dealers query failed: ${JSON.stringify(result.errors)}`);
          return result.data.dealers;
        };
        const direct = () => listDealers(db, session, filter);

        // Both sides must answer the same page before their times are compared.
        const [fromApi, fromDb] = [await viaApi(), await direct()];
        const ids = (page: { content: { id: string | number }[] }) => page.content.map((d) => String(d.id)).join();
        if (fromApi.totalElements !== fromDb.totalElements || ids(fromApi) !== ids(fromDb)) {
          throw new Error(`API and direct answers differ for ${tipo} '${busca}'`);
        }
        const warming = performance.now();
        for (let i = 0; i < WARMUP && performance.now() - warming < WARMUP_BUDGET_MS; i++) {
          await viaApi();
          await direct();
        }
        // Alternate the two so that background load weighs on both alike.
        const api: number[] = [];
        const sql: number[] = [];
        const started = performance.now();
        while (api.length < samples && (api.length < MIN_SAMPLES || performance.now() - started < CASE_BUDGET_MS)) {
          let t = performance.now();
          await viaApi();
          api.push(performance.now() - t);
          t = performance.now();
          await direct();
          sql.push(performance.now() - t);
        }

        const label = `dealers list, ${tipo}, search ${busca ? `'${busca}'` : 'empty'}`;
        const p95 = percentile(api, 95);
        const directP95 = percentile(sql, 95);
        rows.push(
          {
            case: `${label}: API p95`,
            value: p95,
            unit: 'ms',
            goal: `< ${GOAL_MS}`,
            note: `p50 ${ms(percentile(api, 50))}, max ${ms(Math.max(...api))}; ${fromDb.totalElements} rows; ${api.length} samples`,
          },
          {
            case: `${label}: API / direct p95`,
            value: p95 / directP95,
            unit: 'x',
            goal: `< ${GOAL_RATIO}`,
            note: `direct p95 ${ms(directP95)}, p50 ${ms(percentile(sql, 50))}, max ${ms(Math.max(...sql))}`,
          },
        );
      }
    }
    rows.push({
      case: 'dealers list: machine load when it started',
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
