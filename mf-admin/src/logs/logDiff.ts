export interface LogChange {
  field: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const shown = (value: unknown): string => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

/**
 * What a write changed, field by field: each value the request carried beside the one stored
 * before it (attributes one by one, as `attributes.plate`). Values that stayed the same are left
 * out; without a before (a creation, a command) every value is listed.
 */
export function logChanges(before: unknown, changes: unknown): LogChange[] {
  if (!isRecord(changes)) return changes === null || changes === undefined ? [] : [{ field: '', before: shown(before), after: shown(changes) }];
  const previous = isRecord(before) ? before : {};
  const rows: LogChange[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'attributes' && isRecord(value)) {
      const old = isRecord(previous.attributes) ? previous.attributes : {};
      const keys = new Set([...Object.keys(old), ...Object.keys(value)]);
      for (const name of keys) {
        if (shown(old[name]) !== shown(value[name])) rows.push({ field: `attributes.${name}`, before: shown(old[name]), after: shown(value[name]) });
      }
    } else if (shown(previous[key]) !== shown(value)) {
      rows.push({ field: key, before: shown(previous[key]), after: shown(value) });
    }
  }
  return rows;
}
