import { log } from '../../../providers/logger';

/** Several boundaries may show the same error, and StrictMode runs effects twice: log each error once. */
const logged = new WeakSet<object>();

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : 'Unknown error';
}

/** Sends the error to the log service unless this error object was already sent. */
export function logErrorOnce(message: string, error: unknown): void {
  if (typeof error === 'object' && error !== null) {
    if (logged.has(error)) return;
    logged.add(error);
  }
  log.error(message, error);
}
