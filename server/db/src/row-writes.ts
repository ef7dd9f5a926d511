import type { Database } from './database';

/** Column → value pairs of one row, in the order they should be written. */
export type RowValues = ReadonlyArray<readonly [column: string, value: unknown]>;

/** jsonb columns get their value serialised and cast, so a JS object is stored as JSON. */
function parameter(column: string, index: number, jsonColumns: readonly string[]): string {
  return `$${index}${jsonColumns.includes(column) ? '::jsonb' : ''}`;
}

function valueOf(column: string, value: unknown, jsonColumns: readonly string[]): unknown {
  return jsonColumns.includes(column) ? JSON.stringify(value ?? {}) : value;
}

/** `INSERT … RETURNING *` of one row; the stored row. */
export async function insertRow(db: Database, table: string, values: RowValues, jsonColumns: readonly string[] = ['attributes']): Promise<Record<string, unknown>> {
  const columns = values.map(([column]) => column);
  const placeholders = columns.map((column, index) => parameter(column, index + 1, jsonColumns));
  const rows = await db.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING *`,
    values.map(([column, value]) => valueOf(column, value, jsonColumns)),
  );
  return rows[0] ?? {};
}

/** `UPDATE … WHERE id = … RETURNING *`; the updated row, or null when no row has that id. */
export async function updateRow(
  db: Database,
  table: string,
  id: number,
  values: RowValues,
  jsonColumns: readonly string[] = ['attributes'],
): Promise<Record<string, unknown> | null> {
  const assignments = values.map(([column], index) => `${column} = ${parameter(column, index + 2, jsonColumns)}`);
  const rows = await db.query(
    `UPDATE ${table} SET ${assignments.join(', ')} WHERE id = $1 RETURNING *`,
    [id, ...values.map(([column, value]) => valueOf(column, value, jsonColumns))],
  );
  return rows[0] ?? null;
}
