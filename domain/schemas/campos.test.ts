import { describe, expect, it } from 'vitest';
import {
  httpUrl,
  isPortalLink,
  MAX_ID,
  optionalDate,
  optionalInstant,
  recordId,
  requiredDate,
  requiredId,
  requiredIds,
} from './campos';
import { ausenciaSchema } from './ausencia';
import { logEntrySchema } from './logs';
import { dadoComplementarSchema } from './dealer';
import { produtoEdicaoSchema } from './superAdmin';
import { idSchema } from './usuario';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('shared field schemas', () => {
  it('keep every date and instant within the years the database holds (1900 to 9999)', () => {
    for (const schema of [optionalDate, requiredDate]) {
      expect(schema.parse('1900-01-01')).toBe('1900-01-01');
      expect(schema.parse('9999-12-31')).toBe('9999-12-31');
      for (const date of ['0000-01-01', '0001-01-01', '1899-12-31']) {
        expect(messageOf(schema.safeParse(date)), date).toBe('validation.dateRange');
      }
      expect(messageOf(schema.safeParse('2026-02-30'))).toBe('validation.invalidValue');
    }
    expect(messageOf(optionalInstant.safeParse('0000-01-01T00:00:00Z'))).toBe('validation.dateRange');
    expect(optionalInstant.parse('2026-01-01T00:00:00Z')).toEqual(new Date('2026-01-01T00:00:00Z'));
    // Every feature's dates use them: absences, log entries.
    const ausencia = ausenciaSchema({ hoje: '2026-01-01' }).safeParse({
      usuarioId: 1,
      inicio: '2026-02-01',
      retorno: '0000-01-01',
      motivo: 'x',
      justificativa: 'x'.repeat(20),
    });
    expect(ausencia.error?.issues.find((i) => i.path[0] === 'retorno')?.message).toBe('validation.dateRange');
    const log = logEntrySchema.safeParse({ timestamp: '0000-06-01T00:00:00Z', type: 'error', message: 'x' });
    expect(messageOf(log)).toBe('validation.dateRange');
  });

  it('bound ids to the database integer range, as numbers and as ID strings', () => {
    for (const schema of [recordId(), requiredId, idSchema]) {
      expect(schema.parse(String(MAX_ID))).toBe(MAX_ID);
      expect(messageOf(schema.safeParse('2147483648'))).toBe('validation.invalidValue');
      expect(messageOf(schema.safeParse(2 ** 31))).toBe('validation.invalidValue');
      expect(messageOf(schema.safeParse('1e30'))).toBe('validation.invalidValue');
    }
    expect(messageOf(requiredIds.safeParse(['1', '2147483648']))).toBe('validation.invalidValue');
    expect(messageOf(requiredIds.safeParse(Array.from({ length: 1001 }, (_, i) => String(i + 1))))).toBe(
      'validation.maxItems',
    );
    expect(messageOf(produtoEdicaoSchema.safeParse({ id: '2147483648', baseUriHomolog: 'https://x.test' }))).toBe(
      'validation.invalidValue',
    );
  });

  it('accept only http(s) web addresses in every URL field', () => {
    expect(httpUrl().parse(' https://portal.test/a ')).toBe('https://portal.test/a');
    for (const uri of ['javascript:alert(1)', 'data:text/html,<script>1</script>', 'ftp://portal.test', 'portal']) {
      expect(messageOf(httpUrl().safeParse(uri)), uri).toBe('validation.url');
      expect(messageOf(dadoComplementarSchema.safeParse({ produtoId: '1', uri })), uri).toBe('validation.url');
      expect(messageOf(produtoEdicaoSchema.safeParse({ id: '1', baseUriHomolog: uri })), uri).toBe('validation.url');
    }
    expect(messageOf(httpUrl().safeParse(`https://portal.test/${'a'.repeat(500)}`))).toBe('validation.maxLength');
  });
});

describe('isPortalLink', () => {
  it('takes http(s) addresses and paths of the portal only', () => {
    for (const ok of ['/comunicados', '/biblioteca/12?x=1', 'https://portal.test/x?y=1', 'http://a.test'])
      expect(isPortalLink(ok)).toBe(true);
    // '/\\evil.test' is '//evil.test' to a browser: another site.
    for (const bad of [
      'javascript:alert(1)',
      '//evil.test',
      '/\\evil.test',
      '/a\\b',
      'data:text/html,x',
      'comunicados',
      ' https://x',
      '/a b',
    ])
      expect(isPortalLink(bad)).toBe(false);
  });
});
