import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AuditEntry } from '../../audit';
import { allOf } from '../../db/lists';
import { dealerOwnedScope, usuarioScope, type Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { dealerGrupos, dealerMarcas, dealers, grupoMarcas, grupos, usuarioDealers, usuarios } from '../../db/schema';

// The cascades of a group change (spec section 4): removing a brand from a group unlinks from it
// the dealers that share no remaining brand with it, and those tied only to removed brands become
// inactive; inactivating a group inactivates its dealers. The users of inactivated dealers who are
// left without any active dealer become inactive too. Reactivating a group reactivates the group
// only: which dealers were active before is not known, so they are reactivated one by one.
// A cascade reaches only what the caller owns (server/authz/scope.ts): a dealer that also serves a
// brand of another manufacturer (or, for a dealer-group user, a dealer not theirs) is never
// inactivated by it; where the rule would inactivate it, it is unlinked from the group instead and
// keeps its state. Users outside the caller's scope are never inactivated.

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
export async function planCascade(
  db: DbOrTx,
  session: Session,
  grupoId: number,
  change: GrupoChange,
): Promise<CascadePlan> {
  const owned = dealerOwnedScope(session) ?? sql`true`;
  const [grupo] = await db.select({ active: grupos.active }).from(grupos).where(eq(grupos.id, grupoId));
  const current = await db
    .select({ id: grupoMarcas.marcaId })
    .from(grupoMarcas)
    .where(eq(grupoMarcas.grupoId, grupoId));
  const members = await db
    .select({
      id: dealers.id,
      active: dealers.active,
      owned: sql<boolean>`${owned}`,
      marcaIds: sql<
        number[]
      >`coalesce(array_agg(${dealerMarcas.marcaId}) filter (where ${dealerMarcas.marcaId} is not null), '{}')`,
    })
    .from(dealerGrupos)
    .innerJoin(dealers, eq(dealers.id, dealerGrupos.dealerId))
    .leftJoin(dealerMarcas, eq(dealerMarcas.dealerId, dealers.id))
    .where(eq(dealerGrupos.grupoId, grupoId))
    .groupBy(dealers.id);
  const kept = new Set(change.marcaIds);
  const removed = new Set(current.map((m) => m.id).filter((id) => !kept.has(id)));
  const inactivating = grupo.active && !change.active;

  const desvincular: number[] = [];
  const inativar = new Set<number>();
  for (const dealer of members) {
    const hasRemoved = dealer.marcaIds.some((id) => removed.has(id));
    let unlink = hasRemoved && !dealer.marcaIds.some((id) => kept.has(id));
    const tiedOnlyToRemoved = unlink && dealer.marcaIds.every((id) => removed.has(id));
    if (dealer.active && (tiedOnlyToRemoved || inactivating)) {
      if (dealer.owned) inativar.add(dealer.id);
      else unlink = true;
    }
    if (unlink) desvincular.push(dealer.id);
  }
  const inativarDealers = [...inativar];
  return {
    desvincular,
    inativarDealers,
    inativarUsuarios: await usersLeftWithoutDealer(db, session, inativarDealers),
  };
}

/** Active users of these dealers who have no other active dealer. */
async function usersLeftWithoutDealer(db: DbOrTx, session: Session, dealerIds: number[]): Promise<number[]> {
  if (dealerIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: usuarios.id })
    .from(usuarioDealers)
    .innerJoin(usuarios, eq(usuarios.id, usuarioDealers.usuarioId))
    .where(
      allOf(
        usuarioScope(session),
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
