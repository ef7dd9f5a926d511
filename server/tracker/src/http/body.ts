import type { z } from 'zod';
import { badRequest } from './errors';

/**
 * Parses a JSON body with a schema. Like Traccar's Jackson, unknown keys are ignored; a value of
 * the wrong type, or a missing required one, is a 400 naming the field — and nothing is stored.
 */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Request body must be a JSON object');
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
  throw badRequest(`Invalid ${issues.join('; ')}`);
}

/** The numeric `{id}` of a path, or a 400. */
export function pathId(params: unknown): number {
  const raw = (params as { id?: string } | undefined)?.id ?? '';
  if (!/^\d+$/.test(raw)) throw badRequest(`Invalid id: ${raw}`);
  return Number(raw);
}
