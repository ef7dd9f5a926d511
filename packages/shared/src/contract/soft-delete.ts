/**
 * Safe-mode deletion (server attribute `rastro.safeDelete`): the gateway renames a deleted
 * device's uniqueId to `deleted-<uniqueId>-<timestamp>` so its history stays; such devices are
 * hidden everywhere. The original's own dashes become underscores so the marker stays three parts.
 */
const MARKER = 'deleted';

export function isSoftDeletedUniqueId(uniqueId: string): boolean {
  const parts = uniqueId.split('-');
  return parts.length === 3 && parts[0] === MARKER;
}

export function softDeletedUniqueId(uniqueId: string, at: Date = new Date()): string {
  return `${MARKER}-${uniqueId.replaceAll('-', '_')}-${at.getTime()}`;
}
