import { z } from 'zod';
import { recordId } from './campos';
import { filterInputSchema, optionalBoolean } from './lista';

/** The list of /notificacoes: newest first, paged, optionally only the unread ones. */
export const notificacaoFilterSchema = filterInputSchema(['data'] as const).extend({ naoLidas: optionalBoolean });
export type NotificacaoFilter = z.output<typeof notificacaoFilterSchema>;

/** How many notifications the bell's panel lists (the newest). */
export const NOTIFICACOES_MENU_LIMIT = 20;

/** The bell shows the exact unread count up to this, then "99+"; the server counts no further. */
export const NOTIFICACOES_CONTAGEM_MAX = 100;

export const notificacaoIdSchema = z.object({ id: recordId() });
