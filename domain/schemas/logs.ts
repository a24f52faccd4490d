import { z } from 'zod';
import { LOG_TYPES } from '../enums';

const nome = z.string().trim().min(1, 'validation.required').max(512, 'validation.maxLength');

export const createGroupAndLogStreamSchema = z.object({
  logGroupName: nome,
  logStreamName: nome,
  tags: z.record(z.string(), z.string()).optional(),
});

export const logEntrySchema = z.object({
  timestamp: z.coerce.date('validation.invalidValue').optional(),
  type: z.enum(LOG_TYPES, 'validation.invalidOption'),
  message: z.string().max(20_000, 'validation.maxLength'),
  stack: z.string().max(50_000, 'validation.maxLength').nullish(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export const sendLogsSchema = z.object({
  logGroupName: nome,
  logStreamName: nome,
  logs: z.array(logEntrySchema).min(1, 'validation.minItems').max(500, 'validation.maxItems'),
});
