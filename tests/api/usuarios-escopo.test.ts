import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FunctionKey, TipoUsuario } from '../../domain/enums';
import type { DbOrTx } from '../../server/db/client';
import * as s from '../../server/db/schema';
import { seedKit } from './kit';
import { gql, versionOf, type TestPortal } from './portal';

// A manufacturer's sight of users (issue #13) reads usuarios.marcas_efetivas, which the database
// keeps (migration 0014). After every kind of change to the three tables it is made of, through
// the API's saves and through set-based SQL, the users a manufacturer sees through the API are
// those the rule, computed here from the link tables alone, names; and no user's column is stale.

const kit = seedKit({ seed: 1414, domain: 'escopo.test', local: 'e' });
const { unique } = kit;
let portal: TestPortal;
let db: TestPortal['database']['db'];
let staff: string;
let cargo: number, departamento: number;
let m1: number, m2: number, m3: number;

beforeAll(async () => {
  ({ portal, db, staff } = await kit.start());
  ({ cargoVendas: cargo, departamento } = await kit.referencias());
  m1 = (await kit.marca('Marca E1')).id;
  m2 = (await kit.marca('Marca E2')).id;
  m3 = (await kit.marca('Marca E3')).id;
});

const MANAGER_KEYS: FunctionKey[] = ['PORTAL_MANUTENCAO_USUARIOS'];

const newDealer = (marcaIds: number[]) =>
  kit.dealer({ marcaIds, nome: 'Dealer Escopo', razaoSocial: 'Concessionária do Escopo Ltda', codigos: ['E1'] });

/** Every user whose column differs from their brands and their dealers' brands, read afresh. */
async function staleUsers(on: DbOrTx = db): Promise<number[]> {
  const { rows } = await on.execute<{ id: number }>(sql`
    select u.id from usuarios u
    where u.marcas_efetivas is distinct from coalesce((select array_agg(distinct x.marca_id order by x.marca_id) from (
      select um.marca_id from usuario_marcas um where um.usuario_id = u.id
      union all
      select dm.marca_id from usuario_dealers ud join dealer_marcas dm on dm.dealer_id = ud.dealer_id
      where ud.usuario_id = u.id) x), '{}')
    order by u.id`);
  return rows.map((r) => Number(r.id));
}

describe("a manufacturer's sight of users follows every change of brands and dealers", () => {
  it('through saves and set-based statements, on users, their dealers and the dealers’ brands', async () => {
    const prefix = unique('Eulalia').replace(/\s/g, '');
    const manager = await kit.caller({
      nome: `${prefix} Gestora`,
      tipo: 'MONTADORA',
      funcionalidades: MANAGER_KEYS,
      marca: m1,
    });
    const d1 = await newDealer([m2]);
    const d2 = await newDealer([m1]);
    const d3 = await newDealer([m3]);
    const d4 = await newDealer([m3]);
    const user = (nome: string, tipo: TipoUsuario, links: { marca?: number[]; dealer?: number[] }) =>
      kit.usuario({ nome: `${prefix} ${nome}`, tipo, ...links });
    const montadora = await user('Montadora', 'MONTADORA', { marca: [m3] });
    const vendedor = await user('Vendedor', 'DEALER_GRUPO', { dealer: [d1.id], marca: [m2] });
    const colega = await user('Colega', 'DEALER_GRUPO', { dealer: [d1.id, d3.id] });
    const outro = await user('Outro', 'DEALER_GRUPO', { dealer: [d3.id] });
    // Provider staff are never in a manufacturer's sight, whatever their brands and dealers.
    const staffUser = await user('Staff', 'TECSINAPSE', { marca: [m1], dealer: [d2.id] });

    /** Who the manager finds through the API, and who the rule names, computed from the links. */
    const sight = async () => {
      const r = await gql<{ usuarios: { totalElements: number; content: { id: string }[] } }>(
        portal,
        `query($f: UsuarioFilterInput!) { usuarios(filterInput: $f) { totalElements content { id } } }`,
        { f: { busca: prefix, page: 0, rowsPerPage: 100 } },
        manager.token,
      );
      expect(r.errors).toBeUndefined();
      const api = r.data!.usuarios.content.map((u) => Number(u.id)).sort((a, b) => a - b);
      expect(r.data!.usuarios.totalElements).toBe(api.length);
      const { rows } = await db.execute<{ id: number }>(sql`
        select u.id from usuarios u
        where u.nome like ${`${prefix} %`} and (u.id = ${manager.id} or (u.tipo in ('MONTADORA', 'DEALER_GRUPO') and (
          exists (select 1 from usuario_marcas theirs join usuario_marcas mine on mine.marca_id = theirs.marca_id
            where theirs.usuario_id = u.id and mine.usuario_id = ${manager.id})
          or exists (select 1 from usuario_dealers ud join dealer_marcas dm on dm.dealer_id = ud.dealer_id
            join usuario_marcas mine on mine.marca_id = dm.marca_id
            where ud.usuario_id = u.id and mine.usuario_id = ${manager.id}))))
        order by u.id`);
      expect(api).toEqual(rows.map((row) => Number(row.id)));
      expect(await staleUsers()).toEqual([]);
      return new Set(api);
    };
    /** A change, then the API and the rule agree, and `who` is (or is not) seen. */
    const step = async (label: string, change: () => Promise<unknown>, who: { id: number }, seen: boolean) => {
      await change();
      expect([label, (await sight()).has(who.id)]).toEqual([label, seen]);
    };

    const start = await sight();
    expect([...start]).toEqual([manager.id]);
    expect(start.has(staffUser.id)).toBe(false);

    // The API's saves: each replaces every link of its record (delete, then insert).
    const salvarUsuario = async (
      target: { id: number },
      tipo: string,
      links: { marcaIds: number[]; dealerIds: number[] },
    ) => {
      const [row] = await db.select().from(s.usuarios).where(eq(s.usuarios.id, target.id));
      const r = await gql(
        portal,
        `mutation($u: UsuarioInput!, $c: [CargoUsuarioInput!]) { salvarUsuario(usuario: $u, cargos: $c) { id } }`,
        {
          u: {
            id: target.id,
            version: row.version,
            nome: row.nome,
            email: row.email,
            cpf: row.cpf ?? kit.cpf(),
            tipo,
            ...links,
            telefones: ['(11) 3333-4444'],
            celulares: ['(11) 98888-7777'],
            dataAdmissao: '2026-01-05',
            emailSuperior: 'chefe@escopo.test',
          },
          c: links.dealerIds.map((dealerId) => ({
            cargoId: cargo,
            dealerId,
            departamentoId: departamento,
            dataInicio: '2026-01-05',
          })),
        },
        staff,
      );
      expect(r.errors).toBeUndefined();
    };
    const salvarDealer = async (dealer: typeof d1, marcaIds: number[]) => {
      const r = await gql(
        portal,
        `mutation($dealer: DealerInput!) { salvarDealer(dealer: $dealer) { id } }`,
        {
          dealer: {
            id: dealer.id,
            version: await versionOf(db, s.dealers, dealer.id),
            nomeExibicao: dealer.nomeExibicao,
            razaoSocial: dealer.razaoSocial,
            cnpj: dealer.cnpj,
            codigos: dealer.codigos,
            divisaoId: dealer.divisaoId,
            setorId: dealer.setorId,
            marcaIds,
          },
        },
        staff,
      );
      expect(r.errors).toBeUndefined();
    };
    await step(
      'brand added to a user',
      () => salvarUsuario(montadora, 'MONTADORA', { marcaIds: [m3, m1], dealerIds: [] }),
      montadora,
      true,
    );
    await step(
      'brand removed from a user',
      () => salvarUsuario(montadora, 'MONTADORA', { marcaIds: [m3], dealerIds: [] }),
      montadora,
      false,
    );
    await step(
      'user added at a dealer',
      () => salvarUsuario(vendedor, 'DEALER_GRUPO', { marcaIds: [m2], dealerIds: [d1.id, d2.id] }),
      vendedor,
      true,
    );
    await step(
      'user removed from a dealer',
      () => salvarUsuario(vendedor, 'DEALER_GRUPO', { marcaIds: [m2], dealerIds: [d1.id] }),
      vendedor,
      false,
    );
    await step('brand added to a dealer', () => salvarDealer(d1, [m2, m1]), colega, true);
    await step("a dealer's links saved unchanged", () => salvarDealer(d1, [m2, m1]), colega, true);
    await step('brand removed from a dealer', () => salvarDealer(d1, [m2]), colega, false);

    // Set-based statements, several users or dealers at once, and updates of the link tables.
    const run = (query: ReturnType<typeof sql>) => () => db.execute(query);
    await step(
      'a brand added to several dealers',
      run(sql`insert into dealer_marcas (dealer_id, marca_id)
        select id, ${m1}::int from dealers where id in (${d3.id}, ${d4.id})`),
      outro,
      true,
    );
    await step(
      "a dealer's brand changed in place",
      run(sql`update dealer_marcas set marca_id = ${m2} where dealer_id = ${d3.id} and marca_id = ${m1}`),
      outro,
      false,
    );
    await step(
      'several users linked to a dealer',
      run(sql`insert into usuario_dealers (usuario_id, dealer_id)
        select id, ${d2.id}::int from usuarios where id in (${colega.id}, ${outro.id}, ${staffUser.id})
        on conflict do nothing`),
      outro,
      true,
    );
    await step(
      'every user of a dealer removed',
      run(sql`delete from usuario_dealers where dealer_id = ${d2.id}`),
      outro,
      false,
    );
    await step(
      'a user moved to another dealer in place',
      run(sql`update usuario_dealers set dealer_id = ${d4.id} where usuario_id = ${outro.id} and dealer_id = ${d3.id}`),
      outro,
      true,
    );
    await step(
      "a user's brand changed in place",
      run(sql`update usuario_marcas set marca_id = ${m1} where usuario_id = ${montadora.id} and marca_id = ${m3}`),
      montadora,
      true,
    );
    await step(
      'brands removed from several users',
      run(sql`delete from usuario_marcas where usuario_id in (${montadora.id}, ${vendedor.id})`),
      montadora,
      false,
    );
    await step(
      "a dealer's brands removed",
      run(sql`delete from dealer_marcas where dealer_id = ${d4.id}`),
      outro,
      false,
    );
    expect(start.has(staffUser.id)).toBe(false);
  });

  it('after a TRUNCATE of any of the three tables (each in a transaction rolled back)', async () => {
    for (const table of ['dealer_marcas', 'usuario_dealers', 'usuario_marcas']) {
      const rolledBack = new Error('rolled back');
      await db
        .transaction(async (tx) => {
          const { rows } = await tx.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
          expect(Number(rows[0].n), table).toBeGreaterThan(0);
          await tx.execute(sql.raw(`truncate ${table}`));
          expect(await staleUsers(tx), table).toEqual([]);
          throw rolledBack;
        })
        .catch((error: unknown) => {
          if (error !== rolledBack) throw error;
        });
    }
    expect(await staleUsers()).toEqual([]);
  });
});

// On a PostgreSQL server, two transactions changing the same user's brands from two sides: the
// second waits for the first (a row lock on the user, or on the dealer through the link's foreign
// key) and computes after it commits, so neither overwrites nor misses the other's change; and a
// user's save and their dealer's save do not deadlock.
describe.runIf(process.env.DATABASE_URL)('concurrent changes on PostgreSQL', () => {
  const connect = async () => {
    const client = new pg.Client({ connectionString: portal.database.url });
    await client.connect();
    return client;
  };
  /** Whether `pid`'s backend waits for a lock. */
  const waitsForLock = async (observer: pg.Client, pid: number) =>
    (await observer.query('select wait_event_type from pg_stat_activity where pid = $1', [pid])).rows[0]
      ?.wait_event_type === 'Lock';
  const efetivas = async (id: number) =>
    (await db.select({ m: s.usuarios.marcasEfetivas }).from(s.usuarios).where(eq(s.usuarios.id, id)))[0].m;

  it.each([
    ['a brand added to a dealer, then a user linked to it', 'dealer first'],
    ['a user linked to a dealer, then a brand added to it', 'link first'],
    ['a brand added to a user, then the user linked to a dealer', 'user first'],
  ])('%s', async (_label, order) => {
    const dealer = await newDealer([m2]);
    const usuario = await kit.usuario({ nome: unique('Concorrente'), tipo: 'DEALER_GRUPO', marca: m3, dealer: [] });
    const [a, b, observer] = [await connect(), await connect(), await connect()];
    try {
      const dealerBrand = `insert into dealer_marcas (dealer_id, marca_id) values (${dealer.id}, ${m1})`;
      const link = `insert into usuario_dealers (usuario_id, dealer_id) values (${usuario.id}, ${dealer.id})`;
      const userBrand = `insert into usuario_marcas (usuario_id, marca_id) values (${usuario.id}, ${m1})`;
      const [first, second] =
        order === 'dealer first'
          ? [dealerBrand, link]
          : order === 'link first'
            ? [link, dealerBrand]
            : [userBrand, link];
      await a.query('begin');
      await a.query(first);
      await b.query('begin');
      const { rows } = await b.query('select pg_backend_pid() as pid');
      // The second statement waits for the first transaction (polled until it does, or until it
      // ends without waiting, which leaves it to compute without the first's change).
      let ended = false;
      const pending = b.query(second).finally(() => (ended = true));
      while (!ended && !(await waitsForLock(observer, rows[0].pid))) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await a.query('commit');
      await pending;
      await b.query('commit');
      // The user's brand m3, the dealer's m2, and the brand m1 the user or the dealer gained.
      expect(await efetivas(usuario.id)).toEqual([m1, m2, m3]);
    } finally {
      for (const client of [a, b, observer]) await client.end();
    }
  });

  it("a user's save re-linking them to a dealer while that dealer's brands are saved: no deadlock", async () => {
    const dealer = await newDealer([m2]);
    const usuario = await kit.usuario({
      nome: unique('Concorrente'),
      tipo: 'DEALER_GRUPO',
      marca: m3,
      dealer: dealer.id,
    });
    const [a, b, observer] = [await connect(), await connect(), await connect()];
    try {
      // The user's save holds the user's row (the version it bumps), then rewrites their links.
      await b.query('begin');
      await b.query(`update usuarios set version = version + 1 where id = ${usuario.id}`);
      // The dealer's save holds the dealer's row, then adds a brand, whose users it recomputes:
      // it waits for the user's save.
      await a.query('begin');
      await a.query(`update dealers set version = version + 1 where id = ${dealer.id}`);
      const { rows } = await a.query('select pg_backend_pid() as pid');
      let ended = false;
      const dealerSave = a
        .query(`insert into dealer_marcas (dealer_id, marca_id) values (${dealer.id}, ${m1})`)
        .finally(() => (ended = true));
      while (!ended && !(await waitsForLock(observer, rows[0].pid))) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The user's save goes on (the link's foreign-key check on the dealer does not wait for it).
      await b.query(`delete from usuario_dealers where usuario_id = ${usuario.id}`);
      await b.query(`insert into usuario_dealers (usuario_id, dealer_id) values (${usuario.id}, ${dealer.id})`);
      await b.query('commit');
      await dealerSave;
      await a.query('commit');
      expect(await efetivas(usuario.id)).toEqual([m1, m2, m3]);
    } finally {
      for (const client of [a, b, observer]) await client.end();
    }
  });
});
