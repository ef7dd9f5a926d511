import type { Maintenance } from '@rastro/shared';
import { maintenanceEntityFor } from './maintenanceEntity';
import { fromStored, nextDue, toStored } from './maintenanceUnits';

describe('maintenance units', () => {
  it('stores distances in metres and hours in milliseconds, whatever the user types in', () => {
    expect(toStored('totalDistance', 10_000, 'km')).toBe(10_000_000);
    expect(toStored('totalDistance', 1, 'mi')).toBe(1609);
    expect(toStored('totalDistance', 1, 'nmi')).toBe(1852);
    expect(toStored('hours', 250, 'km')).toBe(900_000_000);
    // SPEC §9: 0.621371 miles per km.
    expect(fromStored('totalDistance', 4_828_033, 'mi')).toBe(3000);
    expect(fromStored('hours', 5_400_000, 'mi')).toBe(1.5);
  });

  it('finds the next service: the start until it is reached, then each cycle after it', () => {
    const oil = { start: 10_000, period: 5_000 };
    expect(nextDue(oil, 2_000)).toEqual({ next: 10_000, remaining: 8_000 });
    expect(nextDue(oil, 10_000)).toEqual({ next: 15_000, remaining: 5_000 });
    expect(nextDue(oil, 23_500)).toEqual({ next: 25_000, remaining: 1_500 });
  });
});

describe('the maintenance form', () => {
  const inMiles = maintenanceEntityFor(() => 'mi');

  it('shows and sends start and cycle in the user units, stored as Traccar stores them', () => {
    const payload = inMiles.toPayload({ name: ' Óleo ', type: 'totalDistance', start: '0', period: '3000' }, null);
    expect(payload).toEqual({ id: 0, name: 'Óleo', type: 'totalDistance', start: 0, period: 4_828_033, attributes: {} });
    const saved = { ...payload, id: 5 } as Maintenance;
    expect(inMiles.toFormValues(saved)).toEqual({ name: 'Óleo', type: 'totalDistance', start: '0', period: '3000' });
    expect(inMiles.toPayload({ name: 'Revisão', type: 'hours', start: '100', period: '250,5' }, saved)).toMatchObject({ id: 5, start: 360_000_000, period: 901_800_000 });
  });

  it('refuses an empty name, an unknown type and a cycle that is not above zero', () => {
    const result = inMiles.formSchema.safeParse({ name: '', type: 'fuel', start: '-1', period: '0' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'fleet.common.required'],
      ['type', expect.any(String)],
      ['start', 'fleet.maintenance.positive'],
      ['period', 'fleet.maintenance.positive'],
    ]);
  });
});
