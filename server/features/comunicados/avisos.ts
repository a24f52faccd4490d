import { sql } from 'drizzle-orm';
import type { Idioma } from '../../../domain/enums';
import { translate } from '../../../i18n';
import type { DbOrTx } from '../../db/client';
import { escapeHtml } from '../../html';
import { notify } from '../notificacoes';
import { detentor, type ComunicadoRow } from './queries';

/** The send preview, where a notice of the approval flow leads. */
const previa = (id: number) => `/comunicados/visualizarEnvio/${id}`;

/** The language of one user (a notification to one person is written in theirs). */
export async function idiomaOf(tx: DbOrTx, usuarioId: number): Promise<Idioma> {
  const { rows } = await tx.execute<{ idioma: Idioma }>(sql`select idioma from usuarios where id = ${usuarioId}`);
  return rows[0]?.idioma ?? 'PT_BR';
}

/**
 * Tells the people concerned by a transition (`quem` took it, or the job acting for them): the
 * author, who holds the approval now, or one user (`usuarioId`). The link leads to the send preview
 * (or `destino`), except where the record is no longer theirs to see (`semLink`: a draft again, out
 * of an approver's hands). `args` fill the notice's title.
 */
export async function avisar(
  tx: DbOrTx,
  quem: number,
  row: Pick<ComunicadoRow, 'id' | 'titulo' | 'autorId' | 'aprovadorId'>,
  para: 'autor' | 'detentores' | { usuarioId: number },
  chave: string,
  {
    extra = '',
    semLink = false,
    destino,
    args,
  }: { extra?: string; semLink?: boolean; destino?: string; args?: Record<string, string | number> } = {},
) {
  const um = para === 'autor' ? row.autorId : para === 'detentores' ? undefined : para.usuarioId;
  const idioma = await idiomaOf(tx, um ?? row.aprovadorId ?? row.autorId);
  const usuarios =
    um !== undefined
      ? sql`select ${um}::int`
      : sql`select d.id from comunicados c, usuarios d where c.id = ${row.id} and ${detentor()}`;
  await notify(
    tx,
    { usuarios },
    {
      titulo: translate(idioma, `comunicados.notificacoes.${chave}`, args),
      texto: `<p>${escapeHtml(row.titulo)}</p>${extra}`,
      link: semLink ? null : (destino ?? previa(row.id)),
      origem: 'COMUNICADO_APROVACAO',
      origemId: row.id,
      autorId: quem,
    },
  );
}
