import type { Geofence } from '@rastro/shared';
import { geofenceEntityFor } from './geofenceEntity';
import { geofencesFromFile, geofencesToGeoJson } from './geofenceFiles';

const inKmh = geofenceEntityFor(() => 'kmh');
const base: Geofence = { id: 8, name: 'Pátio', description: 'Garagem', area: 'CIRCLE (-23.5 -46.6, 150)', calendarId: 2, attributes: { color: '#ff0000' } };

describe('the geofence form', () => {
  it('sends the speed limit in knots and the lock flags only when on, keeping the other attributes', () => {
    const values = { ...inKmh.toFormValues(base), speedLimit: '92,6', lockOnEnter: true };
    const payload = inKmh.toPayload(values, base);
    expect(payload).toMatchObject({ id: 8, name: 'Pátio', description: 'Garagem', calendarId: 2, area: base.area });
    expect(payload.attributes).toEqual({ color: '#ff0000', speedLimit: 50, lockOnEnter: true });
    const back = inKmh.toFormValues({ ...payload, id: 8 } as Geofence);
    expect(back).toMatchObject({ speedLimit: '92.6', lockOnEnter: true, lockOnExit: false });
    expect(inKmh.toPayload({ ...back, speedLimit: '', lockOnEnter: false }, { ...payload, id: 8 } as Geofence).attributes).toEqual({ color: '#ff0000' });
  });

  it('asks for a name with SPEC §5 FILL_NAME and for a shape before saving', () => {
    const result = inKmh.formSchema.safeParse({ ...inKmh.toFormValues(null), name: ' ' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['errors.FILL_NAME', 'fleet.geofences.drawFirst']);
  });

  it('keeps an anchor out of reach of this screen', () => {
    expect(inKmh.lockedReason?.({ ...base, attributes: { isAnchor: true, deviceId: 4 } })).toBe('fleet.geofences.anchorLocked');
    expect(inKmh.lockedReason?.(base)).toBeNull();
  });
});

describe('geofence files', () => {
  it('imports the shapes of a GeoJSON file, with latitude first in the WKT', () => {
    const file = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: 'Quadra' }, geometry: { type: 'Polygon', coordinates: [[[-46.6, -23.5], [-46.5, -23.5], [-46.5, -23.4], [-46.6, -23.5]]] } },
        { type: 'Feature', properties: { radius: 300 }, geometry: { type: 'Point', coordinates: [-46.6, -23.5] } },
      ],
    });
    expect(geofencesFromFile(file, 'zona.geojson')).toEqual([
      { name: 'Quadra', description: '', area: 'POLYGON ((-23.5 -46.6, -23.5 -46.5, -23.4 -46.5, -23.5 -46.6))', attributes: {} },
      { name: 'zona 2', description: '', area: 'CIRCLE (-23.5 -46.6, 300)', attributes: {} },
    ]);
  });

  it('imports KML placemarks and GPX tracks', () => {
    const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Rota</name><LineString><coordinates>-46.6,-23.5 -46.5,-23.4</coordinates></LineString></Placemark></Document></kml>`;
    expect(geofencesFromFile(kml, 'a.kml')).toEqual([{ name: 'Rota', description: '', area: 'LINESTRING (-23.5 -46.6, -23.4 -46.5)', attributes: {} }]);
    const gpx = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Trilha</name><trkseg><trkpt lat="-23.5" lon="-46.6"/><trkpt lat="-23.4" lon="-46.5"/></trkseg></trk></gpx>`;
    expect(geofencesFromFile(gpx, 'b.gpx')).toEqual([{ name: 'Trilha', description: '', area: 'LINESTRING (-23.5 -46.6, -23.4 -46.5)', attributes: {} }]);
    expect(() => geofencesFromFile('<kml', 'c.kml')).toThrow();
  });

  it('exports GeoJSON that imports back to the same shapes (a circle stays a circle)', () => {
    const geofences: Geofence[] = [base, { id: 9, name: 'Via', area: 'LINESTRING (-23.5 -46.6, -23.4 -46.5)', attributes: {} }];
    const exported = geofencesToGeoJson(geofences);
    expect(exported.features).toHaveLength(2);
    expect(geofencesFromFile(JSON.stringify(exported), 'x.geojson').map(({ name, area }) => [name, area])).toEqual([
      ['Pátio', 'CIRCLE (-23.5 -46.6, 150)'],
      ['Via', 'LINESTRING (-23.5 -46.6, -23.4 -46.5)'],
    ]);
  });
});
