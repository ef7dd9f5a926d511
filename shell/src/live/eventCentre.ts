import type { TrackingEvent } from '@rastro/shared';
import { create } from 'zustand';

/** The centre keeps the newest events of the session, enough for a busy shift, bounded for memory. */
export const EVENT_CENTRE_CAPACITY = 1_000;

export type EventSeverity = 'critical' | 'warning' | 'info';
export const eventSeverities: readonly EventSeverity[] = ['critical', 'warning', 'info'];

/** Events whose cause needs someone now (Traccar's alarms: SOS, tampering, power cut…). */
const CRITICAL_TYPES = new Set(['alarm']);
/** Events about how a vehicle is driven or where it goes, worth a look but not an emergency. */
const WARNING_TYPES = new Set(['deviceOverspeed', 'geofenceEnter', 'geofenceExit', 'deviceFuelDrop', 'deviceFuelIncrease', 'maintenance', 'driverChanged', 'deviceOffline', 'deviceInactive', 'deviceToolarge', 'queuedCommandSent']);

export function eventSeverity(type: string): EventSeverity {
  if (CRITICAL_TYPES.has(type)) return 'critical';
  if (WARNING_TYPES.has(type)) return 'warning';
  return 'info';
}

export interface CentreEvent {
  event: TrackingEvent;
  severity: EventSeverity;
  read: boolean;
}

interface EventCentreState {
  /** Newest first. */
  entries: CentreEvent[];
  unreadCount: number;
  /** Whether the panel is open (the bell and the pop-ups' "+N more" open it). */
  panelOpen: boolean;
  setPanelOpen(open: boolean): void;
  /** Events as they arrive live: unread. */
  receive(events: readonly TrackingEvent[]): void;
  /** Events loaded from the reports (the last hours): already seen elsewhere, so read. */
  load(events: readonly TrackingEvent[]): void;
  markRead(eventId: number): void;
  markAllRead(): void;
  clear(): void;
}

function eventTimeOf(event: TrackingEvent): number {
  const time = Date.parse(event.eventTime ?? '');
  return Number.isNaN(time) ? 0 : time;
}

/** Known events keep their read state; new ones join; newest first; the oldest beyond capacity go. */
function merged(entries: readonly CentreEvent[], events: readonly TrackingEvent[], read: boolean): CentreEvent[] {
  const byId = new Map(entries.map((entry) => [entry.event.id, entry]));
  for (const event of events) {
    if (!byId.has(event.id)) byId.set(event.id, { event, severity: eventSeverity(event.type), read });
  }
  return [...byId.values()].sort((a, b) => eventTimeOf(b.event) - eventTimeOf(a.event) || b.event.id - a.event.id).slice(0, EVENT_CENTRE_CAPACITY);
}

const unread = (entries: readonly CentreEvent[]) => entries.reduce((count, entry) => count + (entry.read ? 0 : 1), 0);

/** SPEC §4's live events, kept for the session: the top bar's bell and its panel read this. */
export const useEventCentreStore = create<EventCentreState>()((set) => ({
  entries: [],
  unreadCount: 0,
  panelOpen: false,
  setPanelOpen: (panelOpen) => set({ panelOpen }),
  receive: (events) =>
    set((state) => {
      const entries = merged(state.entries, events, false);
      return { entries, unreadCount: unread(entries) };
    }),
  load: (events) =>
    set((state) => {
      const entries = merged(state.entries, events, true);
      return { entries, unreadCount: unread(entries) };
    }),
  markRead: (eventId) =>
    set((state) => {
      const entries = state.entries.map((entry) => (entry.event.id === eventId && !entry.read ? { ...entry, read: true } : entry));
      return { entries, unreadCount: unread(entries) };
    }),
  markAllRead: () => set((state) => ({ entries: state.entries.map((entry) => (entry.read ? entry : { ...entry, read: true })), unreadCount: 0 })),
  clear: () => set({ entries: [], unreadCount: 0 }),
}));

export interface CentreFilter {
  deviceId: number | null;
  type: string | null;
  severity: EventSeverity | null;
}

export const noCentreFilter: CentreFilter = { deviceId: null, type: null, severity: null };

export function filterCentre(entries: readonly CentreEvent[], filter: CentreFilter): CentreEvent[] {
  return entries.filter(
    (entry) =>
      (filter.deviceId === null || entry.event.deviceId === filter.deviceId) &&
      (filter.type === null || entry.event.type === filter.type) &&
      (filter.severity === null || entry.severity === filter.severity),
  );
}
