import type { ColunaRollup, LinhaRollup } from '../../../../domain/comunicados';
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

export {
  NIVEIS_ROLLUP as NIVEIS,
  type NivelRollup as Nivel,
  type LinhaRollup,
  type ColunaRollup,
} from '../../../../domain/comunicados';

/** A page of the roll-up, its total and the level's least read (the chart). */
export interface PaginaRollup {
  content: LinhaRollup[];
  totalElements: number;
  menosLidos: LinhaRollup[];
}

export interface Ordem {
  coluna: ColunaRollup;
  direcao: 'asc' | 'desc';
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
