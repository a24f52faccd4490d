import { IDIOMAS, TIPOS_USUARIO, type Idioma } from '../../../domain/enums';
import {
  COLUNAS_IMPORTACAO,
  descricaoColuna,
  folded,
  tituloColuna,
  valoresColuna,
  type CatalogoImportacao,
  type ChaveColuna,
} from '../../../domain/importarUsuarios';
import { translate } from '../../../i18n';
import { textCell } from '../../export';
import type { DbOrTx } from '../../db/client';
import { cargos, dealerCnpjs, departamentos, grupos, marcas } from '../../db/schema';
import { listProdutos } from '../produtos';

// The template (GET /ModeloImportacaoUsuarios.xlsx) and what the importer matches headers and
// names against, both from domain/importarUsuarios.ts's columns.

/** A column's header in every language (the importer accepts any of them). */
export const titulosDe = (key: ChaveColuna) => IDIOMAS.map((idioma) => translate(idioma, tituloColuna(key)));

/** The template's header row in one language. */
export const cabecalhoModelo = (idioma: Idioma) =>
  COLUNAS_IMPORTACAO.map((c) => translate(idioma, tituloColuna(c.key)));

const modelos = new Map<string, Buffer>();

/**
 * The template in `idioma`: a sheet with the headers (the one the importer reads) and an
 * instructions sheet with each column's description, whether it is required and its allowed
 * values. Small: built in memory once per language and kept.
 */
export async function modeloXlsx(idioma: Idioma, maxLinhas: number): Promise<Buffer> {
  const cacheKey = `${idioma}:${maxLinhas}`;
  const cached = modelos.get(cacheKey);
  if (cached) return cached;
  const { default: ExcelJS } = await import('exceljs');
  // Our own texts, neutralised all the same: every sheet the portal writes goes through textCell.
  const t = (key: string, params?: Record<string, string | number>) => textCell(translate(idioma, key, params))!;
  const workbook = new ExcelJS.Workbook();
  const planilha = t('importarUsuarios.modelo.planilha');
  const dados = workbook.addWorksheet(planilha);
  dados.columns = COLUNAS_IMPORTACAO.map((c) => ({ header: t(tituloColuna(c.key)), width: c.largura }));
  dados.getRow(1).font = { bold: true };
  dados.views = [{ state: 'frozen', ySplit: 1 }];
  // Text cells, so CPFs and CNPJs keep their leading zeros when typed.
  COLUNAS_IMPORTACAO.forEach((c, index) => {
    if (c.key !== 'dataAdmissao' && c.key !== 'dataInicioCargo') dados.getColumn(index + 1).numFmt = '@';
  });

  const instrucoes = workbook.addWorksheet(t('importarUsuarios.modelo.instrucoes'));
  instrucoes.columns = [{ width: 26 }, { width: 12 }, { width: 70 }, { width: 70 }];
  instrucoes.addRow([t('importarUsuarios.modelo.nota', { planilha, max: maxLinhas })]);
  instrucoes.mergeCells(1, 1, 1, 4);
  instrucoes.getRow(1).alignment = { wrapText: true, vertical: 'top' };
  instrucoes.getRow(1).height = 45;
  instrucoes.addRow([]);
  const head = instrucoes.addRow([
    t('importarUsuarios.modelo.coluna'),
    t('importarUsuarios.modelo.obrigatoria'),
    t('importarUsuarios.modelo.descricao'),
    t('importarUsuarios.modelo.valores'),
  ]);
  head.font = { bold: true };
  for (const c of COLUNAS_IMPORTACAO) {
    const row = instrucoes.addRow([
      t(tituloColuna(c.key)),
      t(c.obrigatoria ? 'importarUsuarios.modelo.sim' : 'importarUsuarios.modelo.nao'),
      t(descricaoColuna(c.key)),
      t(valoresColuna(c.key)),
    ]);
    row.alignment = { wrapText: true, vertical: 'top' };
  }
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  modelos.set(cacheKey, buffer);
  return buffer;
}

/** Everything the rows name, by folded name: loaded once per import (a few thousand entries at national scale). */
export async function carregarCatalogo(db: DbOrTx): Promise<CatalogoImportacao> {
  const [marcasRows, gruposRows, cargosRows, departamentosRows, cnpjs, produtos] = await Promise.all([
    db.select({ id: marcas.id, nome: marcas.nome }).from(marcas),
    db.select({ id: grupos.id, nome: grupos.nome }).from(grupos),
    db.select({ id: cargos.id, nome: cargos.nome }).from(cargos),
    db.select({ id: departamentos.id, nome: departamentos.nome, sigla: departamentos.sigla }).from(departamentos),
    db.select({ cnpj: dealerCnpjs.cnpj, dealerId: dealerCnpjs.dealerId }).from(dealerCnpjs),
    listProdutos(db),
  ]);
  const porNome = (rows: { id: number; nome: string }[]) => new Map(rows.map((r) => [folded(r.nome), r.id]));
  const departamentosMap = new Map<string, number>();
  for (const d of departamentosRows) {
    departamentosMap.set(folded(d.sigla), d.id);
    departamentosMap.set(folded(d.nome), d.id);
  }
  const tipos = new Map<string, string>();
  for (const tipo of TIPOS_USUARIO) {
    tipos.set(folded(tipo), tipo);
    for (const idioma of IDIOMAS) tipos.set(folded(translate(idioma, `tiposUsuario.${tipo}`)), tipo);
  }
  const idiomas = new Map<string, string>();
  for (const idioma of IDIOMAS) {
    idiomas.set(folded(idioma), idioma);
    idiomas.set(folded(idioma.replace('_', '-')), idioma);
    for (const em of IDIOMAS) idiomas.set(folded(translate(em, `languages.${idioma}`)), idioma);
  }
  idiomas.set('pt', 'PT_BR');
  const tiposAcesso = new Map<string, { id: number; produtoId: number; funcionalidadesPadrao: number[] }>();
  for (const p of produtos) {
    for (const t of p.tiposAcesso) {
      tiposAcesso.set(`${folded(p.nome)}:${folded(t.nome)}`, {
        id: t.id,
        produtoId: p.id,
        funcionalidadesPadrao: t.funcionalidadesPadrao.map((f) => f.id),
      });
    }
  }
  return {
    tipos,
    idiomas,
    marcas: porNome(marcasRows),
    grupos: porNome(gruposRows),
    cargos: porNome(cargosRows),
    departamentos: departamentosMap,
    dealers: new Map(cnpjs.map((c) => [c.cnpj, c.dealerId])),
    tiposAcesso,
  };
}
