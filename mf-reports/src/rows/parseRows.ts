import { z } from 'zod';
import type { ReportKind } from '../reports/reportKinds';
import { JsonArraySplitter, RowsRefused } from './jsonArraySplitter';
import { routeFix, rowSchemas } from './rowSchemas';
import type { RowsByKind } from './rowSchemas';
import { RouteColumnsBuilder } from './routeColumns';
import type { RouteColumns } from './routeColumns';

export { RowsRefused } from './jsonArraySplitter';

/**
 * Rows handed over at a time at most. Each piece is one message from the worker, and the page copies
 * it in one task: 2,000 positions take a few milliseconds, far from the 100 ms a long task is allowed.
 */
export const ROWS_PIECE = 2_000;

/** An answer read as its bytes arrive: `push` each chunk in order, then `end` gives what was read. */
export interface AnswerReader<Result> {
  push(bytes: Uint8Array): void;
  end(): Result;
}

/** Every element of the answer checked against `schema`, `onRows` given at most `pieceSize` rows at a time, in order. */
function checkedReader<Row>(schema: z.ZodType<Row>, onRows: (rows: Row[]) => void, pieceSize: number): AnswerReader<number> {
  const pieceSchema = z.array(schema);
  let total = 0;
  const splitter = new JsonArraySplitter((elements) => {
    for (let start = 0; start < elements.length; start += pieceSize) {
      const checked = pieceSchema.safeParse(start === 0 && elements.length <= pieceSize ? elements : elements.slice(start, start + pieceSize));
      if (!checked.success) throw new RowsRefused(z.prettifyError(checked.error));
      onRows(checked.data);
    }
    total += elements.length;
  });
  return {
    push: (bytes) => splitter.push(bytes),
    end: () => {
      splitter.end();
      return total;
    },
  };
}

/**
 * A report's answer read as it arrives into rows checked against the report's schema: `onRows` gets
 * them ROWS_PIECE at most at a time, in order, and `end` answers how many. Run in the rows worker, so
 * a month of positions never parses on the page's thread.
 */
export function rowsReader<Kind extends ReportKind>(kind: Kind, onRows: (rows: Array<RowsByKind[Kind]>) => void, pieceSize = ROWS_PIECE): AnswerReader<number> {
  return checkedReader(rowSchemas[kind], onRows, pieceSize);
}

/** The fixes read before the table first gets a route's rows; each later part when they have doubled. */
export const ROUTE_FIRST_PART = 1_000;

/**
 * A route report's answer read as it arrives into columns (the map's fixes chosen at the end), each
 * fix checked for what the columns keep of it (routeFix): a month's other fields go unread.
 * `onPart`, when given, gets the fixes read so far (a copy) at ROUTE_FIRST_PART and each time they
 * have doubled since: a month's table fills as it comes instead of after the last byte, and the
 * copies add up to about twice the route once.
 */
export function routeReader(onPart?: (columns: RouteColumns) => void): AnswerReader<RouteColumns> {
  const builder = new RouteColumnsBuilder();
  let nextPart = ROUTE_FIRST_PART;
  const reader = checkedReader(
    routeFix,
    (rows) => {
      for (const row of rows) builder.add(row);
      if (onPart && builder.length >= nextPart) {
        nextPart = builder.length * 2;
        onPart(builder.snapshot());
      }
    },
    ROWS_PIECE,
  );
  return {
    push: reader.push,
    end: () => {
      reader.end();
      return builder.finish();
    },
  };
}

const bytesOf = (answer: ArrayBuffer | string) => (typeof answer === 'string' ? new TextEncoder().encode(answer) : new Uint8Array(answer));

/** A whole answer read at once (see rowsReader): the total is returned. */
export function parseRows<Kind extends ReportKind>(kind: Kind, answer: ArrayBuffer | string, onRows: (rows: Array<RowsByKind[Kind]>) => void, pieceSize = ROWS_PIECE): number {
  const reader = rowsReader(kind, onRows, pieceSize);
  reader.push(bytesOf(answer));
  return reader.end();
}

/** A whole route answer read at once (see routeReader). */
export function parseRoute(answer: ArrayBuffer | string): RouteColumns {
  const reader = routeReader();
  reader.push(bytesOf(answer));
  return reader.end();
}
