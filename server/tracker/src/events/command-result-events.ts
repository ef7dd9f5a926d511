import { fixEvent, type FixDetector } from './fix-event-source';
import { stringAttribute } from './position-attributes';

/** commandResult when a device answers a command: the fix carries a `result` attribute. */
export const commandResultEvents: FixDetector = (fix) => {
  const result = stringAttribute(fix, 'result');
  return result === undefined ? [] : [fixEvent('commandResult', fix, { attributes: { result } })];
};
