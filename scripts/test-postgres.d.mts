// Types of test-postgres.mjs for its TypeScript callers (e2e's database fault spec).

/** The newest `/usr/lib/postgresql/<major>/bin` holding every server tool, or null when PostgreSQL is not installed. */
export function findServerBin(): string | null;

export function ensurePostgresInstalled(): void;

/** A throw-away server with an empty database: its URL (superuser, no password) and an idempotent `stop()`. */
export function startTestPostgres(): Promise<{ url: string; stop(): void }>;
