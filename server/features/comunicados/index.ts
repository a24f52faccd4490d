import { readFileSync } from 'node:fs';
import { policies } from '../../../domain/policies';
import { portalError } from '../../graphql/errors';
import { operation, type Feature, type Operation, type Operations } from '../../graphql/operation';
import type { Policy } from '../../authz';
import { comunicadoNaoLidosExport, dashboardMutations, dashboardQueries } from './dashboard';
import { leituraMutations, leituraQueries } from './leitura';

/**
 * Announcements (comunicados, issue #28): writing, approval, series, labels, sending (this
 * feature's write side) and reading, dashboards (the reading side). The contract is
 * comunicados.graphql; README.md says who builds which operation. States and who moves them are
 * domain/comunicados.ts's one transition table.
 */

/** An operation declared by the contract and not built yet: a clear, translated GraphQL error. */
const naoImplementado = (policy: Policy): Operation =>
  operation({
    policy,
    resolve: (_args: unknown, { idioma }) => {
      throw portalError(idioma, 'INTERNAL_SERVER_ERROR', 'comunicados.errors.naoImplementado');
    },
  });

const pendentes = (policy: Policy, names: string[]): Operations =>
  Object.fromEntries(names.map((name) => [name, naoImplementado(policy)]));

export const comunicadosFeature: Feature = {
  typeDefs: readFileSync(new URL('./comunicados.graphql', import.meta.url), 'utf8'),
  Query: {
    ...pendentes(policies.comunicados.edit, [
      'comunicado',
      'comunicados',
      'aprovadoresComunicado',
      'departamentosComunicados',
      'seriesComunicados',
      'etiquetasComunicados',
      'previaDestinatariosComunicado',
      'comunicadoEmails',
    ]),
    ...pendentes(policies.comunicados.read, ['visualizarEnvio']),
    // The reading side (leitura.ts, dashboard.ts).
    ...leituraQueries,
    ...dashboardQueries,
  },
  Mutation: {
    ...pendentes(policies.comunicados.edit, [
      'salvarComunicado',
      'excluirComunicado',
      'enviarComunicadoParaAprovacao',
      'retirarComunicadoDaAprovacao',
      'aprovarComunicado',
      'rejeitarComunicado',
      'enviarComunicado',
      'cancelarAgendamentoComunicado',
      'arquivarComunicado',
      'criarErrataComunicado',
      'salvarSerieComunicado',
      'salvarEtiquetaComunicado',
      'excluirEtiquetaComunicado',
    ]),
    ...leituraMutations,
    ...dashboardMutations,
  },
  exports: { comunicadoNaoLidos: comunicadoNaoLidosExport },
};

export { anexoRoutes } from './leitura';
