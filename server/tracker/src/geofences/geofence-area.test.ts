import { parseGeofenceArea } from './geofence-area';
import type { GeofenceShape, LatLon } from './geofence-shapes';

const place = (latitude: number, longitude: number): LatLon => ({ latitude, longitude });

// Real places in São Paulo.
const CATEDRAL_DA_SE = place(-23.551, -46.6343);
const ESTACAO_DA_LUZ = place(-23.5349, -46.6352);
const OBELISCO_IBIRAPUERA = place(-23.5867, -46.6559);
const MASP = place(-23.5614, -46.6559);
// Avenida Paulista, from Consolação to Praça Oswaldo Cruz.
const CONSOLACAO = place(-23.5567, -46.6622);
const OSWALDO_CRUZ = place(-23.5707, -46.6446);
const MIDDLE_OF_PAULISTA = place((CONSOLACAO.latitude + OSWALDO_CRUZ.latitude) / 2, (CONSOLACAO.longitude + OSWALDO_CRUZ.longitude) / 2);
// 0.0009° of latitude north of the avenue: about 75 m from it, across.
const BLOCK_OFF_PAULISTA = place(MIDDLE_OF_PAULISTA.latitude + 0.0009, MIDDLE_OF_PAULISTA.longitude);

function shape(area: string, attributes = {}): GeofenceShape {
  const parsed = parseGeofenceArea(area, attributes);
  if (parsed instanceof Error) throw parsed;
  return parsed;
}

describe('parseGeofenceArea (Traccar WKT, latitude first)', () => {
  it('reads a CIRCLE as centre and radius in metres', () => {
    const praçaDaSé = shape('CIRCLE (-23.5503 -46.6339, 300)');
    expect(praçaDaSé.contains(CATEDRAL_DA_SE)).toBe(true);
    expect(praçaDaSé.contains(ESTACAO_DA_LUZ)).toBe(false);
    // Luz is about 1.7 km from the Sé: inside a 2 km circle.
    expect(shape('CIRCLE(-23.5503 -46.6339,2000)').contains(ESTACAO_DA_LUZ)).toBe(true);
  });

  it('is exact at the edge of a circle, east and north', () => {
    const praçaDaSé = shape('CIRCLE (-23.5503 -46.6339, 300)');
    const metresEast = (metres: number) => place(-23.5503, -46.6339 + metres / (111_320 * Math.cos((23.5503 * Math.PI) / 180)));
    const metresNorth = (metres: number) => place(-23.5503 + metres / 111_320, -46.6339);
    expect(praçaDaSé.contains(metresEast(298))).toBe(true);
    expect(praçaDaSé.contains(metresEast(302))).toBe(false);
    expect(praçaDaSé.contains(metresNorth(298))).toBe(true);
    expect(praçaDaSé.contains(metresNorth(302))).toBe(false);
  });

  it('reads a POLYGON, closed or not', () => {
    const ibirapuera = 'POLYGON ((-23.580 -46.665, -23.580 -46.650, -23.594 -46.650, -23.594 -46.665, -23.580 -46.665))';
    expect(shape(ibirapuera).contains(OBELISCO_IBIRAPUERA)).toBe(true);
    expect(shape(ibirapuera).contains(MASP)).toBe(false);
    const unclosed = shape('POLYGON ((-23.580 -46.665, -23.580 -46.650, -23.594 -46.650, -23.594 -46.665))');
    expect(unclosed.contains(OBELISCO_IBIRAPUERA)).toBe(true);
  });

  it('takes latitude first: the same numbers as lon/lat would be elsewhere on Earth', () => {
    const swapped = shape('POLYGON ((-46.665 -23.580, -46.650 -23.580, -46.650 -23.594, -46.665 -23.594, -46.665 -23.580))');
    expect(swapped.contains(OBELISCO_IBIRAPUERA)).toBe(false);
  });

  it('reads a LINESTRING as a corridor of polylineDistance metres, 25 m by default', () => {
    const paulista = `LINESTRING (${CONSOLACAO.latitude} ${CONSOLACAO.longitude}, ${OSWALDO_CRUZ.latitude} ${OSWALDO_CRUZ.longitude})`;
    expect(shape(paulista).contains(MIDDLE_OF_PAULISTA)).toBe(true);
    expect(shape(paulista).contains(BLOCK_OFF_PAULISTA)).toBe(false);
    expect(shape(paulista, { polylineDistance: 150 }).contains(BLOCK_OFF_PAULISTA)).toBe(true);
    expect(shape(paulista, { polylineDistance: 150 }).contains(OBELISCO_IBIRAPUERA)).toBe(false);
  });

  it.each([
    ['', 'empty'],
    ['garbage', 'not WKT'],
    ['POLYGON ((-23.58 -46.66, -23.59', 'cut short'],
    ['POINT (-23.55 -46.63)', 'not a geofence geometry'],
    ['POLYGON ((-23.58 -46.66, -23.59 -46.65))', 'a polygon of two points'],
    ['LINESTRING (-23.58 -46.66)', 'a line of one point'],
    ['CIRCLE (-23.55 -46.63, 0)', 'a circle without radius'],
    ['CIRCLE (-123.55 -46.63, 100)', 'a latitude beyond the pole'],
    ['CIRCLE (-23.55 -46.63)', 'a circle without radius at all'],
    ['POLYGON ((-46.66 -223.58, -46.65 -23.58, -46.65 -23.59, -46.66 -223.58))', 'a polygon corner beyond the pole'],
  ])('returns an Error for %j (%s)', (area) => {
    expect(parseGeofenceArea(area)).toBeInstanceOf(Error);
  });
});
