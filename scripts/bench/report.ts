import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface Row {
  case: string;
  value: number;
  unit: string;
  /** Goal as a readable bound, e.g. '<= 1.3'. */
  goal?: string;
  note?: string;
}

export function printTable(title: string, rows: Row[]) {
  const cells = rows.map((r) => [
    r.case,
    `${Number.isInteger(r.value) ? r.value : r.value.toFixed(2)} ${r.unit}`,
    r.goal ?? '',
    r.note ?? '',
  ]);
  const header = ['case', 'value', 'goal', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i])).join(' | ');
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const c of cells) console.log(line(c));
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The p-th percentile (0..100) by the nearest-rank method. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

export interface Sampling {
  /** At most this many samples of each. */
  samples: number;
  /** At least this many, whatever the time budget. */
  minSamples: number;
  /** Past this (ms), no more samples once minSamples are in. */
  budgetMs: number;
  /** Untimed runs of each first, stopping early past warmupBudgetMs. */
  warmup: number;
  warmupBudgetMs?: number;
}

/**
 * Times each of `runs` in turn, round after round, so that background load weighs on all alike:
 * the durations (ms) of each, by name.
 */
export async function sampleInterleaved<K extends string>(
  runs: Record<K, () => Promise<unknown>>,
  { samples, minSamples, budgetMs, warmup, warmupBudgetMs = Infinity }: Sampling,
): Promise<Record<K, number[]>> {
  const entries = Object.entries(runs) as [K, () => Promise<unknown>][];
  const warming = performance.now();
  for (let i = 0; i < warmup && performance.now() - warming < warmupBudgetMs; i++) {
    for (const [, run] of entries) await run();
  }
  const times = Object.fromEntries(entries.map(([key]) => [key, [] as number[]])) as Record<K, number[]>;
  const started = performance.now();
  const taken = () => times[entries[0][0]].length;
  while (taken() < samples && (taken() < minSamples || performance.now() - started < budgetMs)) {
    for (const [key, run] of entries) {
      const t = performance.now();
      await run();
      times[key].push(performance.now() - t);
    }
  }
  return times;
}

/**
 * A GraphQL caller of the portal at `url` as the bearer of `token`: the answer's data, or an error
 * naming the failure. Plain node:http on a kept-alive connection, asking for compression as a browser
 * does and decompressing the answer. Not fetch: in the bench's own process, undici's fetch spent about
 * 0.5 ms of the server's one thread on every answer (web streams, an AbortError built for each
 * response's decoder), which is the harness's cost, not the server's.
 */
export function graphqlCaller(url: string, token: string) {
  const agent = new Agent({ keepAlive: true });
  const endpoint = new URL('/graphql', url);
  return async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const body = JSON.stringify({ query, variables });
    const headers = {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'accept-encoding': 'gzip, deflate, br',
    };
    const answer = await post(endpoint, body, headers, agent);
    const result = JSON.parse(answer.toString('utf8')) as { data?: T; errors?: unknown };
    if (!result.data) throw new Error(`GraphQL request failed: ${JSON.stringify(result.errors)}`);
    return result.data;
  };
}

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
};

/** POSTs `body` and resolves with the answer's decoded bytes. */
function post(endpoint: URL, body: string, headers: Record<string, string>, agent: Agent): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      endpoint,
      { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const decode = decoders[response.headers['content-encoding'] ?? ''];
          try {
            resolve(decode ? decode(raw) : raw);
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/**
 * The two rows of a list case: its API p95 against a goal, and the ratio to the same SQL called
 * directly; the machine's 1-min load average when it ends (other sessions share the machine).
 */
export function apiVersusDirect(
  label: string,
  times: { api: number[]; direct: number[] },
  goals: { ms: number; ratio: number },
  rowsNote: string,
): Row[] {
  const ms = (value: number) => value.toFixed(1);
  const p95 = percentile(times.api, 95);
  const directP95 = percentile(times.direct, 95);
  return [
    {
      case: `${label}: API p95`,
      value: p95,
      unit: 'ms',
      goal: `< ${goals.ms}`,
      note: `p50 ${ms(percentile(times.api, 50))}, max ${ms(Math.max(...times.api))}; ${rowsNote}; ${times.api.length} samples; load ${loadavg()[0].toFixed(2)}`,
    },
    {
      case: `${label}: API / direct p95`,
      value: p95 / directP95,
      unit: 'x',
      goal: `< ${goals.ratio}`,
      note: `direct p95 ${ms(directP95)}, p50 ${ms(percentile(times.direct, 50))}, max ${ms(Math.max(...times.direct))}`,
    },
  ];
}
