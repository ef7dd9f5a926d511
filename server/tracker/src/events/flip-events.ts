import type { EventType } from '../entities/event-types';
import { fixEvent, isLate, type FixDetector } from './fix-event-source';
import { booleanAttribute } from './position-attributes';

/**
 * An event when a boolean attribute turns on or off between two fixes that both report it —
 * Traccar's ignition handler. (Motion waits for the trip detector: ./motion-events.ts.)
 */
export function flipEvents(attribute: string, whenOn: EventType, whenOff: EventType): FixDetector {
  return (fix, previous) => {
    if (!previous || isLate(fix, previous)) return [];
    const now = booleanAttribute(fix, attribute);
    const before = booleanAttribute(previous, attribute);
    if (now === undefined || before === undefined || now === before) return [];
    return [fixEvent(now ? whenOn : whenOff, fix)];
  };
}

export const ignitionEvents = flipEvents('ignition', 'ignitionOn', 'ignitionOff');
