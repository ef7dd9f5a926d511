import { z } from 'zod';
import { RECENT_EVENTS_LIMIT, canListUsers, clearEntityLists, createEntityListStore, entityLists, loadEntityLists, useRecentEventsStore } from './lists';

const thingSchema = z.object({ id: z.number(), name: z.string() });

function serving(lists: Record<string, unknown>) {
  const asked: string[] = [];
  const fetchList = async (path: string) => {
    asked.push(path);
    if (!(path in lists)) throw new Error(`403 ${path}`);
    return lists[path];
  };
  return { asked, fetchList };
}

const event = (id: number) => ({ id, type: 'alarm', eventTime: '2026-01-01T00:00:00Z', deviceId: 1, attributes: {} });

beforeEach(() => clearEntityLists());

describe('entity list stores', () => {
  it('load the list at their path, checked against the schema', async () => {
    const store = createEntityListStore('/things', thingSchema);
    await store.getState().load(serving({ '/things': [{ id: 1, name: 'A' }] }).fetchList);
    expect(store.getState()).toMatchObject({ status: 'ready', items: [{ id: 1, name: 'A' }] });
  });

  it('refuse an answer that is not the contract and keep what they had', async () => {
    const store = createEntityListStore('/things', thingSchema);
    await store.getState().load(serving({ '/things': [{ id: 1, name: 'A' }] }).fetchList);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await store.getState().load(serving({ '/things': [{ id: 'x' }] }).fetchList);
    expect(store.getState()).toMatchObject({ status: 'failed', items: [{ id: 1, name: 'A' }] });
  });

  it('replace an entity by id after an update, add a new one, and remove one', () => {
    const store = createEntityListStore('/things', thingSchema);
    store.getState().upsert({ id: 1, name: 'A' });
    store.getState().upsert({ id: 2, name: 'B' });
    store.getState().upsert({ id: 1, name: 'A2' });
    expect(store.getState().items).toEqual([
      { id: 1, name: 'A2' },
      { id: 2, name: 'B' },
    ]);
    store.getState().remove(1);
    expect(store.getState().items).toEqual([{ id: 2, name: 'B' }]);
  });
});

describe('lists fetched after login (SPEC §3)', () => {
  const everything = {
    '/groups': [{ id: 1, name: 'Frota', attributes: {} }],
    '/geofences': [{ id: 2, name: 'Pátio', area: 'CIRCLE (-23.5 -46.6, 100)', attributes: {} }],
    '/commands': [{ id: 3, type: 'engineStop', description: 'Bloquear', attributes: {} }],
    '/notifications': [{ id: 4, type: 'alarm', notificators: 'web', attributes: { alarms: 'sos' } }],
    '/drivers': [{ id: 5, name: 'Ana', uniqueId: 'D5', attributes: {} }],
    '/calendars': [{ id: 6, name: 'Semana', data: '', attributes: {} }],
    '/maintenance': [{ id: 7, name: 'Óleo', type: 'totalDistance', start: 0, period: 10000, attributes: {} }],
    '/attributes/computed': [{ id: 8, description: 'Velocidade', attribute: 'speed', expression: 'speed * 2', type: 'number' }],
    '/users': [{ id: 9, name: 'Bia', email: 'bia@x', attributes: {} }],
  };

  it('loads every list, users included, for an administrator', async () => {
    const { asked, fetchList } = serving(everything);
    await loadEntityLists({ administrator: true }, fetchList);
    expect(asked.sort()).toEqual(Object.keys(everything).sort());
    expect(entityLists.notifications.getState().items[0]).toMatchObject({ type: 'alarm', attributes: { alarms: 'sos' } });
    expect(entityLists.maintenance.getState().items[0]?.period).toBe(10000);
    expect(entityLists.users.getState().items[0]?.name).toBe('Bia');
  });

  it('does not ask for users for an ordinary user without a user limit, and one refused list does not stop the others', async () => {
    const { '/groups': _refused, ...rest } = everything;
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { asked, fetchList } = serving(rest);
    await loadEntityLists({ administrator: false, userLimit: 0 }, fetchList);
    expect(asked).not.toContain('/users');
    expect(entityLists.groups.getState().status).toBe('failed');
    expect(entityLists.drivers.getState().items).toHaveLength(1);
  });

  it('the users list is for admins and managers (user limit -1 or above 0)', () => {
    expect(canListUsers({ administrator: true, userLimit: 0 })).toBe(true);
    expect(canListUsers({ userLimit: -1 })).toBe(true);
    expect(canListUsers({ userLimit: 3 })).toBe(true);
    expect(canListUsers({ userLimit: 0 })).toBe(false);
    expect(canListUsers({})).toBe(false);
  });

  it('forgets everything on logout', async () => {
    await loadEntityLists({ administrator: true }, serving(everything).fetchList);
    useRecentEventsStore.getState().add([event(1)]);
    clearEntityLists();
    expect(entityLists.groups.getState()).toMatchObject({ items: [], status: 'idle' });
    expect(useRecentEventsStore.getState().events).toEqual([]);
  });
});

describe('recent events', () => {
  it('keeps the newest first, once each, up to the limit', () => {
    useRecentEventsStore.getState().add([event(1), event(2)]);
    useRecentEventsStore.getState().add([event(2), event(3)]);
    expect(useRecentEventsStore.getState().events.map((e) => e.id)).toEqual([3, 2, 1]);
    useRecentEventsStore.getState().add(Array.from({ length: RECENT_EVENTS_LIMIT }, (_, index) => event(100 + index)));
    const ids = useRecentEventsStore.getState().events.map((e) => e.id);
    expect(ids).toHaveLength(RECENT_EVENTS_LIMIT);
    expect(ids[0]).toBe(100 + RECENT_EVENTS_LIMIT - 1);
    expect(ids).not.toContain(1);
  });
});
