import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { LOG_REQUEST_MAX_BYTES } from '../../../domain/limits';
import { createGroupAndLogStreamSchema, sendLogsSchema } from '../../../domain/schemas/logs';
import { translate } from '../../../i18n';
import { pickIdioma } from '../../auth/language';
import { sessionFromAuthorization } from '../../auth/session';
import type { TokenVerifier } from '../../auth/verify';
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

/** The log group of the browser app, which /config.json hands it. */
export const browserLogGroup = (environment: string) => `portal-logs-${environment}`;

/** A stream name of the browser app (providers/logger.ts): `<environment>-<yyyy-mm-dd>`, a real date of this century. */
function isBrowserStream(environment: string, nome: string): boolean {
  const data = nome.startsWith(`${environment}-`) ? nome.slice(environment.length + 1) : '';
  return /^20\d\d-\d\d-\d\d$/.test(data) && new Date(`${data}T00:00:00Z`).toISOString().startsWith(data);
}

/**
 * Client log collection (spec section 7). Non-browser callers send the `api-key` header (LOG_API_KEY,
 * a server secret); the browser app sends its user's bearer token instead, so the key never reaches
 * client code. Both calls are bounded in body size and in calls per minute per address. A bearer
 * caller writes only where the app does (the group of /config.json, a stream per day): any signed-in
 * user could otherwise fill the tables with groups and streams of their own naming, one per call.
 */
export async function logRoutes(
  app: FastifyInstance,
  { db, config, verify }: { db: Db; config: Config; verify: TokenVerifier },
) {
  const limits = {
    bodyLimit: LOG_REQUEST_MAX_BYTES,
    config: { rateLimit: { max: config.logRateLimit, timeWindow: '1 minute' } },
  };

  const browserGroup = browserLogGroup(config.environment);

  async function parseBody<S extends z.ZodType<{ logGroupName: string; logStreamName: string }>>(
    schema: S,
    req: FastifyRequest,
    reply: FastifyReply,
  ): Promise<z.infer<S> | undefined> {
    const idioma = pickIdioma(req.headers['accept-language']);
    const apiKey = req.headers['api-key'];
    const allowed =
      apiKey !== undefined
        ? sameKey(apiKey, config.logApiKey)
        : (await sessionFromAuthorization(db, verify, req.headers.authorization, req.log)) !== null;
    if (!allowed) {
      const key = apiKey !== undefined ? 'errors.invalidApiKey' : 'errors.unauthenticated';
      reply.code(401).send({ code: 'UNAUTHENTICATED', message: translate(idioma, key) });
      return undefined;
    }
    const parsed = schema.safeParse(req.body);
    if (!parsed.success) {
      reply.code(400).send({ code: 'BAD_USER_INPUT', fieldErrors: fieldErrorsOf(idioma, parsed.error) });
      return undefined;
    }
    if (apiKey === undefined) {
      const fieldErrors = {
        ...(parsed.data.logGroupName !== browserGroup && {
          logGroupName: translate(idioma, 'validation.invalidOption'),
        }),
        ...(!isBrowserStream(config.environment, parsed.data.logStreamName) && {
          logStreamName: translate(idioma, 'validation.invalidOption'),
        }),
      };
      if (Object.keys(fieldErrors).length) {
        reply.code(400).send({ code: 'BAD_USER_INPUT', fieldErrors });
        return undefined;
      }
    }
    return parsed.data;
  }

  app.post('/createGroupAndLogStream', limits, async (req, reply) => {
    const body = await parseBody(createGroupAndLogStreamSchema, req, reply);
    if (!body) return reply;
    await ensureStream(db, body.logGroupName, body.logStreamName, body.tags);
    return reply.code(201).send({ logGroupName: body.logGroupName, logStreamName: body.logStreamName });
  });

  app.post('/sendLogs', limits, async (req, reply) => {
    const body = await parseBody(sendLogsSchema, req, reply);
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
