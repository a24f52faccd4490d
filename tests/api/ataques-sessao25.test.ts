import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FunctionKey } from '../../domain/enums';
import { comunicadoCalls } from './comunicadosGql';
import { seedKit } from './kit';
import { errorCode, fieldErrors } from './portal';

// Review of session 25 (absences and delegation, series and labels, errata, audit, super-admin
// operations, input bounds), as a hostile user. Each `it` was a defect found, fixed with its test.

const kit = seedKit({ seed: 2525, domain: 'ataques-sessao25.test' });

type Caller = { id: number; token: string };
const CREATE: FunctionKey[] = ['PORTAL_CRIACAO_COMUNICADOS'];
const APPROVE: FunctionKey[] = ['PORTAL_APROVACAO_ENVIO_COMUNICADOS'];

const FIELDS = 'id version status { id }';
const { call, ok, salvar, enviar } = comunicadoCalls(kit, FIELDS);
const comunicadosCom = async (titulo: string) =>
  Number(
    (await kit.db.execute<{ n: number }>(sql`select count(*)::int as n from comunicados where titulo = ${titulo}`))
      .rows[0].n,
  );

let autor: Caller; // brand A, creates and approves (sends without anybody else)
let grupoA: number;

beforeAll(async () => {
  await kit.start();
  const marcaA = (await kit.marca('Marca A')).id;
  const dealerA = await kit.dealer({ marcaIds: [marcaA] });
  autor = await kit.caller({ tipo: 'MONTADORA', marca: marcaA, funcionalidades: [...CREATE, ...APPROVE] });
  for (let i = 0; i < 2; i++) await kit.usuario({ tipo: 'DEALER_GRUPO', marca: marcaA, dealer: dealerA.id });
  grupoA = await kit.rede(marcaA, autor.id, { nome: 'Rede A' });
});

describe("a draft's schedule (salvarComunicado.dataHoraAgendamento)", () => {
  it('refuses a time that is no date, or out of the accepted years, as a field error: no 500, no draft saved', async () => {
    // Date.parse takes these ('1' is the year 2001, 'Feb 30' rolls over); PostgreSQL's timestamptz
    // refuses the first four (a server failure) and stores the last two as they are.
    const valores = [
      '1',
      'Tue Feb 30 2026',
      '2026-02-30T10:00:00Z',
      '+275760-09-13T00:00:00.000Z',
      '0001-01-01T00:00:00Z',
      '99999-01-01',
    ];
    const vistos: Record<string, unknown> = {};
    for (const valor of valores) {
      const titulo = kit.unique('Agenda inválida');
      const r = await salvar(autor.token, { titulo, mensagem: '<p>x</p>', dataHoraAgendamento: valor });
      vistos[valor] = {
        code: errorCode(r) ?? 'salvo',
        campo: r.errors ? Object.keys(fieldErrors(r) ?? {}) : [],
        rascunhos: await comunicadosCom(titulo),
      };
    }
    expect(vistos).toEqual(
      Object.fromEntries(
        valores.map((v) => [v, { code: 'BAD_USER_INPUT', campo: ['dataHoraAgendamento'], rascunhos: 0 }]),
      ),
    );
  });
});

describe('errata', () => {
  it("keeps an erratum to the original's recipients: a save cannot give it loose e-mails, groups or a series number", async () => {
    let original = ok(
      await salvar(autor.token, { titulo: kit.unique('Original'), mensagem: '<p>x</p>', grupoIds: [grupoA] }),
    );
    original = ok(await enviar(autor.token, original));
    expect(original.status.id).toBe('ENVIADO');
    const [{ entregas }] = (
      await kit.db.execute<{ entregas: number }>(
        sql`select count(*)::int as entregas from comunicado_envios where comunicado_id = ${Number(original.id)}`,
      )
    ).rows;

    const errata = ok(
      await call(
        autor.token,
        `mutation($e: ErrataComunicadoInput!) { r: criarErrataComunicado(errata: $e) { ${FIELDS} } }`,
        {
          e: {
            idParent: original.id,
            titulo: 'Correção',
            mensagem: '<p>y</p>',
            justificativa: 'Data do evento corrigida',
          },
        },
      ),
    );
    const serie = ok(
      await call(
        autor.token,
        `mutation($s: ComunicadoSerieInput!) { r: salvarSerieComunicado(serie: $s) { id version } }`,
        {
          s: { nome: kit.unique('Série'), prefixo: `ER${kit.random.digits(4)}`, active: true },
        },
      ),
    ) as unknown as { id: string };

    // The erratum's draft saved as any announcement: loose addresses that never got the original,
    // a group, a series. Then sent.
    const r = await salvar(autor.token, {
      id: errata.id,
      version: errata.version,
      titulo: 'Correção',
      mensagem: '<p>y</p>',
      emailsAvulsos: ['fora.da.lista@externo.test'],
      grupoIds: [grupoA],
      serieId: serie.id,
    });
    const atual = r.errors ? errata : r.data!.r;
    await enviar(autor.token, atual);

    const id = Number(errata.id);
    const db = async <T>(q: ReturnType<typeof sql>) => (await kit.db.execute<T & Record<string, unknown>>(q)).rows;
    expect({
      avulsos: (
        await db<{ email: string }>(sql`select email from comunicado_emails where comunicado_id = ${id} and avulso`)
      ).map((m) => m.email),
      grupos: (
        await db<{ n: number }>(sql`select count(*)::int as n from comunicado_grupos where comunicado_id = ${id}`)
      )[0].n,
      serie: (
        await db<{ serie_id: number | null; numero: number | null }>(
          sql`select serie_id, numero from comunicados where id = ${id}`,
        )
      )[0],
      contador: (
        await db<{ contador: number }>(sql`select contador from comunicado_series where id = ${Number(serie.id)}`)
      )[0].contador,
      entregas: (
        await db<{ n: number }>(sql`select count(*)::int as n from comunicado_envios where comunicado_id = ${id}`)
      )[0].n,
    }).toEqual({ avulsos: [], grupos: 0, serie: { serie_id: null, numero: null }, contador: 0, entregas });
  });
});
