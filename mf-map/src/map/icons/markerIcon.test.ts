import type { Device } from '@rastro/shared';
import { glyphs } from './glyphs';
import { hasHeading, mapIconKindOf, mapIconKinds } from './mapIconKinds';
import { colourAttribute, markerIconId, markerIconSpec, markerRotation, parseMarkerIconId } from './markerIcon';
import { markerColours } from './drawMarkerIcon';
import { markerStateColors, markerStateOf, markerStates } from './markerState';

const device = (status: Device['status'] = 'online'): Pick<Device, 'status'> => ({ status });

describe('icon kind of a device category', () => {
  it('knows the 24 SPEC §3 kinds and gives the default to anything else', () => {
    expect(mapIconKinds).toHaveLength(24);
    expect(mapIconKindOf('truck2')).toBe('truck2');
    expect(mapIconKindOf(' Car ')).toBe('car');
    expect(mapIconKindOf('spaceship')).toBe('default');
    expect(mapIconKindOf(null)).toBe('default');
  });

  it('turns vehicles by the course, never a person, an animal or the pin', () => {
    expect(hasHeading('car')).toBe(true);
    expect(hasHeading('plane')).toBe(true);
    expect(markerRotation('car', 450)).toBe(90);
    expect(markerRotation('car', -90)).toBe(270);
    expect(markerRotation('person', 90)).toBe(0);
    expect(markerRotation('animal', 90)).toBe(0);
    expect(markerRotation('default', 90)).toBe(0);
  });

  it('has a drawing for every kind, inside its 32×32 box', () => {
    for (const kind of mapIconKinds) {
      const parts = glyphs[kind];
      expect(parts.some((part) => part.role === 'body')).toBe(true);
      for (const { shape } of parts) {
        const xs = shape.shape === 'poly' ? shape.points.filter((_, i) => i % 2 === 0) : shape.shape === 'rect' ? [shape.x, shape.x + shape.w] : [shape.x - shape.r, shape.x + shape.r];
        const ys = shape.shape === 'poly' ? shape.points.filter((_, i) => i % 2 === 1) : shape.shape === 'rect' ? [shape.y, shape.y + shape.h] : [shape.y - shape.r, shape.y + shape.r];
        for (const value of [...xs, ...ys]) expect(value).toBeGreaterThanOrEqual(0);
        for (const value of [...xs, ...ys]) expect(value).toBeLessThanOrEqual(32);
      }
    }
  });
});

describe('marker state', () => {
  it('puts alarm before blocked before the connection before motion and ignition', () => {
    expect(markerStateOf(device('offline'), { attributes: { alarm: 'sos', blocked: true } })).toBe('alarm');
    expect(markerStateOf(device('online'), { attributes: { blocked: true, motion: true } })).toBe('blocked');
    expect(markerStateOf(device('offline'), { attributes: { motion: true } })).toBe('offline');
    expect(markerStateOf(device('unknown'), undefined)).toBe('unknown');
    expect(markerStateOf(device('online'), { attributes: { motion: true, ignition: true } })).toBe('moving');
    expect(markerStateOf(device('online'), { attributes: { ignition: true } })).toBe('ignition');
    expect(markerStateOf(device('online'), { attributes: {} })).toBe('online');
  });
});

describe('marker icon ids', () => {
  it('name kind, state and both colours, and read back', () => {
    const spec = markerIconSpec({ category: 'bus', attributes: { 'rastro.color': '#FF0000', 'rastro.color_extra': '#00ff00' } }, 'moving');
    expect(spec).toEqual({ kind: 'bus', state: 'moving', color: '#ff0000', colorExtra: '#00ff00' });
    expect(parseMarkerIconId(markerIconId(spec))).toEqual(spec);
    const plain = markerIconSpec({ category: null, attributes: {} }, 'offline');
    expect(parseMarkerIconId(markerIconId(plain))).toEqual(plain);
  });

  it('ignores colours that are not colours and ids that are not markers', () => {
    expect(colourAttribute('red; drop')).toBeNull();
    expect(colourAttribute(12)).toBeNull();
    expect(colourAttribute('#abc')).toBe('#abc');
    expect(parseMarkerIconId('rastro-marker|rocket|moving|-|-')).toBeNull();
    expect(parseMarkerIconId('something-else')).toBeNull();
  });
});

describe('marker colours', () => {
  it('ring every state in its own colour, and colour the body by rastro.color or else by the state', () => {
    expect(new Set(markerStates.map((state) => markerStateColors[state])).size).toBe(markerStates.length);
    const plain = markerColours(markerIconSpec({ category: 'car', attributes: {} }, 'alarm'));
    expect(plain).toEqual({ ring: markerStateColors.alarm, body: markerStateColors.alarm, detail: expect.stringMatching(/^#/) });
    const painted = markerColours(markerIconSpec({ category: 'car', attributes: { 'rastro.color': '#112233', 'rastro.color_extra': '#445566' } }, 'moving'));
    expect(painted).toEqual({ ring: markerStateColors.moving, body: '#112233', detail: '#445566' });
    expect(markerColours(markerIconSpec({ category: 'car', attributes: { 'rastro.color': '#112233' } }, 'offline')).ring).toBe(markerStateColors.offline);
  });
});
