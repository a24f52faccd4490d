import type { DbOrTx } from '../db/client';
import { auditoria } from '../db/schema';

export interface AuditEntry {
  /** Record kind as in /auditoria/{id}/{tipo}, e.g. 'USUARIO', 'DEALER', 'GRUPO'. */
  tipo: string;
  registroId: number | string;
  /** What happened: CRIACAO, ALTERACAO, ATIVACAO, INATIVACAO or a named cascade. */
  alteracao: string;
  valorAnterior?: unknown;
  valorNovo?: unknown;
  autorId: number | null;
}

/**
 * Records one audit entry. Call it with the transaction that makes the change, so the record
 * and its history commit or roll back together.
 */
export async function recordAudit(tx: DbOrTx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await tx.insert(auditoria).values(
    list.map((e) => ({
      tipo: e.tipo,
      registroId: String(e.registroId),
      alteracao: e.alteracao,
      valorAnterior: e.valorAnterior ?? null,
      valorNovo: e.valorNovo ?? null,
      autorId: e.autorId,
    })),
  );
}

/** Only the fields that differ, as { before, after } objects for the audit record. */
export function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const antes: Record<string, unknown> = {};
  const depois: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      antes[key] = before[key];
      depois[key] = after[key];
    }
  }
  return { antes, depois, changed: Object.keys(depois).length > 0 };
}
