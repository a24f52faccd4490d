import { z } from 'zod';
import { LOG_TYPES } from '../enums';
import { optionalInstant } from './campos';
import { LOG_BATCH_MAX_ENTRIES, LOG_MESSAGE_MAX_LENGTH, LOG_STACK_MAX_LENGTH } from '../limits';

const nome = z.string().trim().min(1, 'validation.required').max(512, 'validation.maxLength');

export const createGroupAndLogStreamSchema = z.object({
  logGroupName: nome,
  logStreamName: nome,
  tags: z.record(z.string().max(100, 'validation.maxLength'), z.string().max(512, 'validation.maxLength')).optional(),
});

export const logEntrySchema = z.object({
  timestamp: optionalInstant,
  type: z.enum(LOG_TYPES, 'validation.invalidOption'),
  message: z.string().max(LOG_MESSAGE_MAX_LENGTH, 'validation.maxLength'),
  stack: z.string().max(LOG_STACK_MAX_LENGTH, 'validation.maxLength').nullish(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export const sendLogsSchema = z.object({
  logGroupName: nome,
  logStreamName: nome,
  logs: z.array(logEntrySchema).min(1, 'validation.minItems').max(LOG_BATCH_MAX_ENTRIES, 'validation.maxItems'),
});
