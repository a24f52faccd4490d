import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../audit';
import type { DbOrTx } from '../../db/client';
import { dealerGrupos, dealerMarcas, dealers, grupoMarcas, usuarioDealers, usuarios } from '../../db/schema';

// The cascades of a group change (spec section 4): removing a brand from a group unlinks from it
// the dealers that share no remaining brand with it, and those tied only to removed brands become
// inactive; inactivating a group inactivates its dealers. The users of inactivated dealers who are
// left without any active dealer become inactive too. Reactivating a group reactivates the group
// only: which dealers were active before is not known, so they are reactivated one by one.

export interface GrupoChange {
  marcaIds: number[];
  active: boolean;
}

export interface CascadePlan {
  desvincular: number[];
  inativarDealers: number[];
  inativarUsuarios: number[];
}

/** What saving `change` on group `grupoId` would do to its dealers and their users. */
export async function planCascade(db: DbOrTx, grupoId: number, change: GrupoChange): Promise<CascadePlan> {
  const [current, members] = await Promise.all([
    db.select({ id: grupoMarcas.marcaId }).from(grupoMarcas).where(eq(grupoMarcas.grupoId, grupoId)),
    db
      .select({
        id: dealers.id,
        active: dealers.active,
        marcaIds: sql<
          number[]
        >`coalesce(array_agg(${dealerMarcas.marcaId}) filter (where ${dealerMarcas.marcaId} is not null), '{}')`,
      })
      .from(dealerGrupos)
      .innerJoin(dealers, eq(dealers.id, dealerGrupos.dealerId))
      .leftJoin(dealerMarcas, eq(dealerMarcas.dealerId, dealers.id))
      .where(eq(dealerGrupos.grupoId, grupoId))
      .groupBy(dealers.id),
  ]);
  const kept = new Set(change.marcaIds);
  const removed = new Set(current.map((m) => m.id).filter((id) => !kept.has(id)));

  const desvincular: number[] = [];
  const inativar = new Set<number>();
  for (const dealer of members) {
    const hasRemoved = dealer.marcaIds.some((id) => removed.has(id));
    if (hasRemoved && !dealer.marcaIds.some((id) => kept.has(id))) {
      desvincular.push(dealer.id);
      if (dealer.active && dealer.marcaIds.every((id) => removed.has(id))) inativar.add(dealer.id);
    }
    if (!change.active && dealer.active) inativar.add(dealer.id);
  }
  const inativarDealers = [...inativar];
  return { desvincular, inativarDealers, inativarUsuarios: await usersLeftWithoutDealer(db, inativarDealers) };
}

/** Active users of these dealers who have no other active dealer. */
async function usersLeftWithoutDealer(db: DbOrTx, dealerIds: number[]): Promise<number[]> {
  if (dealerIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: usuarios.id })
    .from(usuarioDealers)
    .innerJoin(usuarios, eq(usuarios.id, usuarioDealers.usuarioId))
    .where(
      and(
        inArray(usuarioDealers.dealerId, dealerIds),
        eq(usuarios.active, true),
        sql`not exists (select 1 from ${usuarioDealers} other join ${dealers} d on d.id = other.dealer_id
          where other.usuario_id = ${usuarios.id} and d.active and d.id not in ${dealerIds})`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Carries out a plan inside the caller's transaction and returns its audit entries. */
export async function applyCascade(
  tx: DbOrTx,
  grupoId: number,
  plan: CascadePlan,
  autorId: number,
): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  if (plan.desvincular.length) {
    await tx
      .delete(dealerGrupos)
      .where(and(eq(dealerGrupos.grupoId, grupoId), inArray(dealerGrupos.dealerId, plan.desvincular)));
    for (const id of plan.desvincular) {
      entries.push({
        tipo: 'DEALER',
        registroId: id,
        alteracao: 'DESVINCULO_GRUPO',
        valorAnterior: { grupoId },
        valorNovo: { grupoId: null },
        autorId,
      });
    }
  }
  if (plan.inativarDealers.length) {
    await tx.update(dealers).set({ active: false }).where(inArray(dealers.id, plan.inativarDealers));
    for (const id of plan.inativarDealers) {
      entries.push(cascadeInactivation('DEALER', id, grupoId, autorId));
    }
  }
  if (plan.inativarUsuarios.length) {
    await tx.update(usuarios).set({ active: false }).where(inArray(usuarios.id, plan.inativarUsuarios));
    for (const id of plan.inativarUsuarios) {
      entries.push(cascadeInactivation('USUARIO', id, grupoId, autorId));
    }
  }
  return entries;
}

const cascadeInactivation = (tipo: string, id: number, grupoId: number, autorId: number): AuditEntry => ({
  tipo,
  registroId: id,
  alteracao: 'INATIVACAO_CASCATA',
  valorAnterior: { active: true },
  valorNovo: { active: false, grupoId },
  autorId,
});
