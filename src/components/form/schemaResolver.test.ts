import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { schemaResolver } from './schemaResolver';

const schema = z.object({
  nome: z.string().trim().min(1, 'validation.required').max(5, 'validation.maxLength'),
  endereco: z.object({ cidade: z.string().min(1, 'validation.required') }),
});
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('schemaResolver', () => {
  it("gives react-admin each field's i18n key with the schema's bounds, nested by path", async () => {
    const result = await schemaResolver(schema)({ nome: 'abcdefg', endereco: { cidade: '' } }, undefined, options);
    expect(result.values).toEqual({});
    const errors = result.errors as unknown as {
      nome: { message: string; type: string };
      endereco: { cidade: { message: string } };
    };
    expect(errors.nome.type).toBe('too_big');
    expect(errors.nome.message).toBe('@@react-admin@@{"message":"validation.maxLength","args":{"min":0,"max":5}}');
    expect(JSON.parse(errors.endereco.cidade.message.replace('@@react-admin@@', ''))).toMatchObject({
      message: 'validation.required',
    });
  });

  it("keeps the form's own values (unknown fields included) when they are valid", async () => {
    const values = { id: '3', nome: 'Ana', endereco: { cidade: 'Recife' }, active: true };
    expect(await schemaResolver(schema)(values, undefined, options)).toEqual({ values, errors: {} });
  });
});

describe("schemaResolver and a custom issue's params", () => {
  it('passes them as the message arguments', async () => {
    const custom = z.object({ produtos: z.array(z.string()) }).superRefine((_v, ctx) =>
      ctx.addIssue({
        code: 'custom',
        path: ['produtos'],
        message: 'usuarios.validation.tiposAcessoSemPadrao',
        params: { tipos: 'Gestor, Leitor' },
      }),
    );
    const result = await schemaResolver(custom)({ produtos: [] }, undefined, options);
    const errors = result.errors as unknown as { produtos: { message: string } };
    expect(JSON.parse(errors.produtos.message.replace('@@react-admin@@', ''))).toEqual({
      message: 'usuarios.validation.tiposAcessoSemPadrao',
      args: { min: 0, max: 0, tipos: 'Gestor, Leitor' },
    });
  });
});
