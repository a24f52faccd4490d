import type { RaRecord } from 'react-admin';
import type { EstadoNotificacaoGenerica, TipoNotificacaoGenerica } from '../../../domain/schemas/notificacaoGenerica';

/** A model or generic notification as the API answers it (RESOURCES.notificacoesGenericas.fields). */
export interface NotificacaoGenerica extends RaRecord {
  version: number;
  tipo: TipoNotificacaoGenerica;
  estado: EstadoNotificacaoGenerica;
  titulo: string;
  texto: string;
  link: string | null;
  produto: { id: string; nome: string } | null;
  modelo: { id: string; titulo: string } | null;
  modeloVersao: number | null;
  grupos: { id: string; nome: string }[];
  dataHoraAgendamento: string | null;
  enviadaEm: string | null;
  destinatarios: number | null;
  autor: { id: string; nome: string } | null;
  createdAt: string;
  totalVersoes: number;
}

export interface Versao {
  versao: number;
  titulo: string;
  texto: string;
  link: string | null;
  autor: { id: string; nome: string } | null;
  createdAt: string;
}

export const novaPath = (tipo: TipoNotificacaoGenerica) => `/notificacoesGenericas/nova/${tipo}`;
export const editarPath = (tipo: TipoNotificacaoGenerica, id: string | number) =>
  `/notificacoesGenericas/editar/${tipo}/${id}`;
export const listaPath = (tipo: TipoNotificacaoGenerica) => `/notificacoesGenericas?tipo=${tipo}`;

/** A stored rich text read as plain text (the versions list and the read-only view's summary). */
export const textoSimples = (html: string) =>
  html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/** A datetime-local value as an ISO instant (shared with the announcement forms). */
export { instanteDe } from '../../components/format';
