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
  /**
   * A SELECT's rows in PostgreSQL's binary COPY format (`decodeBinaryCopy`), for reads of many rows:
   * on PGlite a quarter of a million rows cost some 16 s through `query` (one protocol message and
   * one object per row) and under 1 s this way. COPY takes no parameters: values are written into
   * the SQL with `copyLiteral`.
   */
  copyBinary(select: string): Promise<Uint8Array>;
  /**
   * Hears every `NOTIFY` on `channel` (a lower-case identifier), from any connection to this
   * database, this one included, until the returned function is called. Resolves once listening.
   * On PostgreSQL a connection of its own listens: when it drops, it is opened again and listens
   * again (what was notified meanwhile is lost), and the listener hears of both.
   */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface NotificationListener {
  /** A NOTIFY's payload ('' when it had none). */
  notification(payload: string): void;
  /** The listening connection dropped, or could not be opened again; it keeps trying. */
  trouble?(error: Error): void;
  /** Listening again after a drop. */
  resumed?(): void;
}
