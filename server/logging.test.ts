import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { logFormatOf, prettyStream, startLine } from './logging';

describe('server log format', () => {
  it('reads as text on a terminal and as JSON lines otherwise, unless LOG_FORMAT says', () => {
    expect(logFormatOf('auto', true)).toBe('pretty');
    expect(logFormatOf('auto', false)).toBe('json');
    expect(logFormatOf('json', true)).toBe('json');
    expect(logFormatOf('pretty', false)).toBe('pretty');
  });

  it('prints an entry as one line of text, not JSON', async () => {
    let out = '';
    const destination = new Writable({
      write(chunk, _encoding, callback) {
        out += String(chunk);
        callback();
      },
    });
    const stream = await prettyStream(destination);
    stream.write(`${JSON.stringify({ level: 30, time: Date.now(), msg: 'portal at http://x', reqId: 'r1' })}\n`);
    await vi.waitFor(() => expect(out).toMatch(/INFO.*portal at http:\/\/x/));
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(() => JSON.parse(out)).toThrow();
  });
});

describe('start line', () => {
  const config = { publicUrl: 'http://localhost:3000', databaseUrl: undefined };
  it('says where to open the portal and, with the demo data, how to sign in', () => {
    expect(startLine(config, { email: 'super@portal.test', password: 'Portal@2026' })).toMatch(
      /^portal at http:\/\/localhost:3000 on Node [\d.]+ \(database: PGlite\): sign in as super@portal\.test with password Portal@2026/,
    );
  });
  it('names no account when the database has no demo data', () => {
    expect(startLine({ ...config, databaseUrl: 'postgres://db/portal' }, null)).toMatch(
      /^portal at http:\/\/localhost:3000 on Node [\d.]+ \(database: PostgreSQL server\)$/,
    );
  });
});
