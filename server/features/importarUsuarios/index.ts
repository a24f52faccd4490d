import { readFileSync } from 'node:fs';
import { and, asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { colunasDoCabecalho, tituloColuna, type ChaveColuna } from '../../../domain/importarUsuarios';
import { policies } from '../../../domain/policies';
import { filterInputSchema } from '../../../domain/schemas/lista';
import { translate } from '../../../i18n';
import { countOf, pageWithTotal } from '../../db/lists';
import { importacaoLinhas, importacoes } from '../../db/schema';
import { authorize } from '../../authz';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { idSchema } from '../../../domain/schemas/usuario';
import { letrasDaColuna } from './arquivo';
import { errosDoMotivo } from './erros';
import { titulosDe } from './modelo';
import { jobFalhou, reachOf, relatorioPath } from './routes';

// The bulk user import (issue #15; docs/importarUsuarios.md): importStatus here, the template, the
// upload and the error report in routes.ts, the job in job.ts.

export { importarUsuariosRoutes, importacoesArea } from './routes';
export { importarUsuariosJobs, IMPORTACAO_FILA } from './job';

const statusFilterSchema = filterInputSchema(['createdAt'] as const);
const errosArgs = z.object({
  id: idSchema,
  filterInput: z.preprocess((v) => v ?? {}, filterInputSchema(['linha'] as const)),
});

type Row = typeof importacoes.$inferSelect & { jobFalhou: boolean };

/** One import as the status table shows it. */
function viewOf(row: Row) {
  // A run whose job failed for good (its process died on the last attempt) is an ERROR too.
  const perdida = row.jobFalhou && (row.status === 'RECEIVED' || row.status === 'PROCESSING');
  const status = perdida ? 'ERROR' : row.status;
  const finished = status === 'FINISHED';
  const done = finished ? row.criados + row.atualizados + row.erros : row.processados;
  const progress = finished ? 100 : row.total ? Math.min(100, Math.round((done / row.total) * 10_000) / 100) : 0;
  const rate = status === 'PROCESSING' && row.linhasPorSegundo ? Math.round(row.linhasPorSegundo * 100) / 100 : null;
  return {
    id: String(row.id),
    fileName: row.nomeArquivo,
    status,
    total: row.total,
    done,
    progress,
    criados: row.criados,
    atualizados: row.atualizados,
    erros: row.erros,
    linhasPorSegundo: rate,
    segundosRestantes: rate && row.total !== null ? Math.ceil(Math.max(0, row.total - done) / rate) : null,
    erro: perdida ? translate(row.idioma, 'importarUsuarios.arquivo.falhou') : row.erro,
    createdAt: row.createdAt.toISOString(),
    concluidoEm: row.concluidoEm?.toISOString() ?? null,
    relatorioErros: row.erros > 0 ? relatorioPath(row.id) : null,
  };
}

export const importarUsuariosFeature: Feature = {
  typeDefs: readFileSync(new URL('./importarUsuarios.graphql', import.meta.url), 'utf8'),
  Query: {
    importStatus: operation({
      policy: policies.importarUsuarios.use,
      async resolve(args: { filterInput?: unknown }, { db, session, idioma }) {
        const filter = parseInput(statusFilterSchema, args.filterInput ?? {}, idioma);
        const mine = eq(importacoes.autorId, session.usuarioId);
        const page = await pageWithTotal(
          filter,
          (limit, offset) =>
            db
              .select({
                importacao: importacoes,
                jobFalhou,
              })
              .from(importacoes)
              .where(mine)
              .orderBy(desc(importacoes.id))
              .limit(limit)
              .offset(offset),
          async () => (await db.select({ total: countOf() }).from(importacoes).where(mine))[0].total,
        );
        return {
          totalElements: page.totalElements,
          content: page.content.map((r) => viewOf({ ...r.importacao, jobFalhou: r.jobFalhou })),
        };
      },
    }),
    errosImportacao: operation({
      policy: policies.importarUsuarios.relatorio,
      async resolve(args: unknown, { db, session, idioma }) {
        const { id, filterInput } = parseInput(errosArgs, args, idioma);
        const [imp] = await db
          .select({
            autorId: importacoes.autorId,
            cabecalho: importacoes.cabecalho,
            erros: importacoes.erros,
          })
          .from(importacoes)
          .where(eq(importacoes.id, id));
        // As the report: the author or provider staff; anyone else is told nothing exists.
        authorize(session, policies.importarUsuarios.relatorio, idioma, { reach: reachOf(session, imp) });
        // Each column as the sheet names it: its letters and its header.
        const cabecalho = imp.cabecalho ?? [];
        const indices = new Map<ChaveColuna, number>();
        for (const [index, key] of colunasDoCabecalho(cabecalho, titulosDe).porIndice) indices.set(key, index);
        const colunaDe = (key: ChaveColuna | null) => {
          if (!key) return { coluna: null, letra: null };
          const index = indices.get(key);
          return index === undefined
            ? { coluna: translate(idioma, tituloColuna(key)), letra: null }
            : { coluna: cabecalho[index] ?? translate(idioma, tituloColuna(key)), letra: letrasDaColuna(index) };
        };
        const page = await pageWithTotal(
          filterInput,
          (limit, offset) =>
            db
              .select({ linha: importacaoLinhas.linha, motivo: importacaoLinhas.motivo })
              .from(importacaoLinhas)
              .where(and(eq(importacaoLinhas.importacaoId, id), eq(importacaoLinhas.status, 'ERRO')))
              .orderBy(asc(importacaoLinhas.linha))
              .limit(limit)
              .offset(offset),
          // The import counts its failed rows as it writes them.
          async () => imp.erros,
        );
        return {
          totalElements: page.totalElements,
          content: page.content.map((r) => ({
            linha: r.linha,
            erros: errosDoMotivo(r.motivo).map((e) => ({ ...colunaDe(e.coluna), mensagem: e.mensagem })),
          })),
        };
      },
    }),
  },
};
