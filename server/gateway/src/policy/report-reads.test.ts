import { readGrants } from './report-reads';

const grantsOf = (url: string) => {
  const [path, query = ''] = url.split('?') as [string, string?];
  return readGrants(path, new URLSearchParams(query)).map((grant) => grant.join('.'));
};

describe('the advanced permissions a read needs', () => {
  it('any report needs the reports area; history, stops, trips and events their own bit too, downloads included', () => {
    expect(grantsOf('/api/reports/summary?deviceId=1')).toEqual(['reports.view']);
    expect(grantsOf('/api/reports/route?deviceId=1')).toEqual(['reports.view', 'reports.history']);
    expect(grantsOf('/api/reports/route/xlsx?deviceId=1')).toEqual(['reports.view', 'reports.history']);
    expect(grantsOf('/api/reports/stops')).toEqual(['reports.view', 'reports.stops']);
    expect(grantsOf('/api/reports/trips')).toEqual(['reports.view', 'reports.trips']);
    expect(grantsOf('/api/reports/events')).toEqual(['reports.view', 'reports.events']);
  });

  it('positions over a time range are the route history; the latest positions and other reads need nothing', () => {
    expect(grantsOf('/api/positions?deviceId=1&from=2026-01-01T00:00:00Z&to=2026-01-02T00:00:00Z')).toEqual(['reports.view', 'reports.history']);
    expect(grantsOf('/api/positions')).toEqual([]);
    expect(grantsOf('/api/positions?id=4&id=5')).toEqual([]);
    // Its exports are the same history, however asked.
    for (const format of ['csv', 'gpx', 'kml', 'kmz']) expect(grantsOf(`/api/positions/${format}?deviceId=1`)).toEqual(['reports.view', 'reports.history']);
    expect(grantsOf('/api/devices')).toEqual([]);
    expect(grantsOf('/api/reportsx/route')).toEqual([]);
  });
});
