// @rastro/db: one PostgreSQL dialect for the servers — embedded PGlite by default, a real
// PostgreSQL with a URL — behind one small interface. See ../README.md.
export type { Database, NotificationListener } from './database';
export { applyScriptsOnce } from './apply-scripts-once';
export type { ScriptLedger } from './apply-scripts-once';
export { castColumns, copyLiteral, decodeBinaryCopy } from './binary-copy';
export type { BinaryColumns, BinaryColumnType, BinaryValue } from './binary-copy';
export { DatabaseUnavailableError, isConnectionFailure } from './database-unavailable';
export { openDatabase } from './open-database';
export type { OpenDatabaseOptions } from './open-database';
export { PgliteError } from './pglite-database';
export { placeholders, toAttributes, toDate, toNumber } from './values';
export { insertRow, updateRow } from './row-writes';
export type { RowValues } from './row-writes';
export { createScratchDatabase } from './scratch-postgres';
export type { ScratchDatabase } from './scratch-postgres';
export { startTcpRelay } from './tcp-relay';
export type { TcpRelay } from './tcp-relay';
