/**
 * The one database interface the rest of the tracker sees. Two drivers implement it — embedded
 * PGlite (default, nothing to install) and a real PostgreSQL through `pg` — and every query is
 * plain PostgreSQL, so the same SQL runs on both.
 */
export interface Database {
  /** One parameterised statement ($1, $2, …); returns its rows. */
  query<Row extends object = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}
