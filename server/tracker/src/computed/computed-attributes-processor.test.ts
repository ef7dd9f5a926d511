import { fix } from '../events/test-fixes';
import { applyComputedAttributes } from './computed-attributes-processor';

const computed = (id: number, attribute: string, expression: string, type = 'number', priority = 0) => ({ id, attribute, expression, type, priority });

describe('computed attributes on incoming positions', () => {
  it('sets attributes in priority order, each seeing the ones before it, cast to the declared type', () => {
    const position = fix(1, { speed: 10, attributes: { power: 12.4, ignition: true } });
    const result = applyComputedAttributes(position, [
      computed(1, 'speedKmh', 'speed * 1.852'),
      computed(2, 'state', 'ignition ? "on" : "off"', 'string'),
      computed(3, 'quick', 'speedKmh > 15', 'boolean'),
    ]);
    expect(result.attributes).toEqual({ power: 12.4, ignition: true, speedKmh: 18.52, state: 'on', quick: true });
    expect(position.attributes).toEqual({ power: 12.4, ignition: true }); // the input is left alone
  });

  it('sets position fields by name (speed, valid…), as Traccar does', () => {
    const result = applyComputedAttributes(fix(1, { speed: 54, attributes: { sat: 2 } }), [computed(1, 'valid', 'sat >= 4', 'boolean'), computed(2, 'speed', 'speed / 2')]);
    expect([result.valid, result.speed]).toEqual([false, 27]);
    expect(result.attributes).toEqual({ sat: 2 });
  });

  it('skips an expression that fails, gives nothing or gives the wrong kind of value', () => {
    const result = applyComputedAttributes(fix(1, { attributes: { fuel: 40 } }), [
      computed(1, 'missing', 'unknownName * 2'),
      computed(2, 'nothing', 'null'),
      computed(3, 'notNumber', '"text"'),
      computed(4, 'latitude', '"north"'),
      computed(5, 'fuelHalf', 'fuel / 2'),
    ]);
    expect(result.attributes).toEqual({ fuel: 40, fuelHalf: 20 });
    expect(result.latitude).toBe(-23.5505);
  });
});
