import type { ListExport } from '../export';
import type { Feature } from '../graphql/operation';
import type { JobHandlers } from '../jobs';
import { auditoriaFeature } from './auditoria';
import { cadastrosFeature } from './cadastros';
import { dealersFeature } from './dealers';
import { gruposFeature } from './grupos';
import { plataforma } from './plataforma';
import { produtosFeature } from './produtos';
import { superAdminFeature, superAdminJobs } from './superAdmin';
import { usuariosFeature } from './usuarios';

/** Every server feature; the schema is built from their SDL and operations. */
export const features: Feature[] = [
  plataforma,
  produtosFeature,
  usuariosFeature,
  auditoriaFeature,
  cadastrosFeature,
  gruposFeature,
  dealersFeature,
  superAdminFeature,
];

/** The handler of each background-job queue; buildApp starts a pg-boss worker for each. */
export const jobHandlers: JobHandlers = { ...superAdminJobs };

/** Every list export of every feature, by name (GET /api/exportar/{name}). */
export const listExports: Record<string, ListExport> = Object.assign({}, ...features.map((f) => f.exports ?? {}));
