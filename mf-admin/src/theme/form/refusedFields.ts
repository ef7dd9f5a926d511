import { ApiError } from '@rastro/shared';

/**
 * The fields a refusal names (400 INVALID_INPUT, a limit's 403), by their last segment
 * (`colors.primary` → `primary`): the declarative forms name their fields so.
 */
export function refusedFields(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  try {
    const fields = (JSON.parse(error.body) as { fields?: unknown }).fields;
    return Array.isArray(fields) ? fields.filter((field): field is string => typeof field === 'string').map((field) => field.split('.').at(-1) ?? field) : [];
  } catch {
    return [];
  }
}
