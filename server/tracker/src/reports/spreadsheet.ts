import { Workbook } from 'exceljs';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type CellValue = string | number | boolean | Date | null;

/** One column of a report sheet: its header, how to read a row, and an Excel number format. */
export interface Column<Row> {
  header: string;
  value: (row: Row) => CellValue;
  format?: string;
  width?: number;
}

export const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
/** Durations are written as fractions of a day, which Excel shows as hours:minutes:seconds. */
export const DURATION_FORMAT = '[h]:mm:ss';
export const msToDays = (ms: number) => ms / 86_400_000;

/** An .xlsx with one sheet: a bold header row, then one row per report row. */
export async function buildSpreadsheet<Row>(sheetName: string, columns: readonly Column<Row>[], rows: readonly Row[]): Promise<Buffer> {
  const workbook = new Workbook();
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width ?? Math.max(12, column.header.length + 2), style: column.format ? { numFmt: column.format } : {} }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((column) => column.value(row)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Opens .xlsx bytes, e.g. an answer read back in a test. */
export async function readSpreadsheet(bytes: Uint8Array): Promise<Workbook> {
  const workbook = new Workbook();
  // exceljs types its input as a bare ArrayBuffer: give it exactly these bytes.
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook;
}
