import type { Config } from './config';

/**
 * How the server log reads: text for a person at a terminal (`npm start` by hand), one JSON line per
 * entry for a log collector (stdout piped or redirected, a container, CI). LOG_FORMAT forces either.
 */
export function logFormatOf(setting: Config['logFormat'], stdoutIsTerminal: boolean): 'json' | 'pretty' {
  if (setting !== 'auto') return setting;
  return stdoutIsTerminal ? 'pretty' : 'json';
}

/** The text stream for `pretty`: pino-pretty, loaded only then (it is not needed for JSON). */
export async function prettyStream(destination?: NodeJS.WritableStream): Promise<NodeJS.WritableStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true, destination });
}

/**
 * The line a start ends with: where to open the portal and, when the database holds the demo
 * accounts, how to sign in (the README lists them all).
 */
export function startLine(
  config: Pick<Config, 'publicUrl' | 'databaseUrl'>,
  demo: { email: string; password: string } | null,
): string {
  const database = config.databaseUrl ? 'PostgreSQL server' : 'PGlite';
  const where = `portal at ${config.publicUrl} on Node ${process.versions.node} (database: ${database})`;
  return demo ? `${where}: sign in as ${demo.email} with password ${demo.password} (demo data)` : where;
}
