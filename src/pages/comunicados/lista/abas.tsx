import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHAVE_APROVACAO } from '../../../../domain/comunicados';
import type { AccessRule } from '../../../../domain/access';
import { policies } from '../../../../domain/policies';
import type { ContagensComunicados } from './tipos';

/**
 * One tab of /comunicados. The tab bar shows, in this order, those whose `rule` the viewer
 * holds; `?aba=<id>` in the address keeps the tab. The writing side adds its own ("SERIES",
 * "ETIQUETAS") by appending to ABAS_COMUNICADOS below with its panel.
 */
export interface AbaComunicadosDef {
  /** The ?aba= value (and, for the lists, the API's `aba`). */
  id: string;
  /** i18n key of its label. */
  label: string;
  /** Who sees the tab (absent: every signed-in user). */
  rule?: AccessRule;
  /** The number shown on the tab (unread or waiting), from contagensComunicados. */
  contagem?: (contagens: ContagensComunicados) => number;
  /** The count is of unread announcements (said so in the tab's name), not of all the tab holds. */
  naoLidos?: true;
  /** The tab's panel (lazy keeps it out of the page's chunk until opened). */
  Painel: ComponentType | LazyExoticComponent<ComponentType>;
}

const Entrada = lazy(() => import('./CaixaEntrada').then((m) => ({ default: m.Entrada })));
const Arquivados = lazy(() => import('./CaixaEntrada').then((m) => ({ default: m.Arquivados })));
const Enviados = lazy(() => import('./ListaAutor').then((m) => ({ default: m.Enviados })));
const Agendados = lazy(() => import('./ListaAutor').then((m) => ({ default: m.Agendados })));
const Rascunhos = lazy(() => import('./ListaAutor').then((m) => ({ default: m.Rascunhos })));
const Series = lazy(() => import('../serie/SeriesComunicados').then((m) => ({ default: m.SeriesComunicados })));
const Etiquetas = lazy(() =>
  import('../etiquetas/EtiquetasComunicados').then((m) => ({ default: m.EtiquetasComunicados })),
);
const Pendentes = lazy(() => import('./ListaAutor').then((m) => ({ default: m.Pendentes })));

/** Holders of the approval key (provider staff hold every key). */
const APROVADORES: AccessRule = { funcionalidades: [CHAVE_APROVACAO] };
const AUTORES = policies.comunicados.create.rule;

export const ABAS_COMUNICADOS: AbaComunicadosDef[] = [
  { id: 'ENTRADA', label: 'comunicados.abas.ENTRADA', contagem: (c) => c.naoLidos, naoLidos: true, Painel: Entrada },
  { id: 'ENVIADOS', label: 'comunicados.abas.ENVIADOS', rule: AUTORES, Painel: Enviados },
  {
    id: 'AGENDADOS',
    label: 'comunicados.abas.AGENDADOS',
    rule: AUTORES,
    contagem: (c) => c.agendados,
    Painel: Agendados,
  },
  {
    id: 'ARQUIVADOS',
    label: 'comunicados.abas.ARQUIVADOS',
    contagem: (c) => c.naoLidosArquivados,
    naoLidos: true,
    Painel: Arquivados,
  },
  {
    id: 'RASCUNHOS',
    label: 'comunicados.abas.RASCUNHOS',
    rule: AUTORES,
    contagem: (c) => c.rascunhos,
    Painel: Rascunhos,
  },
  {
    id: 'PENDENTES_APROVACAO',
    label: 'comunicados.abas.PENDENTES_APROVACAO',
    rule: APROVADORES,
    contagem: (c) => c.pendentesAprovacao,
    Painel: Pendentes,
  },
  // The writing side's: series and labels, kept by announcement creators.
  { id: 'SERIES', label: 'comunicados.escrita.series.titulo', rule: AUTORES, Painel: Series },
  { id: 'ETIQUETAS', label: 'comunicados.escrita.etiquetas.titulo', rule: AUTORES, Painel: Etiquetas },
];
