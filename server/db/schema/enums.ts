import { pgEnum } from 'drizzle-orm/pg-core';
import { IDIOMAS, TIPOS_USUARIO } from '../../../domain/enums';

export const idiomaEnum = pgEnum('idioma', IDIOMAS);
export const tipoUsuarioEnum = pgEnum('tipo_usuario', TIPOS_USUARIO);
