import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { idOf } from '../db/lists';
import { funcionalidades, usuarioFuncionalidades, usuarios } from '../db/schema';
import { SessionUserCache } from './sessionCache';

// The accounts as sign-in and sessions read them: a user by id or e-mail (the identity provider,
// the sign-in page, the forgot-password link), the session of each API request, and the writes a
// sign-in makes (last access, a rehashed password).

export async function findUsuarioById(db: DbOrTx, id: number) {
  if (!Number.isSafeInteger(id)) return undefined;
  const [usuario] = await db.select().from(usuarios).where(eq(usuarios.id, id));
  return usuario;
}

export async function findUsuarioByEmail(db: DbOrTx, email: string) {
  const [usuario] = await db.select().from(usuarios).where(eq(usuarios.email, email.trim().toLowerCase()));
  return usuario;
}

/** The user of a session with their function keys, in one statement prepared once per database. */
function sessionUserStatement(db: Db) {
  return db
    .select({
      id: usuarios.id,
      email: usuarios.email,
      nome: usuarios.nome,
      tipo: usuarios.tipo,
      idioma: usuarios.idioma,
      active: usuarios.active,
      sessoesEncerradasEm: usuarios.sessoesEncerradasEm,
      funcionalidades: sql<string[]>`array(select f.chave from ${usuarioFuncionalidades} uf
        join ${funcionalidades} f on f.id = uf.funcionalidade_id where uf.usuario_id = ${idOf(usuarios)} order by f.chave)`,
      // touchUltimoAcessoHourly's own test, so a request sends its write only when it would write.
      acessoRecente: sql<boolean>`coalesce(${usuarios.ultimoAcesso} >= now() - interval '1 hour', false)`,
    })
    .from(usuarios)
    .where(eq(usuarios.email, sql.placeholder('email')))
    .prepare('sessao_usuario');
}

// Every API request reads its session (170 requests/s at national scale): a named prepared
// statement is built once and planned once per connection instead of at every request (0.41 ->
// 0.19 ms p50). A pooler in front of PostgreSQL must keep sessions (PgBouncer: session mode).
const sessionUserStatements = new WeakMap<Db, ReturnType<typeof sessionUserStatement>>();

export type SessionUser = Awaited<ReturnType<ReturnType<typeof sessionUserStatement>['execute']>>[number];

const sessionUserCaches = new WeakMap<Db, SessionUserCache<SessionUser>>();

/**
 * Keeps the session users of `db` between requests, dropped whenever `watch` reports a change
 * (the embedded database: see SessionUserCache).
 */
export function keepSessionUsers(db: Db, watch: (changed: () => void) => void) {
  const cache = new SessionUserCache<SessionUser>();
  watch(() => cache.changed());
  sessionUserCaches.set(db, cache);
}

export async function sessionUserByEmail(db: Db, email: string): Promise<SessionUser | undefined> {
  let statement = sessionUserStatements.get(db);
  if (!statement) sessionUserStatements.set(db, (statement = sessionUserStatement(db)));
  const key = email.trim().toLowerCase();
  const read = async () => (await statement.execute({ email: key }))[0];
  const cache = sessionUserCaches.get(db);
  return cache ? cache.get(key, read) : read();
}

/** This week's Monday in the portal's time zone (server/db/timeZone.ts), the key of usuario_acessos_semana. */
const SEMANA = sql`date_trunc('week', now())::date`;

/** Sign-in: the user's last access is now, and one more sign-in this week (the Users report). */
export async function touchUltimoAcesso(db: DbOrTx, usuarioId: number) {
  await db.execute(sql`with tocado as (update usuarios set ultimo_acesso = now() where id = ${usuarioId} returning id)
    insert into usuario_acessos_semana (semana, usuario_id, acessos) select ${SEMANA}, id, 1 from tocado
    on conflict (semana, usuario_id) do update set acessos = usuario_acessos_semana.acessos + 1`);
}

/** Stores a new hash of the same password, unless the password changed meanwhile (then the hash differs). */
export async function replacePasswordHash(db: DbOrTx, usuarioId: number, current: string, replacement: string) {
  await db
    .update(usuarios)
    .set({ senhaHash: replacement })
    .where(and(eq(usuarios.id, usuarioId), eq(usuarios.senhaHash, current)));
}

/**
 * API use: records the last access at most once an hour per user, so the 170 requests/s of a
 * national network write a row only when an hour has passed since its last write.
 */
export async function touchUltimoAcessoHourly(db: Db, usuarioId: number, email: string) {
  sessionUserCaches.get(db)?.update(email.trim().toLowerCase(), { acessoRecente: true });
  // The week's row too (without a sign-in: a session of an external identity provider counts as use).
  await db.execute(sql`with tocado as (update usuarios set ultimo_acesso = now()
      where id = ${usuarioId} and (ultimo_acesso is null or ultimo_acesso < now() - interval '1 hour') returning id)
    insert into usuario_acessos_semana (semana, usuario_id) select ${SEMANA}, id from tocado
    on conflict (semana, usuario_id) do nothing`);
}
