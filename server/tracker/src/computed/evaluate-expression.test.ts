import type { PositionRecord } from '../entities/position';
import { evaluateExpression, ExpressionError, typedResult } from './evaluate-expression';
import { positionContext } from './expression-context';

const position: PositionRecord = {
  id: 7,
  deviceId: 3,
  protocol: 'osmand',
  serverTime: new Date('2024-05-01T12:00:01Z'),
  deviceTime: new Date('2024-05-01T12:00:00Z'),
  fixTime: new Date('2024-05-01T12:00:00Z'),
  valid: true,
  latitude: -23.55,
  longitude: -46.63,
  altitude: 760,
  speed: 30,
  course: 90,
  accuracy: 5,
  address: null,
  attributes: { ignition: true, power: 12.6, alarm: 'sos', speed: 'an attribute never hides the field' },
};
const evaluate = (expression: string) => evaluateExpression(expression, positionContext(position));

describe('computed attribute expressions', () => {
  it('see position fields and attributes side by side', () => {
    expect(evaluate('speed * 1.852')).toBeCloseTo(55.56);
    expect(evaluate('ignition && valid')).toBe(true);
    expect(evaluate('power < 11.5 ? "low" : "ok"')).toBe('ok');
    expect(evaluate('alarm == "sos"')).toBe(true);
    expect(evaluate('latitude < 0 && deviceId == 3')).toBe(true);
    expect(evaluate('ignition ? null : 1')).toBeNull();
  });

  it('refuse names the position lacks, as strict JEXL does', () => {
    expect(() => evaluate('fuel / 2')).toThrow(new ExpressionError('undefined variable fuel'));
  });

  it('report syntax errors with the parser message', () => {
    expect(() => evaluate('speed *')).toThrow(ExpressionError);
    expect(() => evaluate('speed *')).toThrow(/Unexpected end of expression/);
  });
});

describe('typed results', () => {
  it('keep numbers and booleans, and give everything else as text', () => {
    expect(typedResult('number', 12.5)).toBe(12.5);
    expect(typedResult('boolean', false)).toBe(false);
    expect(typedResult('string', 42)).toBe('42');
    expect(typedResult('string', new Date('2024-05-01T12:00:00Z'))).toBe('2024-05-01T12:00:00.000Z');
  });

  it('are null when the expression gives nothing', () => {
    expect(typedResult('number', undefined)).toBeNull();
    expect(typedResult('string', null)).toBeNull();
  });

  it('refuse a value of the wrong kind for a number or boolean attribute', () => {
    expect(() => typedResult('number', 'fast')).toThrow('"fast" is not a number');
    expect(() => typedResult('boolean', 1)).toThrow('1 is not a boolean');
  });
});
