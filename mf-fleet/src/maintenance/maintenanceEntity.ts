import { formatNumber, i18n, maintenanceSchema, useServerStore, useSessionStore } from '@rastro/shared';
import type { Maintenance } from '@rastro/shared';
import { createElement } from 'react';
import { z } from 'zod';
import type { EntityDefinition } from '../entity/entityDefinition';
import { distanceUnitOf, fromStored, maintenanceTypes, toStored, unitOf } from './maintenanceUnits';
import type { DistanceUnit } from './maintenanceUnits';
import { UnitSuffix } from './UnitSuffix';

const parse = (value: string) => Number(value.trim().replace(',', '.'));
const positiveNumber = (zeroAllowed: boolean) =>
  z
    .string()
    .trim()
    .min(1, 'fleet.common.required')
    .refine((value) => Number.isFinite(parse(value)) && (zeroAllowed ? parse(value) >= 0 : parse(value) > 0), 'fleet.maintenance.positive');

export const maintenanceFormSchema = z.object({
  name: z.string().trim().min(1, 'fleet.common.required'),
  type: z.enum(maintenanceTypes),
  start: positiveNumber(true),
  period: positiveNumber(false),
});
export type MaintenanceFormValues = z.infer<typeof maintenanceFormSchema>;

/** The signed-in user's distance unit, read when the form opens or saves. */
const currentUnit = (): DistanceUnit => distanceUnitOf(useSessionStore.getState().user, useServerStore.getState().server);

/** "15.000 km" or "250 h": a stored value in the user's unit. */
export function formatMaintenanceValue(type: string, stored: number, unit: DistanceUnit = currentUnit()): string {
  return `${formatNumber(fromStored(type, stored, unit), i18n.language, type === 'hours' ? 1 : 0)} ${unitOf(type, unit)}`;
}

/** Builds the description for a unit, so tests can give the unit the user would have. */
export function maintenanceEntityFor(unit: () => DistanceUnit): EntityDefinition<Maintenance, MaintenanceFormValues> {
  return {
    key: 'maintenance',
    apiPath: '/maintenance',
    permissionArea: 'maintenance',
    schema: maintenanceSchema,
    formSchema: maintenanceFormSchema,
    title: (maintenance) => maintenance.name,
    columns: [
      { id: 'name', labelKey: 'fleet.maintenance.name', value: (maintenance) => maintenance.name },
      { id: 'type', labelKey: 'fleet.maintenance.type', value: (maintenance) => i18n.t(`fleet.maintenance.types.${maintenance.type}`) },
      { id: 'start', labelKey: 'fleet.maintenance.start', value: (maintenance) => formatMaintenanceValue(maintenance.type, maintenance.start, unit()), text: (maintenance) => String(maintenance.start).padStart(16, '0') },
      { id: 'period', labelKey: 'fleet.maintenance.period', value: (maintenance) => formatMaintenanceValue(maintenance.type, maintenance.period, unit()), text: (maintenance) => String(maintenance.period).padStart(16, '0') },
    ],
    fields: [
      { name: 'name', labelKey: 'fleet.maintenance.name', kind: 'text' },
      { name: 'type', labelKey: 'fleet.maintenance.type', kind: 'select', options: maintenanceTypes.map((value) => ({ value, labelKey: `fleet.maintenance.types.${value}` })) },
      { name: 'start', labelKey: 'fleet.maintenance.start', kind: 'number', preview: () => createElement(UnitSuffix, { unit: unit() }) },
      { name: 'period', labelKey: 'fleet.maintenance.period', kind: 'number', preview: () => createElement(UnitSuffix, { unit: unit() }) },
    ],
    toFormValues: (maintenance) => {
      const type = maintenance?.type === 'hours' ? 'hours' : 'totalDistance';
      return {
        name: maintenance?.name ?? '',
        type,
        start: maintenance ? String(fromStored(type, maintenance.start, unit())) : '0',
        period: maintenance ? String(fromStored(type, maintenance.period, unit())) : '',
      };
    },
    toPayload: (values, original) => ({
      ...(original ?? {}),
      id: original?.id ?? 0,
      name: values.name.trim(),
      type: values.type,
      start: toStored(values.type, parse(values.start), unit()),
      period: toStored(values.type, parse(values.period), unit()),
      attributes: original?.attributes ?? {},
    }),
    saveErrorKey: 'fleet.maintenance.saveError',
    deleteErrorKey: 'fleet.maintenance.deleteError',
  };
}

/** SPEC §3 maintenance: start and cycle typed in km, miles or hours, stored in metres or milliseconds. */
export const maintenanceEntity = maintenanceEntityFor(currentUnit);
