// Test fixtures and helpers of the reading side's screens (never imported by the app).
import type { AccessSubject } from '../../../../domain/access';
import { DEALER, renderPage } from '../../../testing/renderPage';
import type { ComunicadoEnvio, ComunicadoLinha, ContagensComunicados } from './tipos';

export const HOJE = new Date().toISOString();

export const DEPARTAMENTO_RH = {
  id: '3',
  sigla: 'RH',
  nome: 'Recursos Humanos',
  assinatura: 'Equipe de RH<br>Ramal 2040',
};

/** A delivery; `over` changes what the test needs. */
export function envio(
  id: string,
  titulo: string,
  over: Partial<Omit<ComunicadoEnvio, 'comunicado'>> & { comunicado?: Partial<ComunicadoEnvio['comunicado']> } = {},
): ComunicadoEnvio {
  const { comunicado, ...rest } = over;
  return {
    id,
    lido: false,
    lidoEm: null,
    confirmado: false,
    confirmadoEm: null,
    arquivado: false,
    favorito: false,
    active: true,
    ...rest,
    comunicado: {
      id: `c${id}`,
      titulo,
      mensagem: '<p>Texto</p>',
      envioDateTime: '2026-11-20T13:00:00Z',
      departamento: DEPARTAMENTO_RH,
      usuarioCriador: { id: '9', nome: 'Marta Lima' },
      etiquetas: [],
      arquivos: [],
      exigeConfirmacao: false,
      idParent: null,
      justificativa: null,
      erratas: [],
      serie: null,
      numero: null,
      ...comunicado,
    },
  };
}

export const ENVIOS: ComunicadoEnvio[] = [
  envio('1', 'RH-0042 – Novo plano de saúde', {
    comunicado: {
      etiquetas: [{ id: '1', nome: 'Benefícios' }],
      exigeConfirmacao: true,
      arquivos: [{ id: '5', nome: 'plano.pdf', tamanho: 204800, tipoMime: 'application/pdf' }],
    },
  }),
  // An erratum: it carries its original's title.
  envio('2', 'Campanha de recall', { favorito: true, comunicado: { idParent: 'c7', justificativa: 'Data corrigida' } }),
  envio('3', 'Treinamento de vendas', { lido: true, lidoEm: '2026-11-21T10:00:00Z' }),
];

export const CONTAGENS: ContagensComunicados = {
  naoLidos: 2,
  naoLidosArquivados: 0,
  pendentesAprovacao: 1,
  rascunhos: 4,
  agendados: 0,
};

export function linha(id: string, titulo: string, over: Partial<ComunicadoLinha> = {}): ComunicadoLinha {
  return {
    id,
    version: 1,
    titulo,
    createdDateTime: '2026-11-19T12:00:00Z',
    envioDateTime: '2026-11-20T13:00:00Z',
    dataHoraAgendamento: null,
    status: { id: 'ENVIADO', description: 'Enviado' },
    usuarioCriador: { id: '7', nome: 'Carlos Prado' },
    detentoresAprovacao: [],
    etiquetas: [],
    departamento: DEPARTAMENTO_RH,
    arquivado: false,
    destinatarios: 1200,
    acoes: ['dashboard', 'errata', 'arquivar', 'visualizarEnvio'],
    ...over,
  };
}

/** Who is signed in: a dealer reads; a manufacturer holding both keys writes and approves. */
export const LEITOR: AccessSubject = DEALER;
export const AUTOR_APROVADOR: AccessSubject = {
  tipo: 'MONTADORA',
  funcionalidades: ['PORTAL_CRIACAO_COMUNICADOS', 'PORTAL_APROVACAO_ENVIO_COMUNICADOS'],
};

/**
 * Renders a page of the reading side at `path` (its route pattern `route`) as the app does (see
 * src/testing/renderPage), the reader signed in unless `subject` says otherwise.
 */
export const renderPagina = renderPage;
