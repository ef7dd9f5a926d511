import type { PositionRecord } from '../entities/position';

/**
 * Position attributes read as Traccar's `Position.getBoolean/getString/getDouble` do: protocols
 * send text as often as JSON types ("true", "12.5"), and a missing attribute is not a false one.
 */
export function booleanAttribute(position: PositionRecord, key: string): boolean | undefined {
  const value = position.attributes[key];
  if (value === undefined || value === null) return undefined;
  return typeof value === 'boolean' ? value : String(value).toLowerCase() === 'true';
}

export function stringAttribute(position: PositionRecord, key: string): string | undefined {
  const value = position.attributes[key];
  return value === undefined || value === null ? undefined : String(value);
}

export function numberAttribute(position: PositionRecord, key: string): number | undefined {
  const value = Number(position.attributes[key] ?? NaN);
  return Number.isFinite(value) ? value : undefined;
}
