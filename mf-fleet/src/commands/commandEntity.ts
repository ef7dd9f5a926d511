import { entityLists, i18n, savedCommandSchema, useDevicesStore } from '@rastro/shared';
import type { SavedCommand } from '@rastro/shared';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { trackingHttp } from '../api/clients';
import { commandTypes, commandTypesFor } from '../devices/detail/commands/commandApi';
import type { EntityDefinition, EntityField, FieldOption } from '../entity/entityDefinition';

/**
 * The attributes each command type needs (Traccar's Command keys) and whether they are numbers.
 * A type not listed needs none.
 */
export const commandAttributes: Readonly<Record<string, readonly string[]>> = {
  custom: ['data'],
  outputControl: ['index', 'data'],
  positionPeriodic: ['frequency'],
  setTimezone: ['timezone'],
  sendSms: ['phone', 'message'],
  message: ['message'],
};
const NUMERIC_ATTRIBUTES: ReadonlySet<string> = new Set(['index', 'frequency']);
const attributeNames = [...new Set(Object.values(commandAttributes).flat())];

const attributeShape = Object.fromEntries(attributeNames.map((name) => [`attribute_${name}`, z.string()])) as Record<string, z.ZodString>;

export const commandFormSchema = z
  .object({ description: z.string().trim().min(1, 'fleet.common.required'), type: z.string().min(1, 'fleet.common.required'), textChannel: z.boolean(), deviceId: z.string(), ...attributeShape })
  .superRefine((values, context) => {
    for (const name of commandAttributes[values.type] ?? []) {
      const value = (values as unknown as Record<string, string>)[`attribute_${name}`]?.trim() ?? '';
      if (!value) context.addIssue({ code: 'custom', path: [`attribute_${name}`], message: 'fleet.common.required' });
      else if (NUMERIC_ATTRIBUTES.has(name) && !Number.isFinite(Number(value))) context.addIssue({ code: 'custom', path: [`attribute_${name}`], message: 'fleet.common.invalidNumber' });
    }
  });
export type CommandFormValues = { description: string; type: string; textChannel: boolean; deviceId: string } & Record<`attribute_${string}`, string>;

/** The device list as options, "none" first: a saved command may belong to no device. */
export function useDeviceOptions(): readonly FieldOption[] {
  const byId = useDevicesStore((state) => state.byId);
  return useMemo(
    () => [
      { value: '0', labelKey: 'fleet.common.none' },
      ...Object.values(byId)
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((device) => ({ value: String(device.id), label: device.name })),
    ],
    [byId],
  );
}

/** GET /api/commands/types, for the chosen device when there is one (its protocol's types). */
export function useCommandTypeOptions(): readonly FieldOption[] {
  const [chosenDevice, chosenType] = useWatch<CommandFormValues, ['deviceId', 'type']>({ name: ['deviceId', 'type'] });
  const deviceId = Number(chosenDevice) || 0;
  const [types, setTypes] = useState<{ deviceId: number; types: readonly string[] } | null>(null);
  useEffect(() => {
    let current = true;
    const keep = (known: readonly string[]) => current && setTypes({ deviceId, types: known.length ? known : commandTypes });
    const asked = deviceId ? commandTypesFor(trackingHttp, deviceId) : trackingHttp.json('/commands/types').then((answer) => z.array(z.object({ type: z.string() })).parse(answer).map((entry) => entry.type));
    asked.then(keep, () => keep(commandTypes));
    return () => {
      current = false;
    };
  }, [deviceId]);
  const known = types?.types ?? commandTypes;
  // The saved type stays choosable even when this device's protocol does not list it.
  const shown = chosenType && !known.includes(chosenType) ? [chosenType, ...known] : known;
  return shown.map((type) => ({ value: type, label: commandTypeLabel(type) }));
}

const attributeFields = attributeNames.map(
  (name): EntityField<CommandFormValues> => ({
    name: `attribute_${name}`,
    labelKey: `fleet.command.params.${name}`,
    kind: NUMERIC_ATTRIBUTES.has(name) ? 'number' : 'text',
    visible: (values) => (commandAttributes[values.type] ?? []).includes(name),
  }),
);

/** A type by its translated name; one the catalog does not know (another protocol's) by its code. */
export function commandTypeLabel(type: string): string {
  return i18n.exists(`fleet.command.types.${type}`) ? i18n.t(`fleet.command.types.${type}`) : type;
}

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** Saved commands (SPEC §3): what is sent is kept under Traccar's attribute names, numbers as numbers. */
export const commandEntity: EntityDefinition<SavedCommand, CommandFormValues> = {
  key: 'commands',
  apiPath: '/commands',
  permissionArea: 'commands',
  schema: savedCommandSchema,
  formSchema: commandFormSchema as unknown as z.ZodType<CommandFormValues, CommandFormValues>,
  title: (command) => command.description ?? command.type,
  columns: [
    { id: 'description', labelKey: 'fleet.commands.description', value: (command) => command.description ?? '' },
    { id: 'type', labelKey: 'fleet.commands.type', value: (command) => commandTypeLabel(command.type) },
    { id: 'device', labelKey: 'fleet.commands.device', value: (command) => (command.deviceId ? (useDevicesStore.getState().byId[command.deviceId]?.name ?? '') : '') },
  ],
  fields: [
    { name: 'description', labelKey: 'fleet.commands.description', kind: 'text' },
    { name: 'deviceId', labelKey: 'fleet.commands.device', kind: 'select', options: useDeviceOptions },
    { name: 'type', labelKey: 'fleet.commands.type', kind: 'select', options: useCommandTypeOptions },
    ...attributeFields,
    { name: 'textChannel', labelKey: 'fleet.commands.textChannel', kind: 'checkbox' },
  ],
  toFormValues: (command) => ({
    description: command?.description ?? '',
    type: command?.type ?? 'custom',
    textChannel: command?.textChannel ?? false,
    deviceId: String(command?.deviceId ?? 0),
    ...Object.fromEntries(attributeNames.map((name) => [`attribute_${name}`, text(command?.attributes[name])])),
  }),
  toPayload: (values, original) => {
    const attributes: Record<string, unknown> = {};
    for (const name of commandAttributes[values.type] ?? []) {
      const value = values[`attribute_${name}`]?.trim() ?? '';
      attributes[name] = NUMERIC_ATTRIBUTES.has(name) ? Number(value) : value;
    }
    return { ...(original ?? {}), id: original?.id ?? 0, description: values.description.trim(), type: values.type, textChannel: values.textChannel, deviceId: Number(values.deviceId) || 0, attributes };
  },
  saveErrorKey: 'fleet.commands.saveError',
  deleteErrorKey: 'fleet.commands.deleteError',
};

export const commandsStore = entityLists.savedCommands;
