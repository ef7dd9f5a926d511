import { computedAttributeSchema, entityLists, usePositionsStore } from '@rastro/shared';
import type { ComputedAttribute } from '@rastro/shared';
import { useMemo } from 'react';
import { z } from 'zod';
import type { EntityDefinition } from '../entity/entityDefinition';
import { linkedDevicesField, linkedDevicesShape, noLinkedDevices, saveDeviceLinks } from '../links/LinkedDevices';
import { ComputedTest } from './ComputedTest';

/** Traccar's output types: text, numeric, logical (SPEC §3). */
export const computedTypes = ['string', 'number', 'boolean'] as const;
/** A position's own fields an expression can read besides its attributes. */
const POSITION_FIELDS = ['speed', 'course', 'altitude', 'latitude', 'longitude', 'accuracy', 'valid', 'fixTime'] as const;

/** SPEC §5: description, expression and type are required; the attribute names what is computed. */
export const computedFormSchema = z.object({
  description: z.string().trim().min(1, 'fleet.common.required'),
  attribute: z.string().trim().min(1, 'fleet.common.required'),
  expression: z.string().trim().min(1, 'fleet.common.required'),
  type: z.enum(computedTypes, { message: 'fleet.common.required' }),
  ...linkedDevicesShape,
});
export type ComputedFormValues = z.infer<typeof computedFormSchema>;

/** The attribute names the positions on this page carry, with the position's fields: what an expression may read. */
export function useAttributeHints(): readonly string[] {
  const positions = usePositionsStore((state) => state.latestByDeviceId);
  return useMemo(() => {
    const names = new Set<string>(POSITION_FIELDS);
    for (const position of Object.values(positions)) for (const name of Object.keys(position.attributes ?? {})) names.add(name);
    return [...names].sort();
  }, [positions]);
}

export const computedEntity: EntityDefinition<ComputedAttribute, ComputedFormValues> = {
  key: 'computed',
  apiPath: '/attributes/computed',
  permissionArea: 'computedAttributes',
  schema: computedAttributeSchema,
  formSchema: computedFormSchema,
  title: (attribute) => attribute.description,
  columns: [
    { id: 'description', labelKey: 'fleet.computed.description', value: (attribute) => attribute.description },
    { id: 'attribute', labelKey: 'fleet.computed.attribute', value: (attribute) => attribute.attribute },
    { id: 'expression', labelKey: 'fleet.computed.expression', value: (attribute) => attribute.expression },
  ],
  fields: [
    { name: 'description', labelKey: 'fleet.computed.description', kind: 'text' },
    { name: 'attribute', labelKey: 'fleet.computed.attribute', kind: 'text' },
    { name: 'expression', labelKey: 'fleet.computed.expression', kind: 'textarea', hints: useAttributeHints },
    { name: 'type', labelKey: 'fleet.computed.type', kind: 'select', options: computedTypes.map((type) => ({ value: type, labelKey: `fleet.computed.types.${type}` })) },
    linkedDevicesField<ComputedFormValues>('computed'),
  ],
  toFormValues: (attribute) => ({
    ...noLinkedDevices(),
    description: attribute?.description ?? '',
    attribute: attribute?.attribute ?? '',
    expression: attribute?.expression ?? '',
    type: computedTypes.find((type) => type === attribute?.type) ?? 'string',
  }),
  toPayload: (values, original) => ({ ...(original ?? {}), id: original?.id ?? 0, description: values.description.trim(), attribute: values.attribute.trim(), expression: values.expression.trim(), type: values.type }),
  // SPEC §3's "devices": which devices the attribute applies to, kept as Traccar keeps it, as links.
  afterSave: (saved, values) => saveDeviceLinks('computed', saved.id, values),
  FormExtras: ComputedTest,
  saveErrorKey: 'fleet.computed.saveError',
  deleteErrorKey: 'fleet.computed.deleteError',
};

export const computedStore = entityLists.computedAttributes;
