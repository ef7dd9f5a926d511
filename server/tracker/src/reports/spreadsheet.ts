import { once } from 'node:events';
import { Readable } from 'node:stream';
import { createDeflateRaw, type DeflateRaw } from 'node:zlib';
import type { Workbook } from 'exceljs';
import { Zip, ZipPassThrough } from 'fflate';
import { xmlText } from '../exports/xml-text';

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

export interface SpreadsheetOptions {
  /** Deflate level, 0 (stored) to 9; 1 by default: a route's sheet is mostly numbers, and the download is the slow part. */
  level?: number;
}

/**
 * An .xlsx with one sheet, a bold frozen header row, then one row per report row, written as the
 * rows come and zipped as it is written, so a month's route (a quarter of a million rows) is never
 * held whole. The sheet's XML is written here rather than through exceljs's streaming writer,
 * whose cell objects and styles took 28 s of such a route's 41 s (README, "The route's
 * spreadsheet"): strings inline (no shared-strings table to keep), numbers as numbers, dates as
 * Excel's day numbers under the column's date format, nothing ever a formula.
 */
export function spreadsheetStream<Row>(sheetName: string, columns: readonly Column<Row>[], rows: Iterable<Row> | AsyncIterable<Row>, options: SpreadsheetOptions = {}): Readable {
  return Readable.from(workbookChunks(sheetName, columns, rows, options), { objectMode: false });
}

/** The same workbook whole, for a mail's attachment or a test. */
export async function buildSpreadsheet<Row>(sheetName: string, columns: readonly Column<Row>[], rows: Iterable<Row> | AsyncIterable<Row>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of spreadsheetStream(sheetName, columns, rows)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Opens .xlsx bytes, e.g. an answer read back in a test. exceljs is loaded here only: it takes a
 * third of a second to load, which every process (and every test file) starting a tracker paid.
 */
export async function readSpreadsheet(bytes: Uint8Array): Promise<Workbook> {
  const { Workbook } = await import('exceljs');
  const workbook = new Workbook();
  // exceljs types its input as a bare ArrayBuffer: give it exactly these bytes.
  await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return workbook;
}

/** What the workbook's frame needs of a column: everything but its values. */
type ColumnLayout = Omit<Column<unknown>, 'value'>;

/** Sheet XML gathered to about this many characters before it is compressed and sent. */
const CHUNK_CHARS = 1 << 16;

async function* workbookChunks<Row>(sheetName: string, columns: readonly Column<Row>[], rows: Iterable<Row> | AsyncIterable<Row>, { level = 1 }: SpreadsheetOptions): AsyncGenerator<Buffer> {
  const zipped: Uint8Array[] = [];
  let failure: Error | null = null;
  let complete = false;
  let settled: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (settled = resolve));
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else zipped.push(chunk);
    if (error || final) {
      complete = true;
      settled();
    }
  });
  const take = (): Buffer => {
    if (failure) throw failure;
    const bytes = Buffer.concat(zipped);
    zipped.length = 0;
    return bytes;
  };
  const styles = new SheetStyles(columns);
  const entries: NativeZipDeflate[] = [];
  const entry = (name: string) => {
    const added = new NativeZipDeflate(name, level, (error) => {
      failure = error;
      complete = true;
      settled();
    });
    entries.push(added);
    zip.add(added);
    return added;
  };
  try {
    for (const [name, xml] of packageParts(sheetName, styles)) entry(name).push(Buffer.from(xml), true);
    const sheet = entry('xl/worksheets/sheet1.xml');

    const cells = columns.map((column, index) => ({ value: column.value, writer: new CellWriter(columnName(index), styles.of(column.format, false)) }));
    let xml = sheetHead(columns, styles);
    let rowNumber = 1;
    for await (const row of rows) {
      rowNumber += 1;
      xml += `<row r="${rowNumber}">`;
      for (const { value, writer } of cells) xml += writer.cell(value(row), rowNumber);
      xml += '</row>';
      if (xml.length >= CHUNK_CHARS) {
        sheet.push(Buffer.from(xml));
        xml = '';
        await sheet.drained();
        const bytes = take();
        if (bytes.length > 0) yield bytes;
      }
    }
    sheet.push(Buffer.from(`${xml}${SHEET_TAIL}`), true);
    zip.end();
    await done;
    yield take();
  } finally {
    // A download given up half way leaves its compression streams: they are closed here.
    if (!complete) for (const open of entries) open.close();
  }
}

/**
 * A zip entry deflated by Node's zlib, native and on its own threads, rather than by fflate's
 * JavaScript deflate, which took 12 s of a 15.6 s workbook for a month's route (fflate still writes
 * the zip around it, as its docs say to for a custom compression).
 */
class NativeZipDeflate extends ZipPassThrough {
  private readonly deflate: DeflateRaw;

  constructor(filename: string, level: number, onError: (error: Error) => void) {
    super(filename);
    this.compression = 8;
    this.deflate = createDeflateRaw({ level });
    this.deflate.on('data', (chunk: Buffer) => this.ondata(null, new Uint8Array(chunk), false));
    this.deflate.on('end', () => this.ondata(null, new Uint8Array(0), true));
    this.deflate.on('error', onError);
  }

  protected override process(chunk: Uint8Array, final: boolean): void {
    this.deflate.write(chunk);
    if (final) this.deflate.end();
  }

  /** Resolves once zlib has taken in what it was given, so the sheet is not written faster than it is compressed. */
  async drained(): Promise<void> {
    if (this.deflate.writableNeedDrain) await once(this.deflate, 'drain');
  }

  close(): void {
    this.deflate.destroy();
  }
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

/** Everything but the sheet: the package's content types and relationships, the workbook, the styles. */
function packageParts(sheetName: string, styles: SheetStyles): Array<[name: string, xml: string]> {
  return [
    [
      '[Content_Types].xml',
      `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        `<Override PartName="/xl/workbook.xml" ContentType="${CONTENT_TYPE}.sheet.main+xml"/>` +
        `<Override PartName="/xl/worksheets/sheet1.xml" ContentType="${CONTENT_TYPE}.worksheet+xml"/>` +
        `<Override PartName="/xl/styles.xml" ContentType="${CONTENT_TYPE}.styles+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    ['xl/styles.xml', styles.xml()],
  ];
}

/**
 * The sheet's cell styles: one per column number format, plain and bold (the header), as exceljs
 * made them. Style 0 is the default; then the formats plain; then bold with no format, then bold
 * with each format.
 */
class SheetStyles {
  private readonly formats: string[];

  constructor(columns: readonly ColumnLayout[]) {
    this.formats = [...new Set(columns.flatMap((column) => (column.format ? [column.format] : [])))];
  }

  of(format: string | undefined, bold: boolean): number {
    const plain = format === undefined ? 0 : this.formats.indexOf(format) + 1;
    return bold ? this.formats.length + 1 + plain : plain;
  }

  xml(): string {
    // Custom number formats are numbered from 164, past Excel's built-in ones.
    const numberFormats = this.formats.map((format, index) => `<numFmt numFmtId="${164 + index}" formatCode="${xmlText(format)}"/>`).join('');
    const xf = (format: number, bold: boolean) =>
      `<xf numFmtId="${format === 0 ? 0 : 163 + format}" fontId="${bold ? 1 : 0}" fillId="0" borderId="0" xfId="0"${format === 0 ? '' : ' applyNumberFormat="1"'}${bold ? ' applyFont="1"' : ''}/>`;
    const plain = [0, ...this.formats.map((_, index) => index + 1)];
    const cellFormats = [...plain.map((format) => xf(format, false)), ...plain.map((format) => xf(format, true))];
    return (
      `${XML_DECLARATION}<styleSheet xmlns="${MAIN}">${numberFormats ? `<numFmts count="${this.formats.length}">${numberFormats}</numFmts>` : ''}` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${cellFormats.length}">${cellFormats.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
    );
  }
}

/** The sheet up to its first data row: the frozen header pane, the column widths and formats, the bold header row. */
function sheetHead(columns: readonly ColumnLayout[], styles: SheetStyles): string {
  const widths = columns
    .map((column, index) => {
      const style = styles.of(column.format, false);
      const width = column.width ?? Math.max(12, column.header.length + 2);
      return `<col min="${index + 1}" max="${index + 1}" width="${width}"${style ? ` style="${style}"` : ''} customWidth="1"/>`;
    })
    .join('');
  const header = columns.map((column, index) => `<c r="${columnName(index)}1"${styleAttribute(styles.of(column.format, true))}${stringCellRest(column.header)}`).join('');
  return (
    `${XML_DECLARATION}<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${widths}</cols><sheetData>` +
    `<row r="1" s="${styles.of(undefined, true)}" customFormat="1">${header}</row>`
  );
}

const SHEET_TAIL = '</sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';

/** A, B, … Z, AA, AB, … */
function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

/** Excel's day number of an instant (days since 1899-12-30 UTC), as exceljs wrote it. */
const excelDay = (date: Date) => 25569 + date.getTime() / 86_400_000;

const styleAttribute = (style: number) => (style ? ` s="${style}"` : '');

/**
 * A string cell after its reference and style: an inline string, always text. A value such as
 * `=HYPERLINK(…)` is shown as typed and never evaluated (only a cell's `<f>` is a formula), so
 * nothing needs defusing as a CSV would.
 */
function stringCellRest(text: string): string {
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return ` t="inlineStr"><is><t${space}>${xmlText(text)}</t></is></c>`;
}

/** The cells of one column. A column repeats its strings (the device's name on every row): the last one is kept escaped. */
class CellWriter {
  private readonly style: string;
  private lastText: string | null = null;
  private lastTextRest = '';

  constructor(
    private readonly name: string,
    style: number,
  ) {
    this.style = styleAttribute(style);
  }

  /** The cell of this column in row `rowNumber`; nothing for an empty value (null, or a number Excel cannot hold). */
  cell(value: CellValue, rowNumber: number): string {
    if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${this.name}${rowNumber}"${this.style}><v>${value}</v></c>` : '';
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : `<c r="${this.name}${rowNumber}"${this.style}><v>${excelDay(value)}</v></c>`;
    if (typeof value === 'string') {
      if (value !== this.lastText) {
        this.lastText = value;
        this.lastTextRest = stringCellRest(value);
      }
      return `<c r="${this.name}${rowNumber}"${this.style}${this.lastTextRest}`;
    }
    if (typeof value === 'boolean') return `<c r="${this.name}${rowNumber}"${this.style} t="b"><v>${value ? 1 : 0}</v></c>`;
    return '';
  }
}
