import type { AuditEntry } from '@rastro/shared/contract';
import Papa from 'papaparse';

const COLUMNS = ['at', 'userId', 'userName', 'userEmail', 'domain', 'clientIp', 'action', 'objectType', 'objectId', 'deviceId', 'changes', 'before'] as const;

/**
 * The entries as CSV (RFC 4180, quoted where needed, one header row), the changes and the before
 * as JSON text. A formula-looking cell (`=`, `+`, `-`, `@`) is quoted with a leading apostrophe, so
 * a spreadsheet shows a value a user typed instead of running it.
 */
export function logsCsv(entries: readonly AuditEntry[]): string {
  const rows = entries.map((entry) => COLUMNS.map((column) => {
    const value = entry[column];
    if (value === null || value === undefined) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }));
  return Papa.unparse({ fields: [...COLUMNS], data: rows }, { escapeFormulae: true });
}
