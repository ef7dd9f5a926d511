import { maintenanceEvents } from './maintenance-events';
import { fix, fleetConfig } from './test-fixes';

const OIL_CHANGE = 7;
const REVIEW = 8;
// Oil every 10,000 km from 5,000 km; a review every 500 engine hours, linked through the group.
const config = fleetConfig({
  devices: [{ id: 1, name: 'Fiat Uno', groupId: 10, attributes: {} }],
  groups: [{ id: 10, groupId: 0, attributes: {} }],
  maintenances: [
    { id: OIL_CHANGE, name: 'Oil change', type: 'totalDistance', start: 5_000_000, period: 10_000_000 },
    { id: REVIEW, name: 'Review', type: 'hours', start: 0, period: 500 * 3_600_000 },
  ],
  deviceLinks: { geofence: [], maintenance: [[1, OIL_CHANGE]], notification: [] },
  groupLinks: { geofence: [], maintenance: [[10, REVIEW]], notification: [] },
});

const at = (secondsLater: number, attributes: Record<string, unknown>) => fix(1, { secondsLater, attributes });

describe('maintenance events', () => {
  it('fires when the counter passes start, then each start + k·period, with the maintenance id and value', () => {
    expect(maintenanceEvents(at(1, { totalDistance: 5_000_100 }), at(0, { totalDistance: 4_999_900 }), config)).toEqual([
      expect.objectContaining({ type: 'maintenance', maintenanceId: OIL_CHANGE, attributes: { totalDistance: 5_000_100 } }),
    ]);
    expect(maintenanceEvents(at(2, { totalDistance: 5_000_200 }), at(1, { totalDistance: 5_000_100 }), config)).toEqual([]);
    expect(maintenanceEvents(at(3, { totalDistance: 15_000_050 }), at(2, { totalDistance: 14_999_950 }), config)).toHaveLength(1);
  });

  it('counts items linked to the device group too, on any counter attribute', () => {
    const hours = (count: number) => count * 3_600_000;
    const events = maintenanceEvents(at(1, { hours: hours(1000.1) }), at(0, { hours: hours(999.9) }), config);
    expect(events.map((event) => event.maintenanceId)).toEqual([REVIEW]);
  });

  it('needs a previous fix and both counters reported', () => {
    expect(maintenanceEvents(at(1, { totalDistance: 5_000_100 }), undefined, config)).toEqual([]);
    expect(maintenanceEvents(at(1, { totalDistance: 5_000_100 }), at(0, {}), config)).toEqual([]);
  });
});
