import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../limits';

// Messages are i18n catalog keys; the server and the forms translate them with the bounds.

export const pedidoSenhaSchema = z.object({
  email: z.email('validation.email'),
  idioma: z.string().optional(),
});

const novaSenha = z.string().min(PASSWORD_MIN_LENGTH, 'forgotPassword.tooShort');

export const novaSenhaSchema = z.object({
  token: z.string().min(1, 'validation.required'),
  senha: novaSenha,
});

/** My account's password change, as the server takes it. */
export const alteracaoSenhaSchema = z.object({
  senhaAtual: z.string().min(1, 'validation.required'),
  novaSenha,
});

/** The form adds the confirmation, which must repeat the new password. */
export const alteracaoSenhaFormSchema = alteracaoSenhaSchema
  .extend({ confirmacao: z.string() })
  .refine((v) => v.confirmacao === v.novaSenha, { path: ['confirmacao'], message: 'forgotPassword.mismatch' });
