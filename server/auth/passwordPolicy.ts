import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '../../domain/limits';

// The common-password list of zxcvbn-ts (about 49,000 leaked passwords, lower case), on the server
// only so the client bundle does not carry it. Only the entries the length rule of
// domain/schemas/senha.ts lets through need keeping.
const COMMON = new Set(dictionary['passwords-common'].filter((password) => password.length >= PASSWORD_MIN_LENGTH));

/** The server's half of the password rule: not a common password, whatever its case. */
export const isCommonPassword = (senha: string) => COMMON.has(senha.toLowerCase());
