import { normalizeCnpj } from './documentos';
import type { UsuarioFormValues } from './schemas/usuario';

// The bulk user import (issue #15): the columns of the spreadsheet, in ONE place. The template
// (GET /ModeloImportacaoUsuarios.xlsx), the importer's header check and the mapping of a row to
// the wizard's input (`usuarioSchema`, salvarUsuario) all read this table, so they cannot drift.
// Headers, descriptions and allowed values are catalog keys: `importarUsuarios.colunas.<key>.*`.

export const COLUNAS_IMPORTACAO = [
  // key, required in the header, form fields whose errors point at this column, template width
  { key: 'nome', obrigatoria: true, campos: ['nome'], largura: 30 },
  { key: 'email', obrigatoria: true, campos: ['email'], largura: 32 },
  { key: 'cpf', obrigatoria: false, campos: ['cpf'], largura: 16 },
  { key: 'tipo', obrigatoria: true, campos: ['tipo'], largura: 16 },
  { key: 'idioma', obrigatoria: false, campos: ['idioma'], largura: 10 },
  { key: 'marcas', obrigatoria: false, campos: ['marcaIds'], largura: 24 },
  { key: 'grupos', obrigatoria: false, campos: ['grupoIds'], largura: 28 },
  { key: 'dealers', obrigatoria: false, campos: ['dealerIds'], largura: 24 },
  { key: 'telefones', obrigatoria: false, campos: ['telefones'], largura: 20 },
  { key: 'celulares', obrigatoria: false, campos: ['celulares'], largura: 20 },
  { key: 'cargo', obrigatoria: false, campos: ['cargos'], largura: 20 },
  { key: 'departamento', obrigatoria: false, campos: [], largura: 20 },
  { key: 'dataInicioCargo', obrigatoria: false, campos: [], largura: 16 },
  { key: 'tiposAcesso', obrigatoria: false, campos: ['produtos'], largura: 36 },
  { key: 'dataAdmissao', obrigatoria: false, campos: ['dataAdmissao'], largura: 16 },
  { key: 'emailSuperior', obrigatoria: false, campos: ['emailSuperior'], largura: 32 },
] as const;

export type ChaveColuna = (typeof COLUNAS_IMPORTACAO)[number]['key'];
export type ColunaImportacao = (typeof COLUNAS_IMPORTACAO)[number];

/** Catalog key of a column's header, description and allowed values. */
export const tituloColuna = (key: ChaveColuna) => `importarUsuarios.colunas.${key}.titulo`;
export const descricaoColuna = (key: ChaveColuna) => `importarUsuarios.colunas.${key}.descricao`;
export const valoresColuna = (key: ChaveColuna) => `importarUsuarios.colunas.${key}.valores`;

/** Separator of several values in one cell (brands, dealers, phones, positions, access types). */
export const SEPARADOR = ';';

/** A name as compared: trimmed, lower case, without accents or repeated spaces. */
export const folded = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** The column of each header cell (headers in any of the three languages, any case or accents). */
export function colunasDoCabecalho(
  cabecalho: readonly (string | null)[],
  titulos: (key: ChaveColuna) => readonly string[],
): { porIndice: Map<number, ChaveColuna>; faltando: ChaveColuna[] } {
  const porTitulo = new Map<string, ChaveColuna>();
  for (const coluna of COLUNAS_IMPORTACAO) for (const t of titulos(coluna.key)) porTitulo.set(folded(t), coluna.key);
  const porIndice = new Map<number, ChaveColuna>();
  cabecalho.forEach((titulo, index) => {
    const key = titulo ? porTitulo.get(folded(titulo)) : undefined;
    if (key && ![...porIndice.values()].includes(key)) porIndice.set(index, key);
  });
  const presentes = new Set(porIndice.values());
  const faltando = COLUNAS_IMPORTACAO.filter((c) => c.obrigatoria && !presentes.has(c.key)).map((c) => c.key);
  return { porIndice, faltando };
}

/** What the mapping looks names up in (the server loads it from the database once per import). */
export interface CatalogoImportacao {
  /** User types and languages by folded id or label (any language). */
  tipos: ReadonlyMap<string, string>;
  idiomas: ReadonlyMap<string, string>;
  /** By folded name. */
  marcas: ReadonlyMap<string, number>;
  grupos: ReadonlyMap<string, number>;
  cargos: ReadonlyMap<string, number>;
  /** By folded name or acronym (sigla). */
  departamentos: ReadonlyMap<string, number>;
  /** By normalised CNPJ (main or additional). */
  dealers: ReadonlyMap<string, number>;
  /** By `folded(produto):folded(tipo)`. */
  tiposAcesso: ReadonlyMap<string, { id: number; produtoId: number; funcionalidadesPadrao: readonly number[] }>;
}

/** A problem of one cell: the column and a catalog key with its parameters. */
export interface ErroCelula {
  coluna: ChaveColuna;
  chave: string;
  params?: Record<string, string>;
}

export type CelulasLinha = Partial<Record<ChaveColuna, string | null>>;

const lista = (value: string | null | undefined) =>
  (value ?? '')
    .split(SEPARADOR)
    .map((v) => v.trim())
    .filter(Boolean);

/** dd/mm/yyyy or yyyy-mm-dd (a date cell arrives as yyyy-mm-dd) as yyyy-mm-dd; other text as given. */
export function dataIso(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (br) return `${br[3]}-${br[2].padStart(2, '0')}-${br[1].padStart(2, '0')}`;
  return text;
}

/** A CPF typed as a number loses its leading zeros: pad digit-only values back to 11. */
const cpfDe = (value: string | null | undefined) => {
  const text = (value ?? '').trim();
  return /^\d{1,11}$/.test(text) ? text.padStart(11, '0') : text || null;
};

/** A CNPJ with or without its mask (a number cell loses leading zeros: padded back to 14). */
export const cnpjDe = (value: string) => {
  const text = value.trim();
  return /^\d{1,14}$/.test(text) ? text.padStart(14, '0') : normalizeCnpj(text);
};

/**
 * One row of the sheet as the wizard's input (`UsuarioFormValues`, parsed afterwards by the same
 * `usuarioSchema` as the form and salvarUsuario), and the names it could not find. Positions: the
 * cargo, departamento and start-date cells hold one value (for every dealer of the row) or one per
 * dealer, in the order of the dealers cell. Access types: `Produto: Tipo`, each with its default
 * features, as choosing it in the wizard does.
 */
export function linhaParaUsuario(
  celulas: CelulasLinha,
  catalogo: CatalogoImportacao,
): { input: UsuarioFormValues; erros: ErroCelula[] } {
  const erros: ErroCelula[] = [];
  const naoEncontrado = (coluna: ChaveColuna, valor: string) =>
    erros.push({ coluna, chave: 'importarUsuarios.linha.naoEncontrado', params: { valor } });
  const ids = (coluna: ChaveColuna, mapa: ReadonlyMap<string, number>, chave: (v: string) => string = folded) =>
    lista(celulas[coluna]).flatMap((valor) => {
      const id = mapa.get(chave(valor));
      if (id === undefined) naoEncontrado(coluna, valor);
      return id === undefined ? [] : [id];
    });

  const texto = (coluna: ChaveColuna) => (celulas[coluna] ?? '').trim();
  const tipoTexto = texto('tipo');
  const tipo = tipoTexto ? catalogo.tipos.get(folded(tipoTexto)) : undefined;
  if (tipoTexto && !tipo) naoEncontrado('tipo', tipoTexto);
  const idiomaTexto = texto('idioma');
  const idioma = idiomaTexto ? catalogo.idiomas.get(folded(idiomaTexto)) : undefined;
  if (idiomaTexto && !idioma) naoEncontrado('idioma', idiomaTexto);

  const dealerIds = ids('dealers', catalogo.dealers, cnpjDe);
  const cargosNomes = lista(celulas.cargo);
  const departamentosNomes = lista(celulas.departamento);
  const inicios = lista(celulas.dataInicioCargo);
  const cargos: NonNullable<UsuarioFormValues['cargos']> = [];
  if (cargosNomes.length) {
    const n = dealerIds.length;
    const porDealer = (valores: string[], coluna: ChaveColuna) => {
      if (valores.length === 0) return dealerIds.map(() => '');
      if (valores.length === 1) return dealerIds.map(() => valores[0]);
      if (valores.length === n) return valores;
      erros.push({ coluna, chave: 'importarUsuarios.linha.umPorDealer', params: { dealers: String(n) } });
      return null;
    };
    const c = porDealer(cargosNomes, 'cargo');
    const d = porDealer(departamentosNomes, 'departamento');
    const i = porDealer(inicios, 'dataInicioCargo');
    if (n === 0) erros.push({ coluna: 'cargo', chave: 'usuarios.cargos.escolhaDealer' });
    if (c && d && i) {
      dealerIds.forEach((dealerId, index) => {
        const cargoId = catalogo.cargos.get(folded(c[index]));
        if (cargoId === undefined) return naoEncontrado('cargo', c[index]);
        let departamentoId: number | null = null;
        if (d[index]) {
          const found = catalogo.departamentos.get(folded(d[index]));
          if (found === undefined) return naoEncontrado('departamento', d[index]);
          departamentoId = found;
        }
        cargos.push({ cargoId, dealerId, departamentoId, dataInicio: dataIso(i[index]) ?? '' });
      });
    }
  }

  const produtos = new Map<number, { produtoId: number; tiposAcessoIds: number[]; funcionalidadeIds: number[] }>();
  for (const valor of lista(celulas.tiposAcesso)) {
    const [produto, ...resto] = valor.split(':');
    const tipoAcesso = resto.length ? catalogo.tiposAcesso.get(`${folded(produto)}:${folded(resto.join(':'))}`) : null;
    if (!tipoAcesso) {
      naoEncontrado('tiposAcesso', valor);
      continue;
    }
    const entry = produtos.get(tipoAcesso.produtoId) ?? {
      produtoId: tipoAcesso.produtoId,
      tiposAcessoIds: [],
      funcionalidadeIds: [],
    };
    if (!entry.tiposAcessoIds.includes(tipoAcesso.id)) entry.tiposAcessoIds.push(tipoAcesso.id);
    for (const f of tipoAcesso.funcionalidadesPadrao) {
      if (!entry.funcionalidadeIds.includes(f)) entry.funcionalidadeIds.push(f);
    }
    produtos.set(tipoAcesso.produtoId, entry);
  }

  const input: UsuarioFormValues = {
    nome: texto('nome'),
    email: texto('email'),
    cpf: cpfDe(celulas.cpf),
    tipo: (tipo ?? (tipoTexto ? 'invalido' : undefined)) as UsuarioFormValues['tipo'],
    idioma: (idioma ?? undefined) as UsuarioFormValues['idioma'],
    marcaIds: ids('marcas', catalogo.marcas),
    grupoIds: ids('grupos', catalogo.grupos),
    dealerIds,
    telefones: lista(celulas.telefones),
    celulares: lista(celulas.celulares),
    cargos,
    produtos: [...produtos.values()],
    dataAdmissao: dataIso(celulas.dataAdmissao),
    emailSuperior: texto('emailSuperior') || null,
  };
  return { input, erros };
}

/** The column a form field's error belongs to (`cargos.0.dataInicio` -> cargo's start date). */
export function colunaDoCampo(campo: string): ChaveColuna | null {
  if (/^cargos\.\d+\.dataInicio$/.test(campo)) return 'dataInicioCargo';
  if (/^cargos\.\d+\.departamentoId$/.test(campo)) return 'departamento';
  const raiz = campo.split('.')[0];
  return COLUNAS_IMPORTACAO.find((c) => (c.campos as readonly string[]).includes(raiz))?.key ?? null;
}
