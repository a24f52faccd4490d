import { PASSWORD_MIN_LENGTH } from '../../domain/limits';

// The common-password list of zxcvbn-ts (about 49,000 leaked passwords, lower case), on the server
// only so the client bundle does not carry it, and loaded on first use so the server's start does
// not wait for it. Only the entries the length rule of domain/schemas/senha.ts lets through are kept.
let common: Promise<Set<string>> | undefined;
const commonPasswords = () =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].filter((password) => password.length >= PASSWORD_MIN_LENGTH)),
  ));

/** The server's half of the password rule: not a common password, whatever its case. */
export const isCommonPassword = async (senha: string) => (await commonPasswords()).has(senha.toLowerCase());
