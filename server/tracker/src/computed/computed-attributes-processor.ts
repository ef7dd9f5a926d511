import type { FastifyBaseLogger } from 'fastify';
import type { NewPosition } from '../entities/position';
import type { ConfigComputedAttribute } from '../events/fleet-config';
import type { FleetConfigSource } from '../events/fleet-config-cache';
import { evaluateExpression, ExpressionError, typedResult } from './evaluate-expression';
import { positionContext } from './expression-context';

/** Position fields a computed attribute may set instead of an attribute, with the JSON type each takes. */
const POSITION_FIELDS = { valid: 'boolean', latitude: 'number', longitude: 'number', altitude: 'number', speed: 'number', course: 'number', accuracy: 'number' } as const;
type PositionField = keyof typeof POSITION_FIELDS;

const isPositionField = (name: string): name is PositionField => Object.hasOwn(POSITION_FIELDS, name);

/**
 * Traccar's ComputedAttributesHandler: before a position is stored, every computed attribute
 * linked to its device (or the device's groups) is evaluated on it, highest priority first, each
 * seeing what the ones before it set. A result lands in the named attribute, cast to the
 * attribute's type (`number`, `boolean`, anything else as text), or in the position field of that
 * name (`speed`, `valid`, `latitude`…). An expression that fails, gives nothing or gives the wrong
 * kind of value changes nothing (Traccar logs it and carries on).
 */
export function applyComputedAttributes(position: NewPosition, attributes: readonly ConfigComputedAttribute[], log?: FastifyBaseLogger): NewPosition {
  if (attributes.length === 0) return position;
  let result: NewPosition = { ...position, attributes: { ...position.attributes } };
  for (const computed of attributes) {
    try {
      const target = isPositionField(computed.attribute) ? computed.attribute : null;
      const value = typedResult(target ? POSITION_FIELDS[target] : computed.type, evaluateExpression(computed.expression, positionContext(result)));
      if (value === null) continue;
      if (target) result = { ...result, [target]: value };
      else result.attributes[computed.attribute] = value;
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      log?.debug({ attributeId: computed.id, deviceId: position.deviceId, reason: error.message }, 'computed attribute not applied');
    }
  }
  return result;
}

/** The ingest step: computed attributes on every position of a step, configuration read once. */
export function computedAttributesProcessor(config: FleetConfigSource, log?: FastifyBaseLogger) {
  return async (positions: readonly NewPosition[]): Promise<readonly NewPosition[]> => {
    const current = await config.current();
    return positions.map((position) => applyComputedAttributes(position, current.computedAttributesOf(position.deviceId), log));
  };
}
