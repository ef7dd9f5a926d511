// A report's answer read as its bytes arrive. The rows worker imports this module: plain code only.

/** The answer was not the report's rows: not JSON, not an array, or a row the schema refuses. */
export class RowsRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RowsRefused';
  }
}

/**
 * Bytes of elements parsed at a time: about 2,000 positions. Each piece is one JSON.parse of the
 * engine's own, far faster than any parser written in JavaScript, and short enough to run while the
 * rest of the answer still arrives.
 */
export const PIECE_BYTES = 1 << 20;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const isBlank = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

const notJson = () => new RowsRefused('not JSON');

/**
 * A JSON array read piece by piece as its bytes arrive (a month of positions is over 100 MB: parsed
 * whole, only once the last byte is in, it held the worker for seconds after the answer). Only the
 * array's own commas are looked for (outside strings, one level down); the elements between them are
 * handed to JSON.parse in pieces of about `pieceBytes`, in order. Pieces end at an ASCII comma, so a
 * UTF-8 character is never cut. Throws RowsRefused 'not JSON' or 'not a list' as JSON.parse of the
 * whole would have failed or not given an array; an empty answer is an empty list.
 */
export class JsonArraySplitter {
  private buffer = new Uint8Array(64 * 1024);
  /** Bytes held, from the current piece's first on. */
  private length = 0;
  /** Bytes of `buffer` already looked at. */
  private scanned = 0;
  /** Where the current piece's elements begin in `buffer` (after the '[' or a comma). */
  private pieceStart = 0;
  private depth = 0;
  private inString = false;
  /** A piece was parsed before the current one: the current one may not be blank. */
  private cut = false;
  private state: 'before' | 'inside' | 'after' | 'notArray' = 'before';
  private readonly decoder = new TextDecoder();

  constructor(
    private readonly onElements: (elements: unknown[]) => void,
    private readonly pieceBytes = PIECE_BYTES,
  ) {}

  push(bytes: Uint8Array): void {
    this.hold(bytes);
    if (this.state === 'notArray') return;
    this.scan();
    // The bytes before the current piece are parsed: keep only the rest.
    if (this.pieceStart > 0) {
      this.buffer.copyWithin(0, this.pieceStart, this.length);
      this.length -= this.pieceStart;
      this.scanned -= this.pieceStart;
      this.pieceStart = 0;
    }
  }

  /** The answer's end: throws when it left the array unfinished or was not one. */
  end(): void {
    if (this.state === 'after') return;
    if (this.state === 'inside') throw notJson();
    if (this.state === 'before') return; // blank: no rows
    // Not an array: as JSON.parse of the whole would have told it.
    try {
      JSON.parse(this.decoder.decode(this.buffer.subarray(0, this.length)));
    } catch {
      throw notJson();
    }
    throw new RowsRefused('not a list');
  }

  private hold(bytes: Uint8Array): void {
    if (this.length + bytes.length > this.buffer.length) {
      const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + bytes.length));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  private scan(): void {
    // The state in locals while the loop runs: a month's answer is a hundred million bytes.
    const bytes = this.buffer;
    const end = this.length;
    let index = this.scanned;
    let depth = this.depth;
    let inString = this.inString;
    while (index < end) {
      if (inString) {
        // A string's end: its next quote not escaped (an odd run of backslashes before it escapes it).
        const quote = bytes.indexOf(QUOTE, index);
        if (quote < 0 || quote >= end) {
          index = end;
          break;
        }
        let before = quote - 1;
        while (bytes[before] === BACKSLASH) before -= 1;
        if ((quote - 1 - before) % 2 === 0) inString = false;
        index = quote + 1;
        continue;
      }
      const byte = bytes[index]!;
      if (depth === 0) {
        // Before the array or after it.
        if (!isBlank(byte)) {
          this.outside(byte, index);
          if (this.state === 'notArray') break;
          depth = this.depth;
        }
      } else if (byte === QUOTE) inString = true;
      else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) depth += 1;
      else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === 0) {
          if (byte !== CLOSE_BRACKET) throw notJson();
          this.parse(index);
          this.pieceStart = index + 1;
          this.state = 'after';
        }
      } else if (byte === COMMA && depth === 1 && index - this.pieceStart >= this.pieceBytes) {
        this.parse(index);
        this.pieceStart = index + 1;
      }
      index += 1;
    }
    this.scanned = index;
    this.depth = depth;
    this.inString = inString;
  }

  /** A byte that is not blank before the array or after it. */
  private outside(byte: number, index: number): void {
    if (this.state === 'after') throw notJson();
    if (byte !== OPEN_BRACKET) {
      this.state = 'notArray';
      return;
    }
    this.state = 'inside';
    this.depth = 1;
    this.pieceStart = index + 1;
  }

  /** The elements from the piece's start to `end` (a comma or the closing bracket). */
  private parse(end: number): void {
    const text = this.decoder.decode(this.buffer.subarray(this.pieceStart, end));
    // `[…,]`: a comma the last piece began after, with nothing behind it.
    if (this.cut && text.trim() === '') throw notJson();
    this.cut = true;
    let elements: unknown;
    try {
      elements = JSON.parse(`[${text}]`);
    } catch {
      throw notJson();
    }
    const list = elements as unknown[];
    if (list.length > 0) this.onElements(list);
  }
}
