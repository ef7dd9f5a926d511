import { filtersFromSearch, logsRequest, NO_FILTERS, searchOfFilters } from './logsQuery';

describe('log filters in the URL', () => {
  it("opens a device's log straight from /logs?device=ID, ignoring values that are not ids or days", () => {
    expect(filtersFromSearch('?device=7&user=abc&from=2026-11-01&to=yesterday')).toEqual({ ...NO_FILTERS, device: '7', from: '2026-11-01' });
    expect(searchOfFilters({ ...NO_FILTERS, user: '3', action: 'update' })).toBe('?user=3&action=update');
    expect(searchOfFilters(NO_FILTERS)).toBe('');
  });

  it("reads a device's log, else a user's, else the server's, with the cursor and the other filters", () => {
    expect(logsRequest({ ...NO_FILTERS, device: '7', user: '3', action: 'update' }, 'c1', 50)).toEqual({
      path: '/devices/7/logs',
      query: expect.objectContaining({ limit: 50, cursor: 'c1', userId: '3', action: 'update' }),
    });
    expect(logsRequest({ ...NO_FILTERS, user: '3' }, null, 50)).toMatchObject({ path: '/users/3/logs', query: { userId: undefined } });
    const period = logsRequest({ ...NO_FILTERS, from: '2026-11-01', to: '2026-11-02' }, null, 50);
    expect(period.path).toBe('/server/logs');
    const from = new Date(String(period.query.from));
    const to = new Date(String(period.query.to));
    expect([from.getDate(), from.getHours(), to.getDate(), to.getHours(), to.getMinutes()]).toEqual([1, 0, 2, 23, 59]);
  });
});
