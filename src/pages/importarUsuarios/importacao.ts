import { IDIOMA_PADRAO, idiomaFromLocale } from '../../../domain/enums';
import { intlLocale } from '../../components/format';

// What /importarUsuarios reads (server/features/importarUsuarios: importStatus, the template,
// POST /import/users and the error report).

export type ImportStatus = 'RECEIVED' | 'PROCESSING' | 'FINISHED' | 'ERROR';

/** One import as importStatus answers it. */
export interface Importacao {
  id: string;
  fileName: string;
  status: ImportStatus;
  /** Data rows of the sheet; null until counted. */
  total: number | null;
  done: number;
  /** 0 to 100 with 2 decimals. */
  progress: number;
  criados: number;
  atualizados: number;
  erros: number;
  /** While PROCESSING. */
  linhasPorSegundo: number | null;
  segundosRestantes: number | null;
  /** Why the whole file failed, translated by the server. */
  erro: string | null;
  createdAt: string;
  concluidoEm: string | null;
  /** GET path of the error report (bearer token), when erros > 0. */
  relatorioErros: string | null;
}

export interface ImportacaoPage {
  content: Importacao[];
  totalElements: number;
}

/** One error of a failed row: the column as the sheet names it (header, letters) and the message. */
export interface ErroCelula {
  coluna: string | null;
  letra: string | null;
  mensagem: string;
}

/** A row of the sheet the import refused (linha: its number in the sheet, the header being 1). */
export interface LinhaErro {
  linha: number;
  erros: ErroCelula[];
}

export interface LinhaErroPage {
  content: LinhaErro[];
  totalElements: number;
}

/** Failed rows shown per page under an import. */
export const ERROS_PER_PAGE = 10;

export const IMPORT_PATH = '/import/users';
export const MODELO_PATH = '/ModeloImportacaoUsuarios.xlsx';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Spec section 9: the status table is read again every 30 s. */
export const STATUS_POLL_MS = 30_000;
/** While one of the shown imports is queued or running, its progress is read again this often. */
export const STATUS_POLL_ACTIVE_MS = 5_000;
export const STATUS_PER_PAGE = 10;

export const isActive = (i: Pick<Importacao, 'status'>) => i.status === 'RECEIVED' || i.status === 'PROCESSING';

/** How soon the status is read again: 30 s, or 5 s while an import shown is queued or running. */
export const pollInterval = (page: ImportacaoPage | undefined) =>
  page?.content.some(isActive) ? STATUS_POLL_ACTIVE_MS : STATUS_POLL_MS;

/** The template with headers in the language of the interface (react-admin locale 'pt-BR', 'es', 'en'). */
export const modeloHref = (locale: string | undefined) =>
  `${MODELO_PATH}?idioma=${idiomaFromLocale(locale) ?? IDIOMA_PADRAO}`;

/** Seconds as the language writes a duration ('1 h 2 min 5 s' style), at most two units. */
export function formatDuration(totalSeconds: number, locale: string): string {
  const s = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  const parts = hours ? { hours, minutes } : minutes ? { minutes, seconds } : { seconds };
  const DurationFormat = (
    Intl as unknown as { DurationFormat?: new (l: string, o: object) => { format(d: object): string } }
  ).DurationFormat;
  if (DurationFormat) return new DurationFormat(intlLocale(locale), { style: 'narrow' }).format(parts);
  return [
    hours ? `${hours} h` : '',
    'minutes' in parts && minutes ? `${minutes} min` : '',
    'seconds' in parts ? `${seconds} s` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
