// SPEC §3 "All list entities are fetched after login": one store per list entity, declared once
// here with its zod schema, filled by the shell after sign-in and read by every remote.
import { z } from 'zod';
import { create } from 'zustand';
import type { StoreApi, UseBoundStore } from 'zustand';
import { geofenceSchema } from '../geofence/geofence';
import { userSchema } from './traccar';
import type { TrackingEvent, User } from './traccar';

const attributes = z.record(z.string(), z.unknown()).default({});

export const groupSchema = z.object({ id: z.number(), name: z.string(), groupId: z.number().optional(), attributes }).loose();
export type Group = z.infer<typeof groupSchema>;

export const savedCommandSchema = z
  .object({
    id: z.number(),
    description: z.string().nullable().optional(),
    deviceId: z.number().optional(),
    type: z.string(),
    textChannel: z.boolean().optional(),
    attributes,
  })
  .loose();
export type SavedCommand = z.infer<typeof savedCommandSchema>;

export const notificationSchema = z
  .object({
    id: z.number(),
    type: z.string(),
    notificators: z.string().nullable().optional(),
    always: z.boolean().optional(),
    calendarId: z.number().optional(),
    commandId: z.number().optional(),
    attributes,
  })
  .loose();
export type TrackingNotification = z.infer<typeof notificationSchema>;

export const driverSchema = z.object({ id: z.number(), name: z.string(), uniqueId: z.string(), attributes }).loose();
export type Driver = z.infer<typeof driverSchema>;

export const calendarSchema = z.object({ id: z.number(), name: z.string(), data: z.string().optional(), attributes }).loose();
export type Calendar = z.infer<typeof calendarSchema>;

export const maintenanceSchema = z
  .object({ id: z.number(), name: z.string(), type: z.string(), start: z.number(), period: z.number(), attributes })
  .loose();
export type Maintenance = z.infer<typeof maintenanceSchema>;

export const computedAttributeSchema = z
  .object({ id: z.number(), description: z.string(), attribute: z.string(), expression: z.string(), type: z.string() })
  .loose();
export type ComputedAttribute = z.infer<typeof computedAttributeSchema>;

/** Reads one tracking API list, e.g. `http.json` of the tracking client (base /api). */
export type ListFetcher = (path: string) => Promise<unknown>;

export type ListStatus = 'idle' | 'loading' | 'ready' | 'failed';

export interface EntityListState<T extends { id: number }> {
  items: T[];
  status: ListStatus;
  /** GET the list; a failure keeps what was there and marks the list `failed`. */
  load(fetchList: ListFetcher): Promise<void>;
  /** After a create or an update: the entity replaces the one with its id, or is added. */
  upsert(item: T): void;
  remove(id: number): void;
  clear(): void;
}

export type EntityListStore<T extends { id: number }> = UseBoundStore<StoreApi<EntityListState<T>>>;

/** A store for one list of the tracking API at `path`, whose answer must match `schema`. */
export function createEntityListStore<S extends z.ZodType<{ id: number }>>(path: string, schema: S): EntityListStore<z.infer<S>> {
  type T = z.infer<S>;
  const listSchema = z.array(schema);
  return create<EntityListState<T>>()((set) => ({
    items: [],
    status: 'idle',
    load: async (fetchList) => {
      set({ status: 'loading' });
      try {
        set({ items: listSchema.parse(await fetchList(path)) as T[], status: 'ready' });
      } catch (error) {
        console.warn(`[rastro] the list ${path} was not loaded`, error);
        set({ status: 'failed' });
      }
    },
    upsert: (item) =>
      set((state) => {
        const at = state.items.findIndex((existing) => existing.id === item.id);
        return { items: at < 0 ? [...state.items, item] : state.items.map((existing, index) => (index === at ? item : existing)) };
      }),
    remove: (id) => set((state) => ({ items: state.items.filter((item) => item.id !== id) })),
    clear: () => set({ items: [], status: 'idle' }),
  }));
}

/** Every list entity of SPEC §3 but devices and positions (which have stores of their own). */
export const entityLists = {
  groups: createEntityListStore('/groups', groupSchema),
  geofences: createEntityListStore('/geofences', geofenceSchema),
  savedCommands: createEntityListStore('/commands', savedCommandSchema),
  notifications: createEntityListStore('/notifications', notificationSchema),
  drivers: createEntityListStore('/drivers', driverSchema),
  calendars: createEntityListStore('/calendars', calendarSchema),
  maintenance: createEntityListStore('/maintenance', maintenanceSchema),
  computedAttributes: createEntityListStore('/attributes/computed', computedAttributeSchema),
  users: createEntityListStore('/users', userSchema),
};
export type EntityListName = keyof typeof entityLists;

/** SPEC §6: the users list is loaded only for admins, or when the user limit is -1 or above 0 (a manager). */
export function canListUsers(user: Pick<User, 'administrator' | 'userLimit'>): boolean {
  return Boolean(user.administrator) || user.userLimit === -1 || (user.userLimit ?? 0) > 0;
}

/** After login: every list this user may read, at once; a list that fails does not stop the others. */
export async function loadEntityLists(user: Pick<User, 'administrator' | 'userLimit'>, fetchList: ListFetcher): Promise<void> {
  const names = (Object.keys(entityLists) as EntityListName[]).filter((name) => name !== 'users' || canListUsers(user));
  await Promise.all(names.map((name) => entityLists[name].getState().load(fetchList)));
}

/** On logout: nothing of the previous user stays in memory. */
export function clearEntityLists(): void {
  for (const store of Object.values(entityLists)) store.getState().clear();
  useRecentEventsStore.getState().clear();
}

/** How many of the latest events the recent-events store keeps. */
export const RECENT_EVENTS_LIMIT = 50;

export interface RecentEventsState {
  /** Newest first. */
  events: TrackingEvent[];
  add(events: TrackingEvent[]): void;
  clear(): void;
}

/** Events as they arrive over the socket, newest first, the latest RECENT_EVENTS_LIMIT of them. */
export const useRecentEventsStore = create<RecentEventsState>()((set) => ({
  events: [],
  add: (events) =>
    set((state) => {
      const seen = new Set(events.map((event) => event.id));
      const arrived = [...events].reverse();
      return { events: [...arrived, ...state.events.filter((event) => !seen.has(event.id))].slice(0, RECENT_EVENTS_LIMIT) };
    }),
  clear: () => set({ events: [] }),
}));

