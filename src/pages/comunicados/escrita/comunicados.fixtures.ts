import { HttpResponse } from 'msw';
import { api } from '../../../testing/mockApi';
import type { Comunicado } from './comunicado';

/** An hour and a half from now (a valid schedule), as the API answers it. */
export const daquiAUmaHoraEMeia = () => new Date(Date.now() + 90 * 60 * 1000).toISOString();

export const DEPARTAMENTOS = [
  { id: '3', sigla: 'RH', nome: 'Recursos Humanos', assinatura: 'Equipe de RH\nramal 4040' },
  { id: '4', sigla: 'POS', nome: 'Pós-venda', assinatura: null },
];

export const GRUPOS_ATIVOS = [
  { id: '21', nome: 'Gerentes de vendas', publico: true, favorito: true },
  { id: '22', nome: 'Consultores técnicos', publico: true, favorito: false },
];

export const APROVADORES = [
  { id: '501', nome: 'Marta Aprovadora', email: 'marta@montadora.com' },
  { id: '502', nome: 'Rui Diretor', email: 'rui@montadora.com' },
];

export const SERIES = [
  { id: '8', version: 2, nome: 'Recursos Humanos', prefixo: 'RH', contador: 41, active: true },
  { id: '9', version: 1, nome: 'Antiga', prefixo: 'OLD', contador: 3, active: false },
];

export const ETIQUETAS = [
  { id: '31', version: 1, nome: 'Recall', totalComunicados: 4 },
  { id: '32', version: 3, nome: 'Treinamento', totalComunicados: 1 },
];

/** A draft with every field filled, by an author holding the approval key. */
export function rascunho(overrides: Partial<Comunicado> = {}): Comunicado {
  return {
    id: '77',
    version: 5,
    titulo: 'Campanha de revisão',
    mensagem: '<h2>Importante</h2><p>Revisem os freios.</p>',
    createdDateTime: '2026-11-20T12:00:00.000Z',
    envioDateTime: null,
    motivoRejeicao: null,
    dataHoraAgendamento: daquiAUmaHoraEMeia(),
    status: { id: 'RASCUNHO', description: 'Rascunho' },
    usuarioCriador: { id: '900', nome: 'Paula Autora', email: 'paula@montadora.com' },
    usuarioAprovador: { id: '501', nome: 'Marta Aprovadora', email: 'marta@montadora.com' },
    detentoresAprovacao: [],
    decididoPor: null,
    grupos: [{ id: '21', nome: 'Gerentes de vendas' }],
    usuariosRemovidos: [{ id: '610', nome: 'Beto Removido', email: 'beto@dealer.com' }],
    etiquetas: [{ id: '31', nome: 'Recall' }],
    arquivos: [{ id: '1201', nome: 'tabela.pdf', tamanho: 1_500_000, tipoMime: 'application/pdf' }],
    arquivado: false,
    emailsAvulsos: [{ email: 'fornecedor@externo.com', status: null }],
    departamento: DEPARTAMENTOS[0]!,
    idParent: null,
    justificativa: null,
    erratas: [],
    templateName: 'padrao',
    serie: { id: '8', nome: 'Recursos Humanos', prefixo: 'RH' },
    numero: null,
    exigeConfirmacao: true,
    destinatarios: null,
    acoes: ['salvar', 'excluir', 'enviarParaAprovacao', 'enviar', 'visualizarEnvio'],
    ...overrides,
  };
}

/** The attachment limits the server answers by default (COMUNICADO_ANEXO_MAX_MB 25, total 50). */
export const limitesAnexosPadrao = () =>
  api.query('comunicados_limitesAnexos', () =>
    HttpResponse.json({ data: { result: { porArquivo: 25_000_000, total: 50_000_000 } } }),
  );
