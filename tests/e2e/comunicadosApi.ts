// Announcements written, submitted and sent through the API for the journeys (tests/e2e/comunicados*.spec.ts)
// whose subject is another step: what the form would have saved, as the server's contract takes it.
import { ApiUser } from './api';

export const criadorApi = new ApiUser('criador@portal.test');
export const montadoraApi = new ApiUser('montadora@portal.test');
export const superApi = new ApiUser('super@portal.test');

/** What a round trip through the form must keep (besides the title it edits). */
export const COMUNICADO = `id version titulo mensagem status { id } departamento { id sigla } grupos { id nome }
  usuariosRemovidos { id nome email } emailsAvulsos { email } etiquetas { nome } serie { id prefixo }
  arquivos { id nome } exigeConfirmacao templateName usuarioAprovador { id } motivoRejeicao acoes`;

export interface ComunicadoLido {
  id: string;
  version: number;
  titulo: string;
  mensagem: string;
  status: { id: string };
  departamento: { id: string; sigla: string } | null;
  grupos: { id: string; nome: string }[];
  usuariosRemovidos: { id: string; nome: string; email: string }[];
  emailsAvulsos: { email: string }[];
  etiquetas: { nome: string }[];
  serie: { id: string; prefixo: string } | null;
  arquivos: { id: string; nome: string }[];
  exigeConfirmacao: boolean;
  templateName: string | null;
  usuarioAprovador: { id: string } | null;
  motivoRejeicao: string | null;
  acoes: string[];
}

/** The id of the active user group named `nome` (the demo's "Rede Aurora Motors" reaches the dealer user). */
export async function grupoId(user: ApiUser, nome: string): Promise<string> {
  const { gruposUsuariosAtivos } = await user.call<{ gruposUsuariosAtivos: { id: string; nome: string }[] }>(
    '{ gruposUsuariosAtivos { id nome } }',
  );
  const grupo = gruposUsuariosAtivos.find((g) => g.nome === nome);
  if (!grupo) throw new Error(`no active group ${nome}`);
  return grupo.id;
}

/** A user the caller reaches, by e-mail. */
export async function usuario(user: ApiUser, email: string): Promise<{ id: string; nome: string; email: string }> {
  const { usuariosByNomeOrEmailStartingWith: found } = await user.call<{
    usuariosByNomeOrEmailStartingWith: { id: string; nome: string; email: string }[];
  }>('query($nome: String!) { usuariosByNomeOrEmailStartingWith(nome: $nome) { id nome email } }', { nome: email });
  const one = found.find((u) => u.email === email);
  if (!one) throw new Error(`${user.email} does not reach ${email}`);
  return one;
}

export async function salvar(user: ApiUser, comunicado: Record<string, unknown>): Promise<ComunicadoLido> {
  const data = await user.call<{ salvarComunicado: ComunicadoLido }>(
    `mutation($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { ${COMUNICADO} } }`,
    { c: comunicado },
  );
  return data.salvarComunicado;
}

export async function ler(user: ApiUser, id: string): Promise<ComunicadoLido> {
  return (
    await user.call<{ comunicado: ComunicadoLido }>(`query($id: ID!) { comunicado(id: $id) { ${COMUNICADO} } }`, { id })
  ).comunicado;
}

export async function enviarParaAprovacao(user: ApiUser, c: ComunicadoLido, aprovadorId: string) {
  const data = await user.call<{ enviarComunicadoParaAprovacao: ComunicadoLido }>(
    `mutation($id: ID!, $version: Int, $aprovadorId: ID!) {
      enviarComunicadoParaAprovacao(id: $id, version: $version, aprovadorId: $aprovadorId) { ${COMUNICADO} } }`,
    { id: c.id, version: c.version, aprovadorId },
  );
  return data.enviarComunicadoParaAprovacao;
}

export async function enviar(user: ApiUser, c: ComunicadoLido) {
  const data = await user.call<{ enviarComunicado: ComunicadoLido }>(
    `mutation($id: ID!, $version: Int) { enviarComunicado(id: $id, version: $version) { ${COMUNICADO} } }`,
    { id: c.id, version: c.version },
  );
  return data.enviarComunicado;
}

/** A small PDF (the upload reads the type from the bytes). */
export function pdf(texto: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${texto}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** An announcement provider staff sent now to the demo group reaching the dealer user, asking for confirmation. */
export async function enviadoAoDealer(
  titulo: string,
  extra: Record<string, unknown> = {},
  remetente = superApi,
): Promise<ComunicadoLido> {
  const grupo = await grupoId(remetente, 'Rede Aurora Motors');
  const rascunho = await salvar(remetente, {
    titulo,
    mensagem: `<p>${titulo}: leia com atenção.</p>`,
    grupoIds: [grupo],
    exigeConfirmacao: true,
    ...extra,
  });
  return enviar(remetente, rascunho);
}
