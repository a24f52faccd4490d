import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  dealerGrupos,
  dealerMarcas,
  dealers,
  grupoMarcas,
  grupos,
  jobs,
  produtos,
  usuarioDealers,
  usuarios,
} from '../../db/schema';

// Data access of the super-admin page. The synchronisations are set-based: one query finds every
// record to change, then each chunk of ids is changed by one UPDATE or DELETE that checks the rule
// again (records changed meanwhile by someone else are left alone).

/** An active dealer with no brand, or with groups none of which is active. */
const dealerSemMarcaOuSemGrupoAtivo = sql`${dealers.active} and (
  not exists (select 1 from ${dealerMarcas} where ${dealerMarcas.dealerId} = ${dealers.id})
  or (
    exists (select 1 from ${dealerGrupos} where ${dealerGrupos.dealerId} = ${dealers.id})
    and not exists (
      select 1 from ${dealerGrupos} join ${grupos} on ${grupos.id} = ${dealerGrupos.grupoId}
      where ${dealerGrupos.dealerId} = ${dealers.id} and ${grupos.active}
    )
  )
)`;

export async function dealersParaInativar(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: dealers.id })
    .from(dealers)
    .where(dealerSemMarcaOuSemGrupoAtivo)
    .orderBy(dealers.id);
  return rows.map((r) => r.id);
}

export function inativarDealers(tx: DbOrTx, ids: number[]) {
  return tx
    .update(dealers)
    .set({ active: false })
    .where(and(inArray(dealers.id, ids), dealerSemMarcaOuSemGrupoAtivo))
    .returning({ id: dealers.id, nomeExibicao: dealers.nomeExibicao });
}

/** A dealer–group link whose dealer and group share no brand. */
const vinculoSemMarcaComum = sql`not exists (
  select 1 from ${dealerMarcas} join ${grupoMarcas} on ${grupoMarcas.marcaId} = ${dealerMarcas.marcaId}
  where ${dealerMarcas.dealerId} = ${dealerGrupos.dealerId} and ${grupoMarcas.grupoId} = ${dealerGrupos.grupoId}
)`;

/** Dealers having at least one group with which they share no brand. */
export async function dealersComVinculoSemMarca(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: dealerGrupos.dealerId })
    .from(dealerGrupos)
    .where(vinculoSemMarcaComum)
    .orderBy(dealerGrupos.dealerId);
  return rows.map((r) => r.id);
}

/** Removes the links of these dealers to groups with which they share no brand; returns them with the group's name. */
export async function removerVinculosSemMarca(tx: DbOrTx, dealerIds: number[]) {
  const removed = await tx
    .delete(dealerGrupos)
    .where(and(inArray(dealerGrupos.dealerId, dealerIds), vinculoSemMarcaComum))
    .returning();
  if (removed.length === 0) return [];
  const nomes = new Map(
    (
      await tx
        .select({ id: grupos.id, nome: grupos.nome })
        .from(grupos)
        .where(
          inArray(
            grupos.id,
            removed.map((r) => r.grupoId),
          ),
        )
    ).map((g) => [g.id, g.nome]),
  );
  return removed.map((r) => ({ ...r, grupoNome: nomes.get(r.grupoId) ?? null }));
}

/** An active dealer-group user who has dealers, none of them active. */
const usuarioSemDealerAtivo = sql`${usuarios.active} and ${usuarios.tipo} = 'DEALER_GRUPO'
  and exists (select 1 from ${usuarioDealers} where ${usuarioDealers.usuarioId} = ${usuarios.id})
  and not exists (
    select 1 from ${usuarioDealers} join ${dealers} on ${dealers.id} = ${usuarioDealers.dealerId}
    where ${usuarioDealers.usuarioId} = ${usuarios.id} and ${dealers.active}
  )`;

export async function usuariosParaInativar(db: DbOrTx): Promise<number[]> {
  const rows = await db.select({ id: usuarios.id }).from(usuarios).where(usuarioSemDealerAtivo).orderBy(usuarios.id);
  return rows.map((r) => r.id);
}

export function inativarUsuarios(tx: DbOrTx, ids: number[]) {
  return tx
    .update(usuarios)
    .set({ active: false })
    .where(and(inArray(usuarios.id, ids), usuarioSemDealerAtivo))
    .returning({ id: usuarios.id, email: usuarios.email });
}

export async function findProduto(db: DbOrTx, id: number) {
  const [produto] = await db.select().from(produtos).where(eq(produtos.id, id));
  return produto;
}

export async function setBaseUriHomolog(tx: DbOrTx, id: number, baseUriHomolog: string) {
  const [produto] = await tx.update(produtos).set({ baseUriHomolog }).where(eq(produtos.id, id)).returning();
  return produto;
}

/** The newest job of each of these queues (one index lookup per queue). */
export async function ultimosJobs(db: DbOrTx, filas: readonly string[]) {
  const latest = await Promise.all(
    filas.map((fila) => db.select().from(jobs).where(eq(jobs.fila, fila)).orderBy(desc(jobs.id)).limit(1)),
  );
  return latest.flat();
}

export async function findJob(db: DbOrTx, id: number) {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job;
}
