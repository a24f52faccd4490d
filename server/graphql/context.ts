import type { FastifyRequest } from 'fastify';
import type { Idioma } from '../../domain/enums';
import type { Session } from '../authz';
import type { Config } from '../config';
import type { Db } from '../db/client';

export interface Context {
  db: Db;
  config: Config;
  session: Session | null;
  /** The caller's language: the user's, or PT_BR / Accept-Language when signed out. */
  idioma: Idioma;
  request: FastifyRequest;
}

/** Context of an operation that requires sign-in: the session is there. */
export type SignedInContext = Context & { session: Session };
