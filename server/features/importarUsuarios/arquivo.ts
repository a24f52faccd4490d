import { createReadStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { crc32, createInflateRaw } from 'node:zlib';

/** The file store area of the uploaded sheets (and of the job's scratch files beside them). */
export const AREA_IMPORTACOES = 'importacoes';

// What the import knows about an .xlsx file before and while reading it: its kind from the
// content (a zip holding xl/workbook.xml; an OLE compound file is what Office writes for a
// password-protected workbook), and the text of a cell as exceljs's streaming reader gives it.

export type TipoArquivo = 'xlsx' | 'criptografado' | 'outro';

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
/** The end-of-central-directory record is within the last 22 + 65,535 (comment) bytes. */
const EOCD_SEARCH = 22 + 0xffff;
const WORKBOOK = 'xl/workbook.xml';

interface EntradaZip {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The entries of a zip's central directory and where it starts, read from the end of the file; null when it has none. */
async function entradasZip(
  file: FileHandle,
  size: number,
): Promise<{ entries: EntradaZip[]; dirOffset: number } | null> {
  if (size < 22) return null;
  const tailSize = Math.min(size, EOCD_SEARCH);
  const tail = Buffer.alloc(tailSize);
  await file.read(tail, 0, tailSize, size - tailSize);
  let at = -1;
  for (let i = tailSize - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) return null;
  const count = tail.readUInt16LE(at + 10);
  const dirSize = tail.readUInt32LE(at + 12);
  const dirOffset = tail.readUInt32LE(at + 16);
  if (dirOffset + dirSize > size || dirSize > 64 * 1024 * 1024) return null;
  const dir = Buffer.alloc(dirSize);
  await file.read(dir, 0, dirSize, dirOffset);
  const entries: EntradaZip[] = [];
  let p = 0;
  for (let n = 0; n < count; n++) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) return null;
    const nameLength = dir.readUInt16LE(p + 28);
    const extra = dir.readUInt16LE(p + 30);
    const comment = dir.readUInt16LE(p + 32);
    entries.push({
      name: dir.toString('utf8', p + 46, p + 46 + nameLength),
      method: dir.readUInt16LE(p + 10),
      crc: dir.readUInt32LE(p + 16),
      compressedSize: dir.readUInt32LE(p + 20),
      size: dir.readUInt32LE(p + 24),
      localOffset: dir.readUInt32LE(p + 42),
    });
    p += 46 + nameLength + extra + comment;
  }
  return { entries, dirOffset };
}

/**
 * The kind of a stored file, read from its content: its first bytes and, for a zip, the names in
 * its central directory (read from the end of the file, not the whole file).
 */
export async function tipoDoArquivo(path: string): Promise<TipoArquivo> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(8);
    await file.read(head, 0, 8, 0);
    if (head.equals(OLE)) return 'criptografado';
    if (!head.subarray(0, 4).equals(ZIP)) return 'outro';
    const zip = await entradasZip(file, size);
    return zip?.entries.some((e) => e.name === WORKBOOK) ? 'xlsx' : 'outro';
  } finally {
    await file.close();
  }
}

/** A local file header is at least this long: a smaller gap between entries cannot hide one. */
const LOCAL_HEADER_MIN = 30;

/**
 * Whether the zip is whole and small enough to read: `corrompido` unless every entry inflates to
 * its recorded size and CRC-32, streamed entry by entry (never a whole entry in memory; exceljs's
 * streaming reader waits forever on some damaged archives instead of failing, so a damaged file is
 * recognised here first); `grandeDemais` when its entries together unpack to more than
 * `maxDescompactado` bytes (a zip bomb: a 1 MB file can hold a gigabyte of sheet XML or shared
 * strings), known from the directory before anything is inflated, and held while inflating (an
 * entry that inflates past its recorded size is corrupt). exceljs reads the local headers one after
 * the other, not the directory, so the entries must also follow each other with no room left for a
 * local entry the directory does not list.
 */
export async function examinarZip(
  path: string,
  maxDescompactado: number,
): Promise<'ok' | 'corrompido' | 'grandeDemais'> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const zip = await entradasZip(file, size);
    if (!zip) return 'corrompido';
    if (zip.entries.reduce((sum, e) => sum + e.size, 0) > maxDescompactado) return 'grandeDemais';
    const ordered = [...zip.entries].sort((a, b) => a.localOffset - b.localOffset);
    let fim = 0;
    for (const e of ordered) {
      if (e.localOffset < fim || e.localOffset - fim >= LOCAL_HEADER_MIN) return 'corrompido';
      const local = Buffer.alloc(LOCAL_HEADER_MIN);
      await file.read(local, 0, LOCAL_HEADER_MIN, e.localOffset);
      if (local.readUInt32LE(0) !== 0x04034b50) return 'corrompido';
      const start = e.localOffset + LOCAL_HEADER_MIN + local.readUInt16LE(26) + local.readUInt16LE(28);
      if (start + e.compressedSize > size) return 'corrompido';
      if (e.method !== 0 && e.method !== 8) return 'corrompido';
      fim = start + e.compressedSize;
      let crc = 0;
      let length = 0;
      if (e.compressedSize === 0) {
        if (e.size !== 0) return 'corrompido';
        continue;
      }
      const raw = createReadStream(path, { start, end: start + e.compressedSize - 1 });
      const source = e.method === 8 ? raw.pipe(createInflateRaw()) : raw;
      // pipe() does not pass a read error on: the inflater would wait for more bytes for good.
      raw.once('error', (error) => source.destroy(error));
      try {
        for await (const chunk of source as AsyncIterable<Buffer>) {
          crc = crc32(chunk, crc);
          length += chunk.length;
          if (length > e.size) return 'corrompido';
        }
      } catch {
        return 'corrompido';
      } finally {
        raw.destroy();
      }
      if (crc !== e.crc || length !== e.size) return 'corrompido';
    }
    // After the last entry (and its data descriptor), the directory.
    return zip.dirOffset < fim || zip.dirOffset - fim >= LOCAL_HEADER_MIN ? 'corrompido' : 'ok';
  } finally {
    await file.close();
  }
}

/** A date cell as the importer reads it: the calendar day, yyyy-mm-dd (exceljs gives UTC midnight). */
const diaDe = (date: Date) => (Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10));

/**
 * The text of a cell as exceljs gives its value: rich text joined, a hyperlink's text (e-mails
 * often come as links), a formula's result, a date as yyyy-mm-dd; empty as null.
 */
export function textoDaCelula(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return diaDe(value);
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'object') {
    const v = value as {
      richText?: { text: string }[];
      text?: unknown;
      result?: unknown;
      error?: string;
    };
    if (Array.isArray(v.richText))
      return (
        v.richText
          .map((r) => r.text)
          .join('')
          .trim() || null
      );
    if ('result' in v) return textoDaCelula(v.result);
    if ('text' in v) return textoDaCelula(v.text);
    if (typeof v.error === 'string') return v.error;
  }
  return null;
}

/**
 * The widest row the import reads: the template's columns and room for the error report's two
 * (row number, reason) and a few of the author's own. Cells past it are not read: a sheet can
 * name one long shared string from 16,384 columns of every row at about 25 bytes a cell.
 */
export const LARGURA_MAX = 64;

/** The cells of a row (exceljs's `row.values` is 1-based) as texts, index 0 = column A, at most LARGURA_MAX. */
export function textosDaLinha(values: unknown, largura: number): (string | null)[] {
  const list = Array.isArray(values) ? values : [];
  const out: (string | null)[] = [];
  const ate = Math.min(LARGURA_MAX, Math.max(largura, list.length - 1));
  for (let i = 1; i <= ate; i++) out.push(textoDaCelula(list[i]));
  return out;
}

/** How many characters a row's texts hold (the sheet's text as the import reads it). */
export const caracteresDaLinha = (textos: readonly (string | null)[]) =>
  textos.reduce((soma, texto) => soma + (texto?.length ?? 0), 0);

export const linhaVazia = (textos: readonly (string | null)[]) => textos.every((t) => t === null);

/**
 * The most characters a cell may hold: Excel's own limit for a cell, above the longest value a
 * column of the import allows (a dealers cell with the 1,000 CNPJs a user may have, masked and
 * separated, is 20,000; a name 150, an e-mail 254). A longer cell was not typed in a spreadsheet
 * program: the file is refused before any row is kept.
 */
export const CELULA_MAX_CARACTERES = 32_767;

/** The first cell of a row over CELULA_MAX_CARACTERES (index 0 = column A), or null. */
export function celulaGrande(textos: readonly (string | null)[]): { indice: number; tamanho: number } | null {
  const indice = textos.findIndex((t) => t !== null && t.length > CELULA_MAX_CARACTERES);
  return indice < 0 ? null : { indice, tamanho: textos[indice]!.length };
}

/** A column's letters as a spreadsheet names it (0 = A, 25 = Z, 26 = AA). */
export function letrasDaColuna(indice: number): string {
  let n = indice + 1;
  let letras = '';
  while (n > 0) {
    const resto = (n - 1) % 26;
    letras = String.fromCharCode(65 + resto) + letras;
    n = Math.floor((n - 1) / 26);
  }
  return letras;
}
