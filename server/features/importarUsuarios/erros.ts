import type { Idioma } from '../../../domain/enums';
import { COLUNAS_IMPORTACAO, tituloColuna, type ChaveColuna } from '../../../domain/importarUsuarios';
import { translate } from '../../../i18n';

// A failed row's errors: what the job keeps (`importacao_linhas.motivo`, JSON), what the import
// page lists (errosImportacao: row, column, message) and the report's reason column are one list.

/** One error of a row: its column (null: the row as a whole) and the message, in the author's language. */
export interface ErroLinha {
  coluna: ChaveColuna | null;
  mensagem: string;
}

/** As stored in `importacao_linhas.motivo`. */
export const motivoDe = (erros: readonly ErroLinha[]) => JSON.stringify(erros);

const COLUNAS = new Set<string>(COLUNAS_IMPORTACAO.map((c) => c.key));

/** A stored reason as its errors (a reason stored as plain text before issue #25 is one error of the row). */
export function errosDoMotivo(motivo: string | null): ErroLinha[] {
  if (!motivo) return [];
  try {
    const parsed: unknown = JSON.parse(motivo);
    if (Array.isArray(parsed)) {
      return parsed.map((e: { coluna?: unknown; mensagem?: unknown }) => ({
        coluna: typeof e.coluna === 'string' && COLUNAS.has(e.coluna) ? (e.coluna as ChaveColuna) : null,
        mensagem: String(e.mensagem ?? ''),
      }));
    }
  } catch {
    // plain text
  }
  return [{ coluna: null, mensagem: motivo }];
}

/** The report's reason cell: `Column: message; Column: message`, the columns as the sheet's language names them. */
export const motivoTexto = (idioma: Idioma, erros: readonly ErroLinha[]) =>
  erros.map((e) => (e.coluna ? `${translate(idioma, tituloColuna(e.coluna))}: ${e.mensagem}` : e.mensagem)).join('; ');

/**
 * Columns whose rules read the row's dealers (the dealers required for a dealer user, a position
 * per dealer with its department and start, the management data once every dealer has a position).
 * With a dealer the sheet names but the portal does not know, they would be judged against the
 * wrong dealers: only the unknown dealer is reported.
 */
export const COLUNAS_DO_DEALER: ReadonlySet<ChaveColuna> = new Set([
  'dealers',
  'cargo',
  'departamento',
  'dataInicioCargo',
  'dataAdmissao',
  'emailSuperior',
]);
