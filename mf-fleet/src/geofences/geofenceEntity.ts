import { convertSpeed, entityLists, geofenceSchema, parseGeofenceArea, useServerStore, useSessionStore } from '@rastro/shared';
import type { Geofence, SpeedUnit } from '@rastro/shared';
import { createElement } from 'react';
import { z } from 'zod';
import { isAnchorGeofence } from '../api/fleetData';
import type { EntityDefinition } from '../entity/entityDefinition';
import { speedUnitOf } from '../units/userUnits';
import { GeofenceName, GeofenceShapeLabel } from './GeofenceName';
import { GeofenceShapeField } from './GeofenceShapeField';

const speedText = z
  .string()
  .trim()
  .refine((value) => value === '' || (Number.isFinite(Number(value.replace(',', '.'))) && Number(value.replace(',', '.')) > 0), 'fleet.geofences.speedInvalid');

export const geofenceFormSchema = z.object({
  // SPEC §5: FILL_NAME, in the page's own catalog of server codes.
  name: z.string().trim().min(1, 'errors.FILL_NAME'),
  description: z.string(),
  calendarId: z.string(),
  speedLimit: speedText,
  lockOnEnter: z.boolean(),
  lockOnExit: z.boolean(),
  area: z.string().min(1, 'fleet.geofences.drawFirst'),
});
export type GeofenceFormValues = z.infer<typeof geofenceFormSchema>;

const currentSpeedUnit = (): SpeedUnit => speedUnitOf(useSessionStore.getState().user, useServerStore.getState().server);
const flag = (value: unknown) => value === true || value === 'true';

/** A speed typed in the user's unit → knots, as Traccar keeps `speedLimit` (3 decimals); and back, to at most 2. */
export const speedToKnots = (value: number, unit: SpeedUnit) => Math.round((value / convertSpeed(1, unit)) * 1000) / 1000;
export const knotsToSpeed = (knots: number, unit: SpeedUnit) => Math.round(convertSpeed(knots, unit) * 100) / 100;

export const shapeOf = (geofence: Pick<Geofence, 'area'>) => parseGeofenceArea(geofence.area)?.type ?? null;

/** Builds the description for a speed unit, so tests can give the unit the user would have. */
export function geofenceEntityFor(unit: () => SpeedUnit): EntityDefinition<Geofence, GeofenceFormValues> {
  return {
    key: 'geofences',
    apiPath: '/geofences',
    permissionArea: 'geofences',
    schema: geofenceSchema,
    formSchema: geofenceFormSchema,
    title: (geofence) => geofence.name,
    columns: [
      { id: 'name', labelKey: 'fleet.geofences.name', value: (geofence) => createElement(GeofenceName, { geofence }), text: (geofence) => geofence.name },
      { id: 'shape', labelKey: 'fleet.geofences.shape', value: (geofence) => createElement(GeofenceShapeLabel, { area: geofence.area }), text: (geofence) => shapeOf(geofence) ?? '' },
      { id: 'description', labelKey: 'fleet.geofences.description', value: (geofence) => geofence.description ?? '' },
    ],
    fields: [
      { name: 'area', labelKey: 'fleet.geofences.shape', kind: 'custom', render: ({ disabled, entityId }) => createElement(GeofenceShapeField, { disabled, entityId }) },
      { name: 'name', labelKey: 'fleet.geofences.name', kind: 'text' },
      { name: 'description', labelKey: 'fleet.geofences.description', kind: 'textarea' },
      {
        name: 'calendarId',
        labelKey: 'fleet.geofences.calendar',
        kind: 'select',
        options: () => [{ value: '0', labelKey: 'fleet.common.none' }, ...entityLists.calendars.getState().items.map((calendar) => ({ value: String(calendar.id), label: calendar.name }))],
      },
      { name: 'speedLimit', labelKey: `fleet.geofences.speedLimit.${unit()}`, kind: 'number', sectionKey: 'fleet.geofences.automations' },
      { name: 'lockOnEnter', labelKey: 'fleet.geofences.lockOnEnter', kind: 'checkbox', sectionKey: 'fleet.geofences.automations' },
      { name: 'lockOnExit', labelKey: 'fleet.geofences.lockOnExit', kind: 'checkbox', sectionKey: 'fleet.geofences.automations' },
    ],
    toFormValues: (geofence) => {
      const knots = Number(geofence?.attributes.speedLimit);
      return {
        name: geofence?.name ?? '',
        description: geofence?.description ?? '',
        calendarId: String(geofence?.calendarId ?? 0),
        speedLimit: geofence?.attributes.speedLimit !== undefined && Number.isFinite(knots) && knots > 0 ? String(knotsToSpeed(knots, unit())) : '',
        lockOnEnter: flag(geofence?.attributes.lockOnEnter),
        lockOnExit: flag(geofence?.attributes.lockOnExit),
        area: geofence?.area ?? '',
      };
    },
    toPayload: (values, original) => {
      const attributes: Record<string, unknown> = { ...(original?.attributes ?? {}) };
      const speed = values.speedLimit.trim();
      if (speed) attributes.speedLimit = speedToKnots(Number(speed.replace(',', '.')), unit());
      else delete attributes.speedLimit;
      // Kept only when on, as Traccar's web client does: the gateway's automations read true.
      for (const key of ['lockOnEnter', 'lockOnExit'] as const) {
        if (values[key]) attributes[key] = true;
        else delete attributes[key];
      }
      return {
        ...(original ?? {}),
        id: original?.id ?? 0,
        name: values.name.trim(),
        description: values.description.trim(),
        calendarId: Number(values.calendarId) || 0,
        area: values.area,
        attributes,
      };
    },
    // SPEC §3: an anchor belongs to its device's anchor toggle.
    lockedReason: (geofence) => (isAnchorGeofence(geofence) ? 'fleet.geofences.anchorLocked' : null),
    saveErrorKey: 'fleet.geofences.saveError',
    deleteErrorKey: 'fleet.geofences.deleteError',
  };
}

/** SPEC §3 geofence: a shape drawn on the map, name, description, calendar and the automations' attributes. */
export const geofenceEntity = geofenceEntityFor(currentSpeedUnit);
