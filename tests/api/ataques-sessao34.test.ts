import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { seedKit } from './kit';

// A review of 2026-11-29 (session 34) as a hostile signed-in user and as an operator: the client
// log routes, concurrent library uploads, and report exports. Each case was a defect, fixed with
// its test.

const kit = seedKit({ seed: 3434, domain: 'ataques-sessao34.test' });

type Caller = { id: number; token: string };
let leitor: Caller;
let marcaId: number;

beforeAll(async () => {
  await kit.start({ LOG_API_KEY: 'sessao34-key' });
  marcaId = (await kit.marca()).id;
  leitor = await kit.caller({ tipo: 'MONTADORA', marca: marcaId });
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
