import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { createGroupAndLogStreamSchema, sendLogsSchema } from '../../../domain/schemas/logs';
import { translate } from '../../../i18n';
import { pickIdioma } from '../../auth/language';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { logEventos, logGrupos, logStreams } from '../../db/schema';
import { fieldErrorsOf } from '../../validation';

function sameKey(given: unknown, expected: string): boolean {
  const a = Buffer.from(String(given ?? ''));
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function ensureStream(tx: DbOrTx, grupo: string, stream: string, tags?: Record<string, string>) {
  await tx
    .insert(logGrupos)
    .values({ nome: grupo, tags: tags ?? {} })
    .onConflictDoNothing();
  await tx.insert(logStreams).values({ grupo, nome: stream }).onConflictDoNothing();
}

/** Client log collection (spec section 7): both calls need the `api-key` header. */
export async function logRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  function parseBody<S extends z.ZodType>(schema: S, req: FastifyRequest, reply: FastifyReply): z.infer<S> | undefined {
    const idioma = pickIdioma(req.headers['accept-language']);
    if (!sameKey(req.headers['api-key'], config.logApiKey)) {
      reply.code(401).send({ code: 'UNAUTHENTICATED', message: translate(idioma, 'errors.invalidApiKey') });
      return undefined;
    }
    const parsed = schema.safeParse(req.body);
    if (!parsed.success) {
      reply.code(400).send({ code: 'BAD_USER_INPUT', fieldErrors: fieldErrorsOf(idioma, parsed.error) });
      return undefined;
    }
    return parsed.data;
  }

  app.post('/createGroupAndLogStream', async (req, reply) => {
    const body = parseBody(createGroupAndLogStreamSchema, req, reply);
    if (!body) return reply;
    await ensureStream(db, body.logGroupName, body.logStreamName, body.tags);
    return reply.code(201).send({ logGroupName: body.logGroupName, logStreamName: body.logStreamName });
  });

  app.post('/sendLogs', async (req, reply) => {
    const body = parseBody(sendLogsSchema, req, reply);
    if (!body) return reply;
    // A stream that was never created is created here: no log entry is lost.
    await db.transaction(async (tx) => {
      await ensureStream(tx, body.logGroupName, body.logStreamName);
      await tx.insert(logEventos).values(
        body.logs.map((log) => ({
          grupo: body.logGroupName,
          stream: body.logStreamName,
          tipo: log.type,
          mensagem: log.message,
          stack: log.stack ?? null,
          metadata: log.metadata ?? null,
          timestamp: log.timestamp ?? new Date(),
        })),
      );
    });
    return reply.code(202).send({ accepted: body.logs.length });
  });
}
