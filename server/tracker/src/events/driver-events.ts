import { fixEvent, isLate, type FixDetector } from './fix-event-source';
import { stringAttribute } from './position-attributes';

/** driverChanged when the fix identifies a driver (`driverUniqueId`) other than the previous fix did. */
export const driverEvents: FixDetector = (fix, previous) => {
  const driverUniqueId = stringAttribute(fix, 'driverUniqueId');
  if (driverUniqueId === undefined || isLate(fix, previous)) return [];
  if (previous && stringAttribute(previous, 'driverUniqueId') === driverUniqueId) return [];
  return [fixEvent('driverChanged', fix, { attributes: { driverUniqueId } })];
};
