import { z } from 'zod';
import type { EntityKind, FieldSpec } from './entity-kinds';

const attributesSchema = z.record(z.string(), z.unknown());

function fieldSchema(spec: FieldSpec): z.ZodType {
  switch (spec.type) {
    case 'string':
      return spec.required ? z.string().trim().min(1, 'must not be empty') : z.string().nullable().optional();
    case 'integer':
      return z.number().int().nullable().optional();
    case 'number':
      return z.number().nullable().optional();
    case 'boolean':
      return z.boolean().nullable().optional();
  }
}

/** The request-body schema of an entity kind, derived from its declared fields. */
export function entitySchema(kind: EntityKind) {
  const shape: Record<string, z.ZodType> = { id: z.number().int().optional() };
  for (const [field, spec] of Object.entries(kind.fields)) shape[field] = fieldSchema(spec);
  if (kind.hasAttributes) shape.attributes = attributesSchema.nullable().optional();
  return z.object(shape);
}
