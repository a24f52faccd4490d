import ExcelJS from 'exceljs';

// The text inside library files, for the full-text index (issue #29): PDF (unpdf, pdf.js built for
// servers), DOCX (mammoth), XLSX (exceljs: every sheet's cells, row by row) and plain text.

export const MIME_PDF = 'application/pdf';
export const MIME_DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const MIME_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MIME_TXT = 'text/plain';

export const TIPOS_COM_TEXTO: ReadonlySet<string> = new Set([MIME_PDF, MIME_DOCX, MIME_XLSX, MIME_TXT]);

/** Plain text as UTF-8, or Latin-1 when it is not valid UTF-8 (files saved by older editors). */
export function decodificarTexto(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

async function textoXlsx(bytes: Buffer): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const linhas: string[] = [];
  workbook.eachSheet((sheet) => {
    linhas.push(sheet.name);
    sheet.eachRow((row) => {
      const celulas: string[] = [];
      row.eachCell((cell) => {
        if (cell.text) celulas.push(cell.text);
      });
      if (celulas.length) linhas.push(celulas.join(' '));
    });
  });
  return linhas.join('\n');
}

export async function extrairTexto(tipoMime: string, bytes: Buffer): Promise<string> {
  switch (tipoMime) {
    case MIME_PDF: {
      const { extractText, getDocumentProxy } = await import('unpdf');
      const pdf = await getDocumentProxy(new Uint8Array(bytes));
      const { text } = await extractText(pdf, { mergePages: true });
      return text;
    }
    case MIME_DOCX: {
      const mammoth = await import('mammoth');
      return (await mammoth.extractRawText({ buffer: bytes })).value;
    }
    case MIME_XLSX:
      return textoXlsx(bytes);
    case MIME_TXT:
      return decodificarTexto(bytes);
    default:
      return '';
  }
}
