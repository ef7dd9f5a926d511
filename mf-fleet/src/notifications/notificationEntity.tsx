import { alarmName, DEFAULT_POSITION, i18n, DEFAULT_SOUND, entityLists, knownAlarms, notificationSchema, notificationStyleKeys, notificationTypes, popupColours, popupPositions, presetSoundUrl } from '@rastro/shared';
import type { TrackingNotification } from '@rastro/shared';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { trackingHttp } from '../api/clients';
import type { EntityDefinition, FieldOption } from '../entity/entityDefinition';
import { CUSTOM_SOUND, MUTE_SOUND } from '../entity/SoundControl';
import { NotificationTest } from './NotificationTest';

/** SPEC §5: one message for the three required fields, "Type, Channels, Alarms must be filled". */
export const NOTIFICATION_REQUIRED = 'fleet.notifications.required';

/**
 * SPEC §3 "auto-add to new users": the gateway links a notification with this attribute to every
 * user its creator makes afterwards (server/gateway policy/new-user-notifications.ts).
 */
export const ADD_TO_NEW_USERS = 'rastro.addToNewUsers';

/** Traccar's alarm names, as the shared catalog lists them. */
export const alarmNames: readonly string[] = knownAlarms;

export const notificationFormSchema = z
  .object({
    type: z.string(),
    notificators: z.array(z.string()),
    always: z.boolean(),
    addToNewUsers: z.boolean(),
    alarms: z.array(z.string()),
    calendarId: z.string(),
    sound: z.string(),
    soundUrl: z.string(),
    colour: z.string(),
    position: z.string(),
    pin: z.boolean(),
  })
  .superRefine((values, context) => {
    const missing = (path: string) => context.addIssue({ code: 'custom', path: [path], message: NOTIFICATION_REQUIRED });
    if (!values.type) missing('type');
    if (values.notificators.length === 0) missing('notificators');
    if (values.type === 'alarm' && values.alarms.length === 0) missing('alarms');
    if (values.sound === CUSTOM_SOUND && !values.soundUrl.trim()) context.addIssue({ code: 'custom', path: ['soundUrl'], message: 'fleet.common.required' });
  });
export type NotificationFormValues = z.infer<typeof notificationFormSchema>;

/** GET /api/notifications/notificators: the channels this server can send through. */
export function useNotificatorOptions(): readonly FieldOption[] {
  const [types, setTypes] = useState<readonly string[]>([]);
  useEffect(() => {
    let current = true;
    trackingHttp.json('/notifications/notificators').then(
      (answer) => current && setTypes(z.array(z.object({ type: z.string() })).parse(answer).map((entry) => entry.type)),
      () => current && setTypes(['web']),
    );
    return () => {
      current = false;
    };
  }, []);
  // A channel the catalog does not know (a server's own) is shown by its name.
  return types.map((type) => ({ value: type, label: i18n.exists(`fleet.notifications.channels.${type}`) ? i18n.t(`fleet.notifications.channels.${type}`) : type }));
}

export function useCalendarOptions(): readonly FieldOption[] {
  const calendars = entityLists.calendars((state) => state.items);
  return [{ value: '0', labelKey: 'fleet.common.none' }, ...calendars.map((calendar) => ({ value: String(calendar.id), label: calendar.name }))];
}

const list = (value: unknown): string[] =>
  String(value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const flag = (value: unknown) => value === true || value === 'true';
const typeLabelKey = (type: string) => (type === 'alarm' ? 'fleet.notifications.alarmType' : `shell.events.${type}`);
/** A type by its name in the user's language (the shell's event names), an unknown one by its code. */
export const notificationTypeName = (type: string): string => (i18n.exists(typeLabelKey(type)) ? i18n.t(typeLabelKey(type)) : type);

function soundOf(attributes: Record<string, unknown>): { sound: string; soundUrl: string } {
  const sound = typeof attributes[notificationStyleKeys.sound] === 'string' ? (attributes[notificationStyleKeys.sound] as string) : DEFAULT_SOUND;
  const storedUrl = typeof attributes[notificationStyleKeys.soundUrl] === 'string' ? (attributes[notificationStyleKeys.soundUrl] as string) : '';
  if (sound === MUTE_SOUND || presetSoundUrl(sound)) return { sound, soundUrl: storedUrl };
  // An address kept in rastro.sound itself (the shell plays that too) is shown as a custom one.
  return { sound: CUSTOM_SOUND, soundUrl: storedUrl || sound };
}

/** Notifications (SPEC §3): Traccar's fields plus Rastro's pop-up attributes (sound, colour, corner, pin). */
export const notificationEntity: EntityDefinition<TrackingNotification, NotificationFormValues> = {
  key: 'notifications',
  apiPath: '/notifications',
  permissionArea: 'notifications',
  schema: notificationSchema,
  formSchema: notificationFormSchema,
  title: (notification) => notificationTypeName(notification.type),
  columns: [
    { id: 'type', labelKey: 'fleet.notifications.type', value: (notification) => notificationTypeName(notification.type) },
    { id: 'notificators', labelKey: 'fleet.notifications.notificators', value: (notification) => notification.notificators ?? '' },
    { id: 'alarms', labelKey: 'fleet.notifications.alarms', value: (notification) => list(notification.attributes.alarms).map(alarmName).join(', ') },
  ],
  fields: [
    { name: 'type', labelKey: 'fleet.notifications.type', kind: 'select', options: [{ value: '', labelKey: 'fleet.common.choose' }, ...notificationTypes.map((type) => ({ value: type, labelKey: typeLabelKey(type) }))] },
    { name: 'alarms', labelKey: 'fleet.notifications.alarms', kind: 'multiselect', options: alarmNames.map((alarm) => ({ value: alarm, labelKey: `alarms.${alarm}` })), visible: (values) => values.type === 'alarm' },
    { name: 'notificators', labelKey: 'fleet.notifications.notificators', kind: 'multiselect', options: useNotificatorOptions },
    { name: 'always', labelKey: 'fleet.notifications.always', kind: 'checkbox' },
    { name: 'addToNewUsers', labelKey: 'fleet.notifications.addToNewUsers', kind: 'checkbox' },
    { name: 'calendarId', labelKey: 'fleet.notifications.calendar', kind: 'select', options: useCalendarOptions },
    { name: 'sound', labelKey: 'fleet.notifications.sound', kind: 'sound', sectionKey: 'fleet.notifications.popup' },
    { name: 'soundUrl', labelKey: 'fleet.notifications.soundUrl', kind: 'text', sectionKey: 'fleet.notifications.popup', visible: (values) => values.sound === CUSTOM_SOUND },
    { name: 'colour', labelKey: 'fleet.notifications.colour', kind: 'select', sectionKey: 'fleet.notifications.popup', options: [{ value: '', labelKey: 'fleet.common.none' }, ...popupColours.map((colour) => ({ value: colour, labelKey: `fleet.notifications.colours.${colour}` }))] },
    { name: 'position', labelKey: 'fleet.notifications.position', kind: 'select', sectionKey: 'fleet.notifications.popup', options: popupPositions.map((position) => ({ value: position, labelKey: `fleet.notifications.positions.${position}` })) },
    { name: 'pin', labelKey: 'fleet.notifications.pin', kind: 'checkbox', sectionKey: 'fleet.notifications.popup' },
  ],
  toFormValues: (notification) => {
    const attributes = notification?.attributes ?? {};
    return {
      type: notification?.type ?? '',
      notificators: list(notification?.notificators),
      always: notification?.always ?? false,
      addToNewUsers: flag(attributes[ADD_TO_NEW_USERS]),
      alarms: list(attributes.alarms),
      calendarId: String(notification?.calendarId ?? 0),
      ...soundOf(attributes),
      colour: typeof attributes[notificationStyleKeys.colour] === 'string' ? (attributes[notificationStyleKeys.colour] as string) : '',
      position: typeof attributes[notificationStyleKeys.position] === 'string' ? (attributes[notificationStyleKeys.position] as string) : DEFAULT_POSITION,
      pin: flag(attributes[notificationStyleKeys.pin]),
    };
  },
  toPayload: (values, original) => {
    const attributes: Record<string, unknown> = { ...(original?.attributes ?? {}) };
    const set = (key: string, value: unknown) => {
      if (value === '' || value === undefined) delete attributes[key];
      else attributes[key] = value;
    };
    set('alarms', values.type === 'alarm' ? values.alarms.join(',') : '');
    set(notificationStyleKeys.sound, values.sound === CUSTOM_SOUND ? values.soundUrl.trim() : values.sound);
    set(notificationStyleKeys.soundUrl, values.sound === CUSTOM_SOUND ? values.soundUrl.trim() : '');
    set(notificationStyleKeys.colour, values.colour);
    set(notificationStyleKeys.position, values.position);
    set(notificationStyleKeys.pin, values.pin);
    set(ADD_TO_NEW_USERS, values.addToNewUsers || '');
    return {
      ...(original ?? {}),
      id: original?.id ?? 0,
      type: values.type,
      notificators: values.notificators.join(','),
      always: values.always,
      calendarId: Number(values.calendarId) || 0,
      attributes,
    };
  },
  FormExtras: NotificationTest,
  saveErrorKey: 'fleet.notifications.saveError',
  deleteErrorKey: 'fleet.notifications.deleteError',
};

export const notificationsStore = entityLists.notifications;
