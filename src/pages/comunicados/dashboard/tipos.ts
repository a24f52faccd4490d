import type { ComunicadoLinha, Pagina } from '../lista/tipos';

export interface ComunicadoDashboard {
  comunicado: ComunicadoLinha & { exigeConfirmacao: boolean };
  destinatarios: number;
  lidos: number;
  taxaLeitura: number;
  confirmados: number;
  leiturasPorDia: { data: string; lidos: number; confirmados: number }[];
  emails: { fila: number; enviados: number; falhas: number };
  lembradoEm: string | null;
  podeLembrar: boolean;
}

export const NIVEIS = ['MARCA', 'GRUPO', 'DEALER'] as const;
export type Nivel = (typeof NIVEIS)[number];

export interface LinhaRollup {
  id: string;
  nome: string;
  destinatarios: number;
  lidos: number;
  confirmados: number;
  taxaLeitura: number;
}

export type ColunaRollup = 'nome' | 'destinatarios' | 'lidos' | 'confirmados' | 'taxaLeitura';
export interface Ordem {
  coluna: ColunaRollup;
  direcao: 'asc' | 'desc';
}

/** The roll-up in the table's order; ties by name, so the order never jumps. */
export function ordenarRollup(
  linhas: readonly LinhaRollup[],
  { coluna, direcao }: Ordem,
  locale: string,
): LinhaRollup[] {
  const sinal = direcao === 'asc' ? 1 : -1;
  const porNome = (a: LinhaRollup, b: LinhaRollup) => a.nome.localeCompare(b.nome, locale);
  return [...linhas].sort((a, b) => {
    const c = coluna === 'nome' ? porNome(a, b) : (a[coluna] as number) - (b[coluna] as number);
    return c !== 0 ? sinal * c : porNome(a, b);
  });
}

export interface Destinatario {
  id: string;
  nome: string;
  email: string;
  lidoEm: string | null;
  confirmadoEm: string | null;
}
export type PaginaDestinatarios = Pagina<Destinatario>;

export interface EmailEnvio {
  email: string;
  avulso: boolean;
  status: { name: string; descricao: string } | null;
  tentativas: number;
  enviadoEm: string | null;
}
