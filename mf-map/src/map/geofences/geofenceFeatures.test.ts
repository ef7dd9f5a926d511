import { distanceMetres } from '@rastro/shared';
import type { Geofence } from '@rastro/shared';
import { addPoint, startEdit } from './geofenceEditor';
import { DEFAULT_GEOFENCE_COLOUR, draftFeatures, geofenceFeatures } from './geofenceFeatures';

const geofence = (id: number, area: string, attributes: Record<string, unknown> = {}): Geofence => ({ id, name: `Cerca ${id}`, area, attributes });

describe('geofence features', () => {
  it('draws a circle as a ring of its radius round its centre, read latitude first', () => {
    const [circle] = geofenceFeatures([geofence(1, 'CIRCLE (-23.55 -46.63, 500)', { color: '#FF0000' })]).features;
    expect(circle?.properties).toEqual({ geofenceId: 1, name: 'Cerca 1', color: '#ff0000' });
    expect(circle?.geometry.type).toBe('Polygon');
    const ring = (circle?.geometry.coordinates as Array<Array<[number, number]>>)[0]!;
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    for (const point of ring) expect(distanceMetres([-46.63, -23.55], point)).toBeCloseTo(500, 0);
  });

  it('closes a polygon, keeps a line open, and gives the default colour to one without a usable colour', () => {
    const { features } = geofenceFeatures([geofence(2, 'POLYGON ((-23.5 -46.6, -23.6 -46.6, -23.6 -46.7, -23.5 -46.6))', { color: 'blue; x' }), geofence(3, 'LINESTRING (-23.5 -46.6, -23.6 -46.7)')]);
    expect(features.map((feature) => feature.geometry)).toEqual([
      { type: 'Polygon', coordinates: [[[-46.6, -23.5], [-46.6, -23.6], [-46.7, -23.6], [-46.6, -23.5]]] },
      { type: 'LineString', coordinates: [[-46.6, -23.5], [-46.7, -23.6]] },
    ]);
    expect(features.map((feature) => feature.properties.color)).toEqual([DEFAULT_GEOFENCE_COLOUR, DEFAULT_GEOFENCE_COLOUR]);
  });

  it('skips areas it cannot read rather than failing the whole map', () => {
    expect(geofenceFeatures([geofence(4, 'POINT (1 2)'), geofence(5, 'CIRCLE (-23.5 -46.6, 100)')]).features.map((feature) => feature.id)).toEqual([5]);
  });

  it('shows a shape being drawn with a handle per vertex, a polygon closed from its third point', () => {
    let edit = addPoint(addPoint(startEdit('polygon'), [0, 0]), [0.01, 0]);
    expect(draftFeatures(edit).features.map((feature) => feature.geometry.type)).toEqual(['LineString', 'Point', 'Point']);
    edit = addPoint(edit, [0.01, 0.01]);
    const features = draftFeatures(edit).features;
    expect(features[0]?.geometry).toEqual({ type: 'Polygon', coordinates: [[[0, 0], [0.01, 0], [0.01, 0.01], [0, 0]]] });
    expect(features.slice(1).map((feature) => feature.properties.handle)).toEqual([0, 1, 2]);
  });

  it('shows a circle being drawn by its centre, then its ring with a handle on its edge', () => {
    const centred = addPoint(startEdit('circle'), [0, 0]);
    expect(draftFeatures(centred).features).toEqual([{ type: 'Feature', geometry: { type: 'Point', coordinates: [0, 0] }, properties: { handle: 0 } }]);
    const sized = addPoint(centred, [0, 0.001]);
    const [, ring, edge] = draftFeatures(sized).features;
    expect(ring?.geometry.type).toBe('Polygon');
    expect(edge?.properties.handle).toBe(1);
    expect(distanceMetres([0, 0], edge!.geometry.coordinates as [number, number])).toBeCloseTo(distanceMetres([0, 0], [0, 0.001]), 0);
  });
});
