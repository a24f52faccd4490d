import type { UsuarioLogado } from '../../../providers/authProvider';

/** `usuarioLogado` as /minha-conta shows it. */
export interface MinhaConta extends Omit<UsuarioLogado, 'funcionalidades' | 'onboardingsVistos'> {
  marcas: { id: string; nome: string }[];
  produtos: { id: string; nome: string }[];
  dealers: { id: string; nomeExibicao: string; grupo?: { id: string; nome: string } | null }[];
}

/** A session of the user at the identity provider (dates in ISO 8601). */
export interface Sessao {
  id: string;
  inicio: string;
  expiraEm: string | null;
}

/** Up to two letters: the first of the first and of the last name ('Ana Maria Souza' -> 'AS'). */
export function initials(nome: string): string {
  const words = nome.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = Array.from(words[0])[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}
