/**
 * Traccar (Jackson) writes dates as ISO-8601 with milliseconds and a colon offset, in UTC:
 * "2024-05-01T12:34:56.000+00:00". Clients parse it with `new Date()`, so keep the same shape.
 */
export function formatDate(date: Date | null | undefined): string | null {
  if (!date) return null;
  return date.toISOString().replace('Z', '+00:00');
}

// Traccar's date query parameters must carry a zone: `Z` or `±hh:mm` (also `±hhmm`).
const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** Parses an ISO date with zone; null when absent or malformed. */
export function parseIsoDate(value: string | undefined): Date | null {
  if (!value || !ISO_WITH_ZONE.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
