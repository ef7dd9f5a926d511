import { deviceSchema } from '@rastro/shared';
import type { Device } from '@rastro/shared';
import { z } from 'zod';
import { useFleetData } from '../../api/fleetData';
import type { EntityDefinition, EntityField } from '../../entity/entityDefinition';
import { CategoryIcon } from '../category/CategoryIcon';
import { deviceCategories } from '../category/deviceCategories';

/** SPEC §3 detail fields, kept as device attributes under these keys. */
export const detailAttributeKeys = ['iccid', 'operator', 'plate', 'brand', 'motorNumber', 'vin', 'chassis', 'manufactureDate', 'observations', 'fuelConsumption'] as const;
/** SPEC §3 installation record, kept as the `installation` attribute. */
export const installationKeys = ['company', 'installer', 'phone', 'email', 'observation', 'date', 'address'] as const;
export const COLOR_ATTRIBUTE = 'rastro.color';
export const COLOR_EXTRA_ATTRIBUTE = 'rastro.color_extra';

const required = z.string().trim().min(1, 'fleet.common.required');
const optionalNumber = z.string().trim().refine((value) => value === '' || Number.isFinite(Number(value.replace(',', '.'))), 'fleet.common.invalidNumber');

const detailShape = Object.fromEntries(detailAttributeKeys.map((key) => [key, z.string()])) as Record<(typeof detailAttributeKeys)[number], z.ZodString>;
const installationShape = Object.fromEntries(installationKeys.map((key) => [`installation_${key}`, z.string()])) as Record<`installation_${(typeof installationKeys)[number]}`, z.ZodString>;

/** SPEC §5: name and unique identifier required; accumulators numeric when given. */
export const deviceFormSchema = z.object({
  name: required,
  uniqueId: required,
  phone: z.string(),
  model: z.string(),
  contact: z.string(),
  category: z.string(),
  groupId: z.string(),
  color: z.string(),
  colorExtra: z.string(),
  totalDistance: optionalNumber,
  hours: optionalNumber,
  ...detailShape,
  ...installationShape,
});
export type DeviceFormValues = z.infer<typeof deviceFormSchema>;

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const installationOf = (device: Device | null): Record<string, unknown> => {
  const value = device?.attributes.installation;
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
};

const categoryPreview = (value: unknown) => <CategoryIcon category={typeof value === 'string' ? value : null} size={24} decorative testId="category-preview" />;

const fields: EntityField<DeviceFormValues>[] = [
  { name: 'name', labelKey: 'fleet.form.name', kind: 'text' },
  { name: 'uniqueId', labelKey: 'fleet.form.uniqueId', kind: 'text' },
  { name: 'category', labelKey: 'fleet.form.category', kind: 'select', options: deviceCategories.map((value) => ({ value, labelKey: `fleet.form.categories.${value}` })), preview: categoryPreview },
  {
    name: 'groupId',
    labelKey: 'fleet.form.group',
    kind: 'select',
    options: () => [{ value: '0', labelKey: 'fleet.common.none' }, ...useFleetData.getState().groups.map((group) => ({ value: String(group.id), label: group.name }))],
  },
  { name: 'phone', labelKey: 'fleet.form.phone', kind: 'text' },
  { name: 'model', labelKey: 'fleet.form.model', kind: 'text' },
  { name: 'contact', labelKey: 'fleet.form.contact', kind: 'text' },
  { name: 'color', labelKey: 'fleet.form.color', kind: 'color' },
  { name: 'colorExtra', labelKey: 'fleet.form.colorExtra', kind: 'color' },
  { name: 'totalDistance', labelKey: 'fleet.form.totalDistance', kind: 'number', sectionKey: 'fleet.form.accumulators' },
  { name: 'hours', labelKey: 'fleet.form.hours', kind: 'number', sectionKey: 'fleet.form.accumulators' },
  ...detailAttributeKeys.map((key): EntityField<DeviceFormValues> => ({
    name: key,
    labelKey: `fleet.detail.fields.${key}`,
    kind: key === 'observations' ? 'textarea' : key === 'manufactureDate' ? 'date' : 'text',
    sectionKey: 'fleet.form.sections.details',
  })),
  ...installationKeys.map((key): EntityField<DeviceFormValues> => ({
    name: `installation_${key}`,
    labelKey: `fleet.detail.installationFields.${key}`,
    kind: key === 'observation' ? 'textarea' : key === 'date' ? 'date' : 'text',
    sectionKey: 'fleet.form.sections.installation',
  })),
];

/** The device as one entity description: the generic form and API client do the rest. */
export const deviceEntity: EntityDefinition<Device, DeviceFormValues> = {
  key: 'device',
  apiPath: '/devices',
  permissionArea: 'devices',
  schema: deviceSchema,
  formSchema: deviceFormSchema,
  title: (device) => device.name,
  columns: [
    { id: 'name', labelKey: 'fleet.form.name', value: (device) => device.name },
    { id: 'uniqueId', labelKey: 'fleet.form.uniqueId', value: (device) => device.uniqueId },
  ],
  fields,
  toFormValues: (device) => ({
    name: device?.name ?? '',
    uniqueId: device?.uniqueId ?? '',
    phone: text(device?.phone),
    model: text(device?.model),
    contact: text(device?.contact),
    category: device?.category || 'default',
    groupId: String(device?.groupId ?? 0),
    color: text(device?.attributes[COLOR_ATTRIBUTE]) || '#1e88e5',
    colorExtra: text(device?.attributes[COLOR_EXTRA_ATTRIBUTE]) || '#ffffff',
    totalDistance: '',
    hours: '',
    ...(Object.fromEntries(detailAttributeKeys.map((key) => [key, text(device?.attributes[key])])) as Record<(typeof detailAttributeKeys)[number], string>),
    ...(Object.fromEntries(installationKeys.map((key) => [`installation_${key}`, text(installationOf(device)[key])])) as Record<`installation_${(typeof installationKeys)[number]}`, string>),
  }),
  toPayload: (values, original) => {
    const attributes: Record<string, unknown> = { ...(original?.attributes ?? {}), [COLOR_ATTRIBUTE]: values.color, [COLOR_EXTRA_ATTRIBUTE]: values.colorExtra };
    for (const key of detailAttributeKeys) {
      if (values[key].trim()) attributes[key] = values[key].trim();
      else delete attributes[key];
    }
    const installation = Object.fromEntries(installationKeys.map((key) => [key, values[`installation_${key}`].trim()]).filter(([, value]) => value));
    if (Object.keys(installation).length) attributes.installation = installation;
    else delete attributes.installation;
    return {
      ...(original ?? {}),
      id: original?.id ?? 0,
      name: values.name.trim(),
      uniqueId: values.uniqueId.trim(),
      status: original?.status ?? 'unknown',
      phone: values.phone.trim() || null,
      model: values.model.trim() || null,
      contact: values.contact.trim() || null,
      category: values.category === 'default' ? null : values.category,
      groupId: Number(values.groupId) || 0,
      attributes,
    };
  },
  saveErrorKey: 'fleet.form.saveError',
  deleteErrorKey: 'fleet.form.deleteError',
};

/** The accumulators the form asks to set (SPEC §7 PUT /devices/{id}/accumulators): odometer in metres, hours in ms. */
export function accumulatorsFrom(values: Pick<DeviceFormValues, 'totalDistance' | 'hours'>, deviceId: number): { deviceId: number; totalDistance?: number; hours?: number } | null {
  const number = (value: string) => (value.trim() === '' ? undefined : Number(value.replace(',', '.')));
  const totalDistance = number(values.totalDistance);
  const hours = number(values.hours);
  if (totalDistance === undefined && hours === undefined) return null;
  return { deviceId, totalDistance, hours: hours === undefined ? undefined : Math.round(hours * 3_600_000) };
}
