import { PassThrough, type Readable } from 'node:stream';
import { stream, Workbook } from 'exceljs';

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

/**
 * An .xlsx with one sheet, a bold header row, then one row per report row, written as the rows come
 * (exceljs's streaming writer): each row goes out as it is written instead of the whole workbook
 * being built in memory first, which took a month's route (a quarter of a million rows) over a minute.
 * Fastest compression: a route's sheet is mostly numbers, and the download is the slow part.
 */
export function spreadsheetStream<Row>(sheetName: string, columns: readonly Column<Row>[], rows: Iterable<Row> | AsyncIterable<Row>, { level = 1 }: { level?: number } = {}): Readable {
  const out = new PassThrough();
  writeSheet(out, sheetName, columns, rows, level).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

async function writeSheet<Row>(out: PassThrough, sheetName: string, columns: readonly Column<Row>[], rows: Iterable<Row> | AsyncIterable<Row>, level: number): Promise<void> {
  const workbook = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level } } });
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width ?? Math.max(12, column.header.length + 2), style: column.format ? { numFmt: column.format } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of rows) sheet.addRow(columns.map((column) => column.value(row))).commit();
  sheet.commit();
  await workbook.commit();
}

/** The same workbook whole, for a mail's attachment or a test. */
export async function buildSpreadsheet<Row>(sheetName: string, columns: readonly Column<Row>[], rows: Iterable<Row> | AsyncIterable<Row>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of spreadsheetStream(sheetName, columns, rows)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Opens .xlsx bytes, e.g. an answer read back in a test. */
export async function readSpreadsheet(bytes: Uint8Array): Promise<Workbook> {
  const workbook = new Workbook();
  // exceljs types its input as a bare ArrayBuffer: give it exactly these bytes.
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook;
}
