import { readFileSync } from 'node:fs';
import { desc, eq } from 'drizzle-orm';
import { policies } from '../../../domain/policies';
import { filterInputSchema } from '../../../domain/schemas/lista';
import { translate } from '../../../i18n';
import { countOf, pageWithTotal } from '../../db/lists';
import { importacoes } from '../../db/schema';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { jobFalhou, relatorioPath } from './routes';

// The bulk user import (issue #15; docs/importacaoUsuarios.md): importStatus here, the template, the
// upload and the error report in routes.ts, the job in job.ts.

export { importacaoRoutes, importacoesArea } from './routes';
export { importacaoJobs, IMPORTACAO_FILA } from './job';

const statusFilterSchema = filterInputSchema(['createdAt'] as const);

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
    erro: perdida ? translate(row.idioma, 'importacaoUsuarios.arquivo.falhou') : row.erro,
    createdAt: row.createdAt.toISOString(),
    concluidoEm: row.concluidoEm?.toISOString() ?? null,
    relatorioErros: row.erros > 0 ? relatorioPath(row.id) : null,
  };
}

export const importacaoUsuariosFeature: Feature = {
  typeDefs: readFileSync(new URL('./importacaoUsuarios.graphql', import.meta.url), 'utf8'),
  Query: {
    importStatus: operation({
      policy: policies.usuarios.importar,
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
  },
};
