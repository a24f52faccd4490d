import type { Feature } from '../graphql/operation';
import { plataforma } from './plataforma';
import { produtosFeature } from './produtos';
import { usuariosFeature } from './usuarios';

/** Every server feature; the schema is built from their SDL and operations. */
export const features: Feature[] = [plataforma, produtosFeature, usuariosFeature];
