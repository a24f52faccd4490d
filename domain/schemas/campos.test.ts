import { describe, expect, it } from 'vitest';
import { httpUrl, MAX_ID, recordId, requiredId, requiredIds } from './campos';
import { dadoComplementarSchema } from './dealer';
import { produtoEdicaoSchema } from './superAdmin';
import { idSchema } from './usuario';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('shared field schemas', () => {
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
