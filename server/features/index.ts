import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { ListExport } from '../export';
import { manutencaoBancoJob } from '../db/manutencao';
import { sweepJob } from '../files/sweep';
import type { Feature } from '../graphql/operation';
import type { JobHandlers } from '../jobs';
import { pushJob } from '../push';
import { auditoriaFeature } from './auditoria';
import { anexosArea, comunicadosFeature, comunicadosJobs } from './comunicados';
import { ausenciasFeature, documentosArea } from './ausencias';
import { bibliotecaAreas, bibliotecaFeature, bibliotecaJobs } from './biblioteca';
import { cargosFeature } from './cargos';
import { dealersFeature } from './dealers';
import { dispositivosPushFeature } from './dispositivosPush';
import { departamentosFeature } from './departamentos';
import { desligamentosFeature } from './desligamentos';
import { divisoesFeature } from './divisoes';
import { gruposFeature } from './grupos';
import { gruposUsuariosFeature } from './gruposUsuarios';
import { importarUsuariosJobs, importarUsuariosFeature, importacoesArea } from './importarUsuarios';
import { limpezaLogsJob } from './logs';
import { marcasFeature } from './marcas';
import { avataresArea, minhaContaFeature } from './minhaConta';
import { limpezaNotificacoesJob, notificacoesFeature } from './notificacoes';
import { envioJob, notificacoesGenericasFeature } from './notificacoesGenericas';
import { plataforma } from './plataforma';
import { produtosFeature } from './produtos';
import { redesSociaisFeature } from './redesSociais';
import { relatoriosFeature } from './relatorios';
import { setoresFeature } from './setores';
import { superAdminFeature, superAdminJobs } from './superAdmin';
import { vitrineArea, vitrineFeature, vitrineJobs } from './vitrine';
import { exportacoesArea, identidadeJob, inatividadeJob, usuariosFeature, usuariosJobs } from './usuarios';

/** Every server feature; the schema is built from their SDL and operations. */
export const features: Feature[] = [
  plataforma,
  produtosFeature,
  usuariosFeature,
  minhaContaFeature,
  ausenciasFeature,
  auditoriaFeature,
  // Reference data, one feature per resource (shared machinery in server/reference).
  marcasFeature,
  cargosFeature,
  departamentosFeature,
  divisoesFeature,
  setoresFeature,
  desligamentosFeature,
  redesSociaisFeature,
  relatoriosFeature,
  gruposFeature,
  dealersFeature,
  gruposUsuariosFeature,
  importarUsuariosFeature,
  superAdminFeature,
  notificacoesFeature,
  dispositivosPushFeature,
  notificacoesGenericasFeature,
  comunicadosFeature,
  bibliotecaFeature,
  vitrineFeature,
];

/** Every area of the file store, with the records that use its files (the file sweep keeps those). */
export const fileAreas = [
  documentosArea,
  importacoesArea,
  avataresArea,
  exportacoesArea,
  anexosArea,
  ...bibliotecaAreas,
  vitrineArea,
];

/** The handler of each background-job queue; buildApp starts a pg-boss worker for each. */
export const jobHandlers = (config: Config, log: FastifyBaseLogger): JobHandlers => ({
  ...superAdminJobs,
  ...usuariosJobs,
  ...inatividadeJob(config, log),
  ...identidadeJob(config, log),
  ...importarUsuariosJobs(config, log),
  ...sweepJob(config, log, fileAreas),
  ...limpezaNotificacoesJob(config),
  ...limpezaLogsJob(config),
  ...manutencaoBancoJob(config, log),
  ...pushJob(config, log),
  ...envioJob,
  ...comunicadosJobs(config, log),
  ...bibliotecaJobs(config, log),
  ...vitrineJobs(config, log),
});

/** Every list export of every feature, by name (GET /api/exportar/{name}). */
export const listExports: Record<string, ListExport> = Object.assign({}, ...features.map((f) => f.exports ?? {}));
