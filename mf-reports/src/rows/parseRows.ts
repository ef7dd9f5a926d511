import { z } from 'zod';
import type { ReportKind } from '../reports/reportKinds';
import { routeFix, rowSchemas } from './rowSchemas';
import type { RowsByKind } from './rowSchemas';
import { RouteColumnsBuilder } from './routeColumns';
import type { RouteColumns } from './routeColumns';

/**
 * Rows handed over at a time. Each piece is one message from the worker, and the page copies it in
 * one task: 2,000 positions take a few milliseconds, far from the 100 ms a long task is allowed.
 */
export const ROWS_PIECE = 2_000;

/** The answer was not the report's rows: not JSON, not an array, or a row the schema refuses. */
export class RowsRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RowsRefused';
  }
}

/** The answer's rows, checked against `schema` piece by piece (see parseRows). */
function checkedPieces<Row>(schema: z.ZodType<Row>, answer: ArrayBuffer | string, onPiece: (rows: Row[], total: number) => void, pieceSize: number): number {
  const text = typeof answer === 'string' ? answer : new TextDecoder().decode(answer);
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : [];
  } catch {
    throw new RowsRefused('not JSON');
  }
  if (!Array.isArray(parsed)) throw new RowsRefused('not a list');
  const pieceSchema = z.array(schema);
  for (let start = 0; start < parsed.length; start += pieceSize) {
    const checked = pieceSchema.safeParse(parsed.slice(start, start + pieceSize));
    if (!checked.success) throw new RowsRefused(z.prettifyError(checked.error));
    onPiece(checked.data, parsed.length);
  }
  return parsed.length;
}

/**
 * A report's answer (its bytes, as the tracker sent them) read into rows and checked against the
 * report's schema, piece by piece: `onPiece` gets every ROWS_PIECE rows in order, and the total is
 * returned. Run in the rows worker, so a month of positions never parses on the page's thread.
 */
export function parseRows<Kind extends ReportKind>(kind: Kind, answer: ArrayBuffer | string, onPiece: (rows: Array<RowsByKind[Kind]>, total: number) => void, pieceSize = ROWS_PIECE): number {
  return checkedPieces(rowSchemas[kind], answer, onPiece, pieceSize);
}

/**
 * A route report's answer read into columns (the map's fixes chosen too), each fix checked for what
 * the columns keep of it (routeFix): a month's other fields go unread.
 */
export function parseRoute(answer: ArrayBuffer | string): RouteColumns {
  let builder: RouteColumnsBuilder | undefined;
  checkedPieces(
    routeFix,
    answer,
    (rows, total) => {
      builder ??= new RouteColumnsBuilder(total);
      for (const row of rows) builder.add(row);
    },
    ROWS_PIECE,
  );
  return (builder ?? new RouteColumnsBuilder(0)).finish();
}
