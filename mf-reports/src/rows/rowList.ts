/**
 * A report's rows as the table reads them: a plain array, or rows read one at a time from columns
 * (a route's, routeColumns.ts) so that a month of fixes is never a quarter of a million objects.
 */
export interface RowList<Row> {
  readonly length: number;
  at(index: number): Row | undefined;
}

/** Every row as an array (the list itself when it is one): for the few rows of a page or a choice. */
export function rowArray<Row>(list: RowList<Row>): Row[] {
  return Array.isArray(list) ? (list as Row[]) : Array.from({ length: list.length }, (_, index) => list.at(index) as Row);
}
