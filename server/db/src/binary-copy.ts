/**
 * PostgreSQL's binary COPY format (`COPY (SELECT …) TO … WITH (FORMAT binary)`), decoded. A month of
 * one device's fixes is a quarter of a million rows: PGlite hands a query's rows over one protocol
 * message and one object at a time (some 60 µs a row), while the same rows as one COPY blob are read
 * and decoded here in well under a second. The format is small and fixed (an 11-byte signature, two
 * 32-bit header words, then per row a 16-bit field count and per field a 32-bit length, -1 for NULL,
 * and the value in the type's binary send format), so it is decoded by hand, for the few types
 * callers ask for.
 */

/** A column's type as the SELECT gives it (cast in SQL when the stored one differs). */
export type BinaryColumnType = 'int8' | 'int4' | 'float8' | 'bool' | 'timestamptz' | 'text' | 'jsonb';
export type BinaryValue = number | boolean | Date | string | null;
/** The SELECT's columns in order: the name each value is kept under, and its type. */
export type BinaryColumns = ReadonlyArray<readonly [name: string, type: BinaryColumnType]>;

const SIGNATURE = [0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00]; // "PGCOPY\n\377\r\n\0"
/** Milliseconds from 1970-01-01 to PostgreSQL's epoch, 2000-01-01 (UTC). */
const PG_EPOCH_MS = 946_684_800_000;
const utf8 = new TextDecoder();

/**
 * The rows of a binary COPY, each an object of its values by column name (as `query` gives rows;
 * jsonb as its text, as PostgreSQL prints it).
 */
export function decodeBinaryCopy(bytes: Uint8Array, columns: BinaryColumns): Record<string, BinaryValue>[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 19 || SIGNATURE.some((byte, index) => bytes[index] !== byte)) throw new Error('not a binary COPY');
  // Flags (bit 16: OIDs included, which a SELECT never has), then the header extension to skip.
  let offset = 15 + 4 + view.getUint32(15);
  const rows: Record<string, BinaryValue>[] = [];
  for (;;) {
    const fields = view.getInt16(offset);
    offset += 2;
    if (fields === -1) return rows;
    if (fields !== columns.length) throw new Error(`a binary COPY row of ${fields} fields, ${columns.length} expected`);
    const row: Record<string, BinaryValue> = {};
    for (const [name, type] of columns) {
      const length = view.getInt32(offset);
      offset += 4;
      if (length < 0) {
        row[name] = null;
        continue;
      }
      row[name] = decodeValue(type, view, bytes, offset, length);
      offset += length;
    }
    rows.push(row);
  }
}

function decodeValue(type: BinaryColumnType, view: DataView, bytes: Uint8Array, offset: number, length: number): BinaryValue {
  switch (type) {
    case 'int8':
      // Exact up to 2^53, as the text drivers' Number() of an id is.
      return view.getInt32(offset) * 4_294_967_296 + view.getUint32(offset + 4);
    case 'int4':
      return view.getInt32(offset);
    case 'float8':
      return view.getFloat64(offset);
    case 'bool':
      return bytes[offset] !== 0;
    case 'timestamptz': {
      // Microseconds since 2000-01-01; floored to the millisecond, as a Date of the text form is.
      const micros = view.getInt32(offset) * 4_294_967_296 + view.getUint32(offset + 4);
      return new Date(PG_EPOCH_MS + Math.floor(micros / 1000));
    }
    case 'text':
      return utf8.decode(bytes.subarray(offset, offset + length));
    case 'jsonb':
      // A version byte (1), then the JSON text; left as text, as the drivers' `::text` would be.
      return utf8.decode(bytes.subarray(offset + 1, offset + length));
  }
}

/** The SELECT list of those columns, each cast to the type it is decoded as. */
export function castColumns(columns: BinaryColumns): string {
  return columns.map(([name, type]) => `${name}::${type}`).join(', ');
}

/** A value written into a COPY's SELECT, which takes no parameters: only what cannot carry SQL. */
export const copyLiteral = {
  integer(value: number): string {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
    return String(value);
  },
  timestamptz(value: Date): string {
    // toISOString throws on an invalid date, and its output is digits, '-', ':', '.', 'T' and 'Z'.
    return `'${value.toISOString()}'::timestamptz`;
  },
};
