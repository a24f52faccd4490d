// npm run seed:scale: loads a national-scale dealer network (5,000 dealers, 100,000 users) into the
// database of DATABASE_URL (or PGlite under DATA_DIR) for benchmarks and manual checks at volume.
// Migrations are applied first and the demo data too when SEED_DEMO allows it (README: always with
// SEED_DEMO=true, on a new PGlite database when unset), so the demo accounts can browse the scale data. The load is set-based SQL (INSERT ... SELECT over
// generate_series) in one transaction, and idempotent: a database that already holds it is left alone.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { openDatabase, type Db, type DbOrTx } from '../server/db/client';
import { seedIfEmpty, wantsDemo } from '../server/db/seed';
import { ensureReferenceData } from '../server/db/seed/reference';

export const SCALE = { marcas: 12, grupos: 300, dealers: 5_000, usuarios: 100_000 } as const;

/** Scale users are recognised by their e-mail domain: their presence means the load already ran. */
const EMAIL_DOMAIN = 'escala.portal.test';
/** Tables written by the load (their foreign keys are checked once, at the end). */
const LOADED_TABLES = [
  'grupos',
  'grupo_marcas',
  'dealers',
  'dealer_marcas',
  'dealer_grupos',
  'usuarios',
  'usuario_dealers',
  'usuario_marcas',
  'usuario_grupos',
];
/** Users per dealer block: user i works at dealer (i / USERS_PER_DEALER) mod dealers. */
const USERS_PER_DEALER = 18;

const SOBRENOMES = [
  'Almeida', 'Barbosa', 'Cardoso', 'Duarte', 'Esteves', 'Ferreira', 'Gomes', 'Lima', 'Moreira', 'Nunes',
  'Oliveira', 'Pereira', 'Ribeiro', 'Santos', 'Teixeira', 'Araújo', 'Batista', 'Castro', 'Dias', 'Freitas',
  'Garcia', 'Henriques', 'Jesus', 'Lopes', 'Machado', 'Nascimento', 'Pinto', 'Rocha', 'Souza', 'Vieira',
]; // prettier-ignore
const NOMES = [
  'Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Heitor', 'Isabela', 'João',
  'Larissa', 'Marcos', 'Natália', 'Otávio', 'Paula', 'Rafael', 'Sofia', 'Tiago', 'Vanessa', 'William',
]; // prettier-ignore
const CIDADES: [string, string][] = [
  ['São Paulo', 'SP'], ['Campinas', 'SP'], ['Ribeirão Preto', 'SP'], ['Sorocaba', 'SP'], ['Santos', 'SP'],
  ['Rio de Janeiro', 'RJ'], ['Niterói', 'RJ'], ['Belo Horizonte', 'MG'], ['Uberlândia', 'MG'], ['Juiz de Fora', 'MG'],
  ['Vitória', 'ES'], ['Curitiba', 'PR'], ['Londrina', 'PR'], ['Maringá', 'PR'], ['Florianópolis', 'SC'],
  ['Joinville', 'SC'], ['Blumenau', 'SC'], ['Porto Alegre', 'RS'], ['Caxias do Sul', 'RS'], ['Pelotas', 'RS'],
  ['Salvador', 'BA'], ['Feira de Santana', 'BA'], ['Recife', 'PE'], ['Fortaleza', 'CE'], ['Natal', 'RN'],
  ['João Pessoa', 'PB'], ['Maceió', 'AL'], ['Aracaju', 'SE'], ['Teresina', 'PI'], ['São Luís', 'MA'],
  ['Belém', 'PA'], ['Manaus', 'AM'], ['Porto Velho', 'RO'], ['Cuiabá', 'MT'], ['Campo Grande', 'MS'],
  ['Goiânia', 'GO'], ['Brasília', 'DF'], ['Palmas', 'TO'], ['Macapá', 'AP'], ['Boa Vista', 'RR'],
]; // prettier-ignore

const text = (value: string) => `'${value.replace(/'/g, "''")}'`;
const textArray = (values: string[]) => `array[${values.map(text).join(', ')}]`;

export type ScaleCounts = Record<
  | 'marcas'
  | 'grupos'
  | 'dealers'
  | 'usuarios'
  | 'dealer_marcas'
  | 'dealer_grupos'
  | 'usuario_dealers'
  | 'usuario_marcas'
  | 'usuario_grupos',
  number
>;

export interface ScaleSeedResult {
  /** False when the database already held the scale data (nothing was written). */
  loaded: boolean;
  /** Wall time of the load, VACUUM ANALYZE included. */
  ms: number;
  counts: ScaleCounts;
}

async function rows<T>(db: DbOrTx, query: string): Promise<T[]> {
  return (await db.execute(sql.raw(query))).rows as T[];
}

async function maxId(db: Db, table: string): Promise<number> {
  const [{ id }] = await rows<{ id: number }>(db, `select coalesce(max(id), 0)::int as id from ${table}`);
  return id;
}

export async function scaleCounts(db: Db): Promise<ScaleCounts> {
  const tables: (keyof ScaleCounts)[] = [
    'marcas',
    'grupos',
    'dealers',
    'usuarios',
    'dealer_marcas',
    'dealer_grupos',
    'usuario_dealers',
    'usuario_marcas',
    'usuario_grupos',
  ];
  const [counts] = await rows<ScaleCounts>(
    db,
    `select ${tables.map((t) => `(select count(*)::int from ${t}) as ${t}`).join(', ')}`,
  );
  return counts;
}

/**
 * The SQL of the load, in order. Ids of the rows created here are those above the tables' current
 * maximum; each row's index (n, g, i) is read back from a column that encodes it, so the links do
 * not depend on how identity values were handed out.
 */
function statements(base: { grupo: number; dealer: number; usuario: number }): string[] {
  const { marcas, grupos, dealers, usuarios } = SCALE;
  const sobrenome = (index: string) => `(${textArray(SOBRENOMES)})[1 + (${index}) % ${SOBRENOMES.length}]`;
  const cidades = CIDADES.map(([cidade, uf], i) => `(${i}, ${text(cidade)}, ${text(uf)})`).join(', ');
  // The first 12 brands (existing ones first), as an array indexed 1..n.
  const brandList = `mk as (select array_agg(id order by id) as ids from (select id from marcas order by id limit ${marcas}) m)`;
  const brand = (index: string) => `mk.ids[1 + (${index}) % cardinality(mk.ids)]`;
  const newGrupos = `gs as (select array_agg(id order by right(nome, 3)::int) as ids from grupos where id > ${base.grupo})`;
  const newDealers = `d as (select id, substr(cnpj, 2)::int as n from dealers where id > ${base.dealer})`;
  const dealerList = `ds as (select array_agg(id order by substr(cnpj, 2)::int) as ids from dealers where id > ${base.dealer})`;
  const newUsuarios = `u as (select id, tipo, split_part(split_part(email, '@', 1), '.', 2)::int as i,
      (split_part(split_part(email, '@', 1), '.', 2)::int / ${USERS_PER_DEALER}) % ${dealers} as n
    from usuarios where id > ${base.usuario})`;
  return [
    // Brands: top up to 12.
    `insert into marcas (nome, descricao)
      select 'Marca Escala ' || lpad(k::text, 2, '0'), 'Marca da carga de escala'
      from generate_series(1, greatest(0, ${marcas} - (select count(*) from marcas))::int) k`,
    // Groups g = 0..299, each with the brand g mod 12 (and the next one for every third group).
    `insert into grupos (nome)
      select 'Grupo ' || ${sobrenome('g')} || ' E' || lpad(g::text, 3, '0') from generate_series(0, ${grupos - 1}) g`,
    `with ${brandList}, g as (select id, right(nome, 3)::int as g from grupos where id > ${base.grupo})
      insert into grupo_marcas (grupo_id, marca_id)
      select g.id, ${brand('g.g + k')} from g, mk, generate_series(0, 1) k where k = 0 or g.g % 3 = 0
      on conflict do nothing`,
    // Dealers n = 0..4999; the CNPJ '9' + n on 13 digits keeps them unique and encodes n.
    `with st as (select row_number() over (order by id)::int - 1 as k, count(*) over ()::int as total, id, divisao_id
        from setores)
      insert into dealers (nome_exibicao, razao_social, cnpj, codigos, divisao_id, setor_id, telefones, celulares,
        logradouro, bairro, cidade, estado, cep, active)
      select 'Concessionária ' || ${sobrenome('n / 7')} || ' ' || c.cidade || ' ' || lpad(n::text, 4, '0'),
        ${sobrenome('n / 7')} || ' Comércio de Veículos ' || n || ' Ltda',
        '9' || lpad(n::text, 13, '0'),
        array['C' || lpad(n::text, 5, '0'), 'R' || lpad(((n * 7919) % 100000)::text, 5, '0')],
        st.divisao_id, st.id,
        array['11' || lpad(((n * 7919) % 100000000)::text, 8, '0')],
        array['119' || lpad(((n * 104729) % 100000000)::text, 8, '0')],
        'Avenida Brasil, ' || (10 + n % 3000), 'Centro', c.cidade, c.uf, lpad(((n * 37) % 100000000)::text, 8, '0'),
        n % 10 <> 9
      from generate_series(0, ${dealers - 1}) n
      join (values ${cidades}) c(k, cidade, uf) on c.k = n % ${CIDADES.length}
      left join st on st.k = n % st.total`,
    // Dealer n: brand n mod 12 (plus the next one for every fifth dealer) and group n mod 300 (none
    // for every twentieth); 300 is a multiple of 12, so the group carries the dealer's brand.
    `with ${brandList}, ${newDealers}
      insert into dealer_marcas (dealer_id, marca_id)
      select d.id, ${brand('d.n + k')} from d, mk, generate_series(0, 1) k where k = 0 or d.n % 5 = 0
      on conflict do nothing`,
    `with ${newGrupos}, ${newDealers}
      insert into dealer_grupos (dealer_id, grupo_id)
      select d.id, gs.ids[1 + d.n % ${grupos}] from d, gs where d.n % 20 <> 19`,
    // Users i = 0..99999: 2% provider staff, 8% manufacturer, 90% dealer users; 4% inactive.
    `insert into usuarios (nome, email, tipo, active)
      select (${textArray(NOMES)})[1 + i % ${NOMES.length}] || ' ' || ${sobrenome('i / 20')},
        'usuario.' || i || '@${EMAIL_DOMAIN}',
        (case when i % 50 = 0 then 'TECSINAPSE' when i % 50 < 5 then 'MONTADORA' else 'DEALER_GRUPO' end)::tipo_usuario,
        i % 25 <> 24
      from generate_series(0, ${usuarios - 1}) i`,
    // A dealer user works at dealer (i / 18) mod 5000 (every tenth also at the next one), with its
    // brand and group; a manufacturer user has the brand i mod 12.
    `with ${dealerList}, ${newUsuarios}
      insert into usuario_dealers (usuario_id, dealer_id)
      select u.id, ds.ids[1 + (u.n + k) % ${dealers}] from u, ds, generate_series(0, 1) k
      where u.tipo = 'DEALER_GRUPO' and (k = 0 or u.i % 10 = 0)`,
    `with ${brandList}, ${newUsuarios}
      insert into usuario_marcas (usuario_id, marca_id)
      select u.id, ${brand("case when u.tipo = 'MONTADORA' then u.i else u.n end")} from u, mk
      where u.tipo <> 'TECSINAPSE'`,
    `with ${newGrupos}, ${newUsuarios}
      insert into usuario_grupos (usuario_id, grupo_id)
      select u.id, gs.ids[1 + u.n % ${grupos}] from u, gs where u.tipo = 'DEALER_GRUPO' and u.n % 20 <> 19`,
  ];
}

/** Loads the scale data set into a migrated database, unless it is already there. */
export async function seedScale(db: Db): Promise<ScaleSeedResult> {
  const started = performance.now();
  const [{ present }] = await rows<{ present: boolean }>(
    db,
    `select exists (select 1 from usuarios where email like '%@${EMAIL_DOMAIN}') as present`,
  );
  if (present) return { loaded: false, ms: performance.now() - started, counts: await scaleCounts(db) };
  const base = {
    grupo: await maxId(db, 'grupos'),
    dealer: await maxId(db, 'dealers'),
    usuario: await maxId(db, 'usuarios'),
  };
  await db.transaction(async (tx) => {
    // Row-by-row foreign-key triggers would take most of the time: drop the constraints of the
    // tables loaded here and add them back afterwards, which checks them in one pass per constraint.
    const foreignKeys = await rows<{ tabela: string; nome: string; definicao: string }>(
      tx,
      `select conrelid::regclass::text as tabela, conname as nome, pg_get_constraintdef(oid) as definicao
        from pg_constraint where contype = 'f' and conrelid = any(array[${LOADED_TABLES.map(text).join(', ')}]::regclass[])`,
    );
    for (const fk of foreignKeys) await tx.execute(sql.raw(`alter table ${fk.tabela} drop constraint "${fk.nome}"`));
    for (const statement of statements(base)) await tx.execute(sql.raw(statement));
    for (const fk of foreignKeys) {
      await tx.execute(sql.raw(`alter table ${fk.tabela} add constraint "${fk.nome}" ${fk.definicao}`));
    }
  });
  await steadyState(db);
  return { loaded: true, ms: performance.now() - started, counts: await scaleCounts(db) };
}

/**
 * The steady state autovacuum would reach later: fresh statistics for the planner and a set
 * visibility map (index-only scans without heap fetches). After a bulk load, before measuring.
 */
export async function steadyState(db: DbOrTx) {
  await db.execute(sql.raw('vacuum analyze'));
}

/** Benchmarks' extra: five positions and one of them, at their dealer, for every scale dealer user (set-based). */
export async function seedScalePositions(db: DbOrTx) {
  await db.execute(sql`insert into cargos (nome) select 'Cargo Escala ' || k from generate_series(1, 5) k
    where not exists (select 1 from cargos where nome like 'Cargo Escala %')`);
  await db.execute(sql`insert into usuario_cargos (usuario_id, cargo_id, dealer_id, data_inicio)
    select ud.usuario_id, c.ids[1 + ud.usuario_id % 5], ud.dealer_id, date '2024-01-01' + (ud.usuario_id % 700)
    from usuario_dealers ud join usuarios u on u.id = ud.usuario_id,
      (select array_agg(id order by id) as ids from cargos where nome like 'Cargo Escala %') c
    where u.email like ${`%@${EMAIL_DOMAIN}`}
      and not exists (select 1 from usuario_cargos x where x.usuario_id = ud.usuario_id)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pgdata'),
  });
  if (wantsDemo(config.seedDemo, database)) await seedIfEmpty(database.db);
  else await ensureReferenceData(database.db);
  const result = await seedScale(database.db);
  await database.close();
  console.log(
    result.loaded
      ? `scale data loaded in ${(result.ms / 1000).toFixed(1)} s (${database.kind})`
      : `scale data already present (${database.kind}); nothing written`,
  );
  console.table(result.counts);
}
