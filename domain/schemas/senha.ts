import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../limits';

// Messages are i18n catalog keys; the server and the forms translate them with the bounds.

export const pedidoSenhaSchema = z.object({
  email: z.email('validation.email'),
  idioma: z.string().optional(),
});

export const novaSenhaSchema = z.object({
  token: z.string().min(1, 'validation.required'),
  senha: z.string().min(PASSWORD_MIN_LENGTH, 'forgotPassword.tooShort'),
});
