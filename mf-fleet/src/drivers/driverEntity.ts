import { driverSchema, entityLists, QR_ACCESS_ATTRIBUTE } from '@rastro/shared';
import type { Driver } from '@rastro/shared';
import { z } from 'zod';
import type { EntityDefinition, EntityField } from '../entity/entityDefinition';
import { DriverQrCode } from './DriverQrCode';

/** Driver attributes for fuel (litres per 100 km, cost per litre), as device attributes name them. */
export const FUEL_CONSUMPTION = 'fuelConsumption';
export const FUEL_COST = 'fuelCost';
/** shared/contract/qr-driver.ts: at most a week of minutes. */
const MAX_MINUTES = 7 * 24 * 60;

const optionalNumber = z.string().trim().refine((value) => value === '' || Number.isFinite(Number(value.replace(',', '.'))), 'fleet.common.invalidNumber');
const minutes = z
  .string()
  .trim()
  .refine((value) => value === '' || (/^\d+$/.test(value) && Number(value) <= MAX_MINUTES), 'fleet.drivers.invalidMinutes');

const driverFormShape = z.object({
  name: z.string().trim().min(1, 'fleet.common.required'),
  uniqueId: z.string().trim().min(1, 'fleet.common.required'),
  fuelConsumption: optionalNumber,
  fuelCost: optionalNumber,
  qrEnabled: z.boolean(),
  /** Whether the stored driver already has QR access (then an empty password keeps the current one). */
  qrExisting: z.boolean(),
  username: z.string(),
  password: z.string(),
  unlockDevice: z.boolean(),
  logoutOnIgnitionOff: z.boolean(),
  lockWithoutDriver: z.boolean(),
  lockDelayMinutes: minutes,
  logoutDelayMinutes: minutes,
});
export type DriverFormValues = z.infer<typeof driverFormShape>;

/** SPEC §3 driver; the QR access as the gateway checks it (username 4+, password 4+ when first given). */
export const driverFormSchema = driverFormShape.superRefine((values, context) => {
  if (!values.qrEnabled) return;
  if (values.username.trim().length < 4) context.addIssue({ code: 'custom', path: ['username'], message: 'fleet.drivers.shortUsername' });
  if (values.password.length > 0 ? values.password.length < 4 : !values.qrExisting) context.addIssue({ code: 'custom', path: ['password'], message: 'fleet.drivers.shortPassword' });
});

const QR_SECTION = 'fleet.drivers.qrSection';
const qrOnly = (values: DriverFormValues) => values.qrEnabled;
const qrField = (name: keyof DriverFormValues, kind: EntityField<DriverFormValues>['kind']): EntityField<DriverFormValues> => ({ name, labelKey: `fleet.drivers.${name}`, kind, sectionKey: QR_SECTION, visible: name === 'qrEnabled' ? undefined : qrOnly });

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const record = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);
const numberOf = (value: string) => Number(value.trim().replace(',', '.'));

export const driverEntity: EntityDefinition<Driver, DriverFormValues> = {
  key: 'drivers',
  apiPath: '/drivers',
  permissionArea: 'drivers',
  schema: driverSchema,
  formSchema: driverFormSchema,
  title: (driver) => driver.name,
  columns: [
    { id: 'name', labelKey: 'fleet.drivers.name', value: (driver) => driver.name },
    { id: 'uniqueId', labelKey: 'fleet.drivers.uniqueId', value: (driver) => driver.uniqueId },
  ],
  fields: [
    { name: 'name', labelKey: 'fleet.drivers.name', kind: 'text' },
    { name: 'uniqueId', labelKey: 'fleet.drivers.uniqueId', kind: 'text' },
    { name: 'fuelConsumption', labelKey: 'fleet.drivers.fuelConsumption', kind: 'number' },
    { name: 'fuelCost', labelKey: 'fleet.drivers.fuelCost', kind: 'number' },
    qrField('qrEnabled', 'checkbox'),
    qrField('username', 'text'),
    qrField('password', 'password'),
    qrField('unlockDevice', 'checkbox'),
    qrField('logoutOnIgnitionOff', 'checkbox'),
    qrField('lockWithoutDriver', 'checkbox'),
    qrField('lockDelayMinutes', 'number'),
    qrField('logoutDelayMinutes', 'number'),
  ],
  toFormValues: (driver) => {
    const qr = record(driver?.attributes[QR_ACCESS_ATTRIBUTE]);
    return {
      name: driver?.name ?? '',
      uniqueId: driver?.uniqueId ?? '',
      fuelConsumption: text(driver?.attributes[FUEL_CONSUMPTION]),
      fuelCost: text(driver?.attributes[FUEL_COST]),
      qrEnabled: qr !== null,
      qrExisting: qr !== null,
      username: text(qr?.username),
      password: '',
      unlockDevice: qr?.unlockDevice === true,
      logoutOnIgnitionOff: qr?.logoutOnIgnitionOff === true,
      lockWithoutDriver: qr?.lockWithoutDriver === true,
      lockDelayMinutes: text(qr?.lockDelayMinutes ?? 0),
      logoutDelayMinutes: text(qr?.logoutDelayMinutes ?? 0),
    };
  },
  toPayload: (values, original) => {
    const attributes: Record<string, unknown> = { ...(original?.attributes ?? {}) };
    for (const [key, value] of [
      [FUEL_CONSUMPTION, values.fuelConsumption],
      [FUEL_COST, values.fuelCost],
    ] as const) {
      if (value.trim()) attributes[key] = numberOf(value);
      else delete attributes[key];
    }
    if (values.qrEnabled)
      attributes[QR_ACCESS_ATTRIBUTE] = {
        username: values.username.trim(),
        // Absent keeps the password the driver has (the gateway never stores it here).
        ...(values.password ? { password: values.password } : {}),
        unlockDevice: values.unlockDevice,
        logoutOnIgnitionOff: values.logoutOnIgnitionOff,
        lockWithoutDriver: values.lockWithoutDriver,
        lockDelayMinutes: Number(values.lockDelayMinutes || 0),
        logoutDelayMinutes: Number(values.logoutDelayMinutes || 0),
      };
    else delete attributes[QR_ACCESS_ATTRIBUTE];
    return { ...(original ?? {}), id: original?.id ?? 0, name: values.name.trim(), uniqueId: values.uniqueId.trim(), attributes };
  },
  FormExtras: DriverQrCode,
  saveErrorKey: 'fleet.drivers.saveError',
  deleteErrorKey: 'fleet.drivers.deleteError',
};

export const driversStore = entityLists.drivers;
