import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AUSENCIA_DOCUMENTO_MESES } from '../../../domain/limits';
import type { AusenciaValues } from '../../../domain/schemas/ausencia';
import { autorScope, usuarioScope, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { allOf, countOf, pageWithTotal, searchAny, searchIn, type ListInput } from '../../db/lists';
import { arquivos, ausenciasTemporarias as a, usuarios } from '../../db/schema';

const substitutos = alias(usuarios, 'substitutos');

/** Whether the absence's document may still be downloaded (AUSENCIA_DOCUMENTO_MESES after its creation). */
export const documentoDisponivel = sql<boolean>`(${a.createdAt} + make_interval(months => ${AUSENCIA_DOCUMENTO_MESES}) > now())`;

const columns = {
  id: a.id,
  version: a.version,
  usuarioId: a.usuarioId,
  inicio: a.inicio,
  retorno: a.retorno,
  fimOperacao: a.fimOperacao,
  motivo: a.motivo,
  justificativa: a.justificativa,
  local: a.local,
  arquivoId: a.arquivoId,
  substitutoId: a.substitutoId,
  createdAt: a.createdAt,
  arquivoNome: arquivos.nome,
  arquivoChave: arquivos.chave,
  arquivoTipo: arquivos.tipoMime,
  arquivoTamanho: arquivos.tamanho,
  substitutoNome: substitutos.nome,
  disponivel: documentoDisponivel,
};

/**
 * The absences with their file's and delegate's names. For a reader (`session`), whether they may
 * see the delegate (usuarioScope): a shared user's absence kept by another brand may name a delegate
 * of that brand only.
 */
const withNames = (db: DbOrTx, session: Session | null) =>
  db
    .select({
      ...columns,
      substitutoVisivel: sql<boolean>`${(session && autorScope(session, sql`${a.substitutoId}`)) ?? sql`true`}`,
    })
    .from(a)
    .leftJoin(arquivos, eq(arquivos.id, a.arquivoId))
    .leftJoin(substitutos, eq(substitutos.id, a.substitutoId));

export type AusenciaRow = Awaited<ReturnType<typeof findAusencia>> & object;

export async function findAusencia(db: DbOrTx, id: number, session: Session | null = null) {
  const [row] = await withNames(db, session).where(eq(a.id, id));
  return row;
}

export function listAusencias(
  db: DbOrTx,
  session: Session,
  filter: ListInput<'inicio' | 'retorno'> & { usuarioId: number },
) {
  const where = allOf(eq(a.usuarioId, filter.usuarioId), searchAny(filter.busca, [a.motivo]));
  const direction = filter.sort?.order === 'ASC' ? asc : desc;
  const order = [direction(filter.sort?.field === 'retorno' ? a.retorno : a.inicio), direction(a.id)];
  return pageWithTotal(
    filter,
    (limit, offset) =>
      withNames(db, session)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    async () => (await db.select({ n: countOf() }).from(a).where(where))[0].n,
  );
}

/** Active users within the caller's scope whose name matches (delegate choice). */
export function substitutosPossiveis(
  db: DbOrTx,
  session: Session,
  usuarioId: number,
  busca: string | null | undefined,
) {
  return db
    .select({ id: usuarios.id, nome: usuarios.nome })
    .from(usuarios)
    .where(
      allOf(
        eq(usuarios.active, true),
        sql`${usuarios.id} <> ${usuarioId}`,
        usuarioScope(session),
        searchIn(busca, usuarios.busca),
      ),
    )
    .orderBy(asc(usuarios.nome))
    .limit(20);
}

/** Whether `id` is an active user the caller sees. */
export async function substitutoValido(db: DbOrTx, session: Session, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(allOf(eq(usuarios.id, id), eq(usuarios.active, true), usuarioScope(session)));
  return Boolean(row);
}

/** Where absence documents (POST /api/upload/documento) are stored. */
export const AREA_DOCUMENTOS = 'documentos';
const DA_AREA = sql`${arquivos.chave} like ${`${AREA_DOCUMENTOS}/%`}`;

/**
 * Whether the caller uploaded this file as an absence document (its area: not a library upload or
 * an attachment, which skipped the document's type and size checks and which their own areas'
 * sweeps delete) and no other absence uses it.
 */
export async function arquivoAnexavel(db: DbOrTx, session: Session, arquivoId: number, ausenciaId?: number) {
  const [row] = await db
    .select({ id: arquivos.id })
    .from(arquivos)
    .where(
      and(
        eq(arquivos.id, arquivoId),
        eq(arquivos.autorId, session.usuarioId),
        DA_AREA,
        sql`not exists (select 1 from ausencias_temporarias o where o.arquivo_id = ${arquivoId}
          and o.id is distinct from ${ausenciaId ?? null})`,
      ),
    );
  return Boolean(row);
}

type Fields = Omit<AusenciaValues, 'id' | 'version' | 'usuarioId'>;

const valuesOf = (v: Fields) => ({
  inicio: v.inicio!,
  retorno: v.retorno!,
  fimOperacao: v.fimOperacao,
  motivo: v.motivo,
  justificativa: v.justificativa,
  local: v.local,
  arquivoId: v.arquivoId,
  substitutoId: v.substitutoId,
});

export async function insertAusencia(db: DbOrTx, usuarioId: number, autorId: number, v: Fields) {
  const [row] = await db
    .insert(a)
    .values({ ...valuesOf(v), usuarioId, autorId })
    .returning({ id: a.id });
  return row.id;
}

export async function updateAusencia(db: DbOrTx, id: number, v: Fields) {
  await db.update(a).set(valuesOf(v)).where(eq(a.id, id));
}

export async function deleteAusencia(db: DbOrTx, id: number) {
  await db.delete(a).where(eq(a.id, id));
}

/** No absence uses the document (the `arquivos` row of the enclosing query). */
const semAusencia = sql`not exists (select 1 from ${a} where ${a.arquivoId} = ${arquivos.id})`;

/**
 * The documents whose file is still needed (the file sweep keeps these): one that no absence uses
 * yet (an upload for a form in progress; deleteDocumentosSoltos removes it after the grace
 * period), or one that an absence may still let download. A document whose absences are all past
 * the download window keeps its row (name, size) and loses its file.
 */
export const chavesDocumentosEmUso = sql`select ${arquivos.chave} from ${arquivos}
  where ${semAusencia}
    or exists (select 1 from ${a} where ${a.arquivoId} = ${arquivos.id} and ${documentoDisponivel})`;

/**
 * Deletes, in one statement, the documents older than `graceHours` that no absence uses: uploaded
 * for a form that was never saved, replaced by another, or left by a removed absence. Answers
 * their file store keys.
 */
export async function deleteDocumentosSoltos(db: DbOrTx, graceHours: number): Promise<string[]> {
  const rows = await db
    .delete(arquivos)
    // Only the area's own records: other features' uploads (announcements, the library) are theirs to keep.
    .where(and(DA_AREA, lt(arquivos.createdAt, sql`now() - make_interval(hours => ${graceHours}::int)`), semAusencia))
    .returning({ chave: arquivos.chave });
  return rows.map((row) => row.chave);
}
