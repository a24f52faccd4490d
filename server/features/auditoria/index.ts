import { readFileSync } from 'node:fs';
import { isTipoReferencia } from '../../../domain/auditoria';
import { policies } from '../../../domain/policies';
import { auditoriaArgsSchema } from '../../../domain/schemas/auditoria';
import { forbidden } from '../../graphql/errors';
import { parseInput } from '../../graphql/input';
import { operation, type Feature } from '../../graphql/operation';
import { mayReadHistorico } from './authz';
import { historico } from './queries';
import { addId, idsReferidos, nomesDe } from './referencias';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** An audit row as the API shows it: values as JSON text, and the change field by field. */
function entryView(row: Awaited<ReturnType<typeof historico>>['content'][number]) {
  const antes = isObject(row.valorAnterior) ? row.valorAnterior : {};
  const depois = isObject(row.valorNovo) ? row.valorNovo : {};
  const campos = [...new Set([...Object.keys(antes), ...Object.keys(depois)])].sort();
  return {
    id: row.id,
    alteracao: row.alteracao,
    data: row.data.toISOString(),
    autor:
      row.autorId === null || !row.autorVisivel
        ? null
        : { id: row.autorId, nome: row.autorNome, email: row.autorEmail },
    autorForaDoEscopo: row.autorId !== null && !row.autorVisivel,
    valorAnterior: json(row.valorAnterior),
    valorNovo: json(row.valorNovo),
    campos,
    diferencas: campos.map((campo) => ({
      campo,
      anterior: campo in antes ? JSON.stringify(antes[campo]) : null,
      novo: campo in depois ? JSON.stringify(depois[campo]) : null,
    })),
  };
}

export const auditoriaFeature: Feature = {
  typeDefs: readFileSync(new URL('./auditoria.graphql', import.meta.url), 'utf8'),
  Query: {
    auditoria: operation({
      policy: policies.auditoria.open,
      async resolve(args: unknown, { db, session, idioma }) {
        const { filterInput } = parseInput(auditoriaArgsSchema, args, idioma);
        if (!(await mayReadHistorico(db, session, filterInput.tipo, Number(filterInput.registroId)))) {
          throw forbidden(idioma);
        }
        const { tipo, registroId } = filterInput;
        const page = await historico(db, session, filterInput);
        // One more query for every name the page needs: the record's own and those its values refer to by id.
        const ids = idsReferidos(
          page.content.flatMap((row) => [row.valorAnterior, row.valorNovo]),
          tipo,
        );
        const proprio = isTipoReferencia(tipo) ? { tipo, id: Number(registroId) } : undefined;
        if (proprio) addId(ids, proprio.tipo, registroId);
        const referencias = await nomesDe(db, session, ids, proprio);
        return {
          ...page,
          content: page.content.map(entryView),
          nome: referencias.find((r) => r.tipo === tipo && r.id === String(registroId))?.nome ?? null,
          referencias,
        };
      },
    }),
  },
};
