import type { TrackingEvent } from '@rastro/shared';
import { EVENT_CENTRE_CAPACITY, eventSeverity, filterCentre, noCentreFilter, useEventCentreStore } from './eventCentre';

const event = (id: number, overrides: Partial<TrackingEvent> = {}): TrackingEvent => ({
  id,
  type: 'deviceOverspeed',
  deviceId: 1,
  eventTime: new Date(Date.UTC(2026, 10, 26, 12, 0, id)).toISOString(),
  attributes: {},
  ...overrides,
});

beforeEach(() => useEventCentreStore.getState().clear());

describe('the event centre', () => {
  it('keeps live events unread, newest first, and counts them for the bell', () => {
    useEventCentreStore.getState().receive([event(1), event(2)]);
    const { entries, unreadCount } = useEventCentreStore.getState();
    expect(entries.map((entry) => entry.event.id)).toEqual([2, 1]);
    expect(unreadCount).toBe(2);
  });

  it('marks one or all read, and clears', () => {
    useEventCentreStore.getState().receive([event(1), event(2)]);
    useEventCentreStore.getState().markRead(1);
    expect(useEventCentreStore.getState().unreadCount).toBe(1);
    useEventCentreStore.getState().markAllRead();
    expect(useEventCentreStore.getState().unreadCount).toBe(0);
    useEventCentreStore.getState().clear();
    expect(useEventCentreStore.getState().entries).toEqual([]);
  });

  it('adds the events loaded from the report as read, without doubling those already kept', () => {
    useEventCentreStore.getState().receive([event(5)]);
    useEventCentreStore.getState().load([event(4), event(5)]);
    const { entries, unreadCount } = useEventCentreStore.getState();
    expect(entries.map((entry) => [entry.event.id, entry.read])).toEqual([
      [5, false],
      [4, true],
    ]);
    expect(unreadCount).toBe(1);
  });

  it(`keeps at most the newest ${EVENT_CENTRE_CAPACITY}`, () => {
    useEventCentreStore.getState().receive(Array.from({ length: EVENT_CENTRE_CAPACITY + 5 }, (_, index) => event(index + 1)));
    const { entries } = useEventCentreStore.getState();
    expect(entries).toHaveLength(EVENT_CENTRE_CAPACITY);
    expect(entries.at(-1)?.event.id).toBe(6);
  });

  it('filters by device, type and severity', () => {
    useEventCentreStore.getState().receive([event(1, { type: 'alarm', attributes: { alarm: 'sos' } }), event(2, { deviceId: 2 }), event(3, { type: 'ignitionOn' })]);
    const { entries } = useEventCentreStore.getState();
    expect(filterCentre(entries, { ...noCentreFilter, deviceId: 2 }).map((entry) => entry.event.id)).toEqual([2]);
    expect(filterCentre(entries, { ...noCentreFilter, severity: 'critical' }).map((entry) => entry.event.id)).toEqual([1]);
    expect(filterCentre(entries, { ...noCentreFilter, type: 'ignitionOn' }).map((entry) => entry.event.id)).toEqual([3]);
  });

  it('rates alarms critical, driving and place events a warning, the rest information', () => {
    expect(eventSeverity('alarm')).toBe('critical');
    expect(eventSeverity('geofenceEnter')).toBe('warning');
    expect(eventSeverity('ignitionOn')).toBe('info');
  });
});
