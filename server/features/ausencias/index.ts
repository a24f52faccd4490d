import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { translate } from '../../../i18n';
import { policies } from '../../../domain/policies';
import { ausenciaFilterSchema, ausenciaSchema, type AusenciaValues } from '../../../domain/schemas/ausencia';
import { recordId, versionField } from '../../../domain/schemas/campos';
import { BUSCA_MAX_LENGTH } from '../../../domain/schemas/lista';
import { auditedDelete, auditedWrite, sqlStateOf } from '../../audit/write';
import type { Session } from '../../authz';
import type { DbOrTx } from '../../db/client';
import { ausenciasTemporarias } from '../../db/schema';
import { hojeNoPortal } from '../../db/timeZone';
import { badUserInputKeys, notFound } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { authorizeUsuario, ausenciaVisivel, readableUsuario } from './access';
import * as q from './queries';

export { documentoRoutes, documentosArea } from './documentos';

/** The caller sees the absence's user (usuarioScope): the audit page's record check. */
export async function ausenciaNoAlcance(db: DbOrTx, session: Session, id: number): Promise<boolean> {
  try {
    await ausenciaVisivel(db, session, id);
    return true;
  } catch {
    return false;
  }
}

// Temporary absences (issue #13): a user's absences, kept by holders of PORTAL_AUSENCIA_TEMPORARIA
// for the users they see (usuarioScope, themselves included). Overlaps are refused by the database.

const EXCLUSION_VIOLATION = '23P01';
const TIPO_AUDITORIA = 'AUSENCIA_TEMPORARIA';

const byId = z.object({ id: recordId() });
const removeArgs = byId.extend({ version: versionField });
const substitutosArgs = z.object({
  usuarioId: recordId(),
  busca: z.string().trim().max(BUSCA_MAX_LENGTH, 'validation.maxLength').nullish(),
});

/** An absence as the API shows it to `session`: a delegate outside their scope by id only. */
function viewOf(row: q.AusenciaRow, session: Session) {
  const nomeSubstituto = row.substitutoVisivel
    ? row.substitutoNome
    : translate(session.idioma, 'ausencias.substitutoForaDoEscopo');
  return {
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    arquivo: row.arquivoId
      ? { id: row.arquivoId, nome: row.arquivoNome, tamanho: row.arquivoTamanho, disponivel: row.disponivel }
      : null,
    substituto: row.substitutoId ? { id: row.substitutoId, nome: nomeSubstituto } : null,
  };
}

/** What the audit trail keeps of an absence. */
const snapshotOf = (v: Omit<AusenciaValues, 'id' | 'version'>) => ({
  usuarioId: v.usuarioId,
  inicio: v.inicio,
  retorno: v.retorno,
  fimOperacao: v.fimOperacao,
  motivo: v.motivo,
  justificativa: v.justificativa,
  local: v.local,
  arquivoId: v.arquivoId,
  substitutoId: v.substitutoId,
});

async function saveAusencia(db: DbOrTx, session: Session, raw: Record<string, unknown>): Promise<number> {
  const { idioma } = session;
  const id = raw.id == null || raw.id === '' ? undefined : parseInput(byId, { id: raw.id }, idioma).id;
  // An update keeps the absence's user; its stored start may stay even once it is past.
  const stored = id ? await ausenciaVisivel(db, session, id) : undefined;
  const input = parseInput(
    ausenciaSchema({ hoje: await hojeNoPortal(db), inicioGravado: stored?.inicio }),
    stored ? { ...raw, usuarioId: stored.usuarioId } : raw,
    idioma,
  );
  const usuarioId = input.usuarioId;
  await authorizeUsuario(db, session, usuarioId);
  try {
    return await auditedWrite(db, session, {
      tipo: TIPO_AUDITORIA,
      table: ausenciasTemporarias,
      target: id ? { id, version: input.version } : undefined,
      async load(tx, ausenciaId) {
        const row = await q.findAusencia(tx, ausenciaId);
        if (!row) throw notFound(idioma);
        return snapshotOf(row);
      },
      async check(tx, before) {
        const errors: Record<string, string> = {};
        if (input.substitutoId && input.substitutoId !== before?.substitutoId) {
          if (!(await q.substitutoValido(tx, session, input.substitutoId))) {
            errors.substitutoId = 'ausencias.validation.substitutoInvalido';
          }
        }
        if (input.arquivoId && input.arquivoId !== before?.arquivoId) {
          if (!(await q.arquivoAnexavel(tx, session, input.arquivoId, id))) {
            errors.arquivoId = 'ausencias.validation.arquivoInvalido';
          }
        }
        return errors;
      },
      async write(tx) {
        if (!id) return q.insertAusencia(tx, usuarioId, session.usuarioId, input);
        await q.updateAusencia(tx, id, input);
        return id;
      },
      after: () => snapshotOf(input),
    });
  } catch (error) {
    // Another absence of the user covers some of these days (possibly saved concurrently).
    if (sqlStateOf(error) === EXCLUSION_VIOLATION) {
      throw badUserInputKeys(idioma, {
        inicio: 'ausencias.validation.sobreposicao',
        retorno: 'ausencias.validation.sobreposicao',
      });
    }
    throw error;
  }
}

export const ausenciasFeature: Feature = {
  typeDefs: readFileSync(new URL('./ausencias.graphql', import.meta.url), 'utf8'),
  Query: {
    ausenciasTemporarias: operation({
      policy: policies.ausencias.list,
      async resolve(args: { filterInput?: unknown }, { db, session, idioma }) {
        const filter = parseInput(ausenciaFilterSchema, args.filterInput ?? {}, idioma);
        await readableUsuario(db, session, filter.usuarioId);
        const page = await q.listAusencias(db, session, filter);
        return { ...page, content: page.content.map((row) => viewOf(row, session)) };
      },
    }),
    ausenciaTemporaria: operation({
      policy: policies.ausencias.list,
      resolve: async (args: unknown, { db, session, idioma }) =>
        viewOf(await ausenciaVisivel(db, session, parseInput(byId, args, idioma).id), session),
    }),
    substitutosAusencia: operation({
      policy: policies.ausencias.list,
      async resolve(args: unknown, { db, session, idioma }) {
        const { usuarioId, busca } = parseInput(substitutosArgs, args, idioma);
        await readableUsuario(db, session, usuarioId);
        return q.substitutosPossiveis(db, session, usuarioId, busca);
      },
    }),
  },
  Mutation: {
    salvarAusenciaTemporaria: operation({
      policy: policies.ausencias.edit,
      async resolve(args: { ausencia?: Record<string, unknown> }, { db, session }) {
        const id = await saveAusencia(db, session, args.ausencia ?? {});
        return viewOf((await q.findAusencia(db, id, session))!, session);
      },
    }),
    excluirAusenciaTemporaria: operation({
      policy: policies.ausencias.edit,
      async resolve(args: unknown, { db, session, idioma }) {
        const { id, version } = parseInput(removeArgs, args, idioma);
        return auditedDelete(db, session, {
          tipo: TIPO_AUDITORIA,
          table: ausenciasTemporarias,
          target: { id, version },
          async load(tx, id) {
            const row = await ausenciaVisivel(tx, session, id);
            await authorizeUsuario(tx, session, row.usuarioId);
            return snapshotOf(row);
          },
          remove: q.deleteAusencia,
        });
      },
    }),
  },
};
