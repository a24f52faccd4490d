import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { FileArea } from '../../files/sweep';

// The library's areas of the file store (issue #29), for the file sweep. Removing an item deletes
// its `arquivos` row (and its thumbnail record) in the same transaction; the sweep then finds the
// stored bytes referenced by nothing and frees them, so a rolled-back removal never loses a file.

/** Where library uploads (POST /api/upload, fileType LIBRARY) are stored. */
export const AREA_BIBLIOTECA = 'biblioteca';
/** Image thumbnails made by the content job. */
export const AREA_MINIATURAS = 'miniaturas';

/**
 * Uploads kept while placed in the library; one never placed (the dialog was closed, the placing
 * refused) is deleted with its record once older than the grace period.
 */
export const bibliotecaArea: FileArea = {
  area: AREA_BIBLIOTECA,
  chaves: sql`select chave from arquivos where chave like ${`${AREA_BIBLIOTECA}/%`}`,
  async soltos(db: DbOrTx, graceHours: number) {
    const { rows } = await db.execute<{ chave: string }>(sql`delete from arquivos a
      where a.chave like ${`${AREA_BIBLIOTECA}/%`} and a.created_at < now() - make_interval(hours => ${graceHours})
        and not exists (select 1 from biblioteca_itens i where i.arquivo_id = a.id)
      returning a.chave`);
    return rows.map((r) => r.chave);
  },
};

export const miniaturasArea: FileArea = {
  area: AREA_MINIATURAS,
  chaves: sql`select miniatura_chave from biblioteca_conteudos where miniatura_chave is not null`,
};

export const bibliotecaAreas = [bibliotecaArea, miniaturasArea];
