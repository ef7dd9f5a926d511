import type { NewPosition } from '../entities/position';

/** What an expression can name: never a function or an object's prototype, only data. */
export type ExpressionValue = string | number | boolean | Date | null | readonly unknown[] | Record<string, unknown>;
export type ExpressionContext = Readonly<Record<string, ExpressionValue>>;

/**
 * The variables a computed attribute sees, as Traccar builds them: every position attribute
 * (`ignition`, `power`, `alarm`…) flattened to the top level, then the position's own fields
 * (`speed`, `latitude`, `valid`, `fixTime`…), which win a clash. Dates stay dates.
 */
export function positionContext(position: NewPosition & { id?: number; address?: string | null }): ExpressionContext {
  const { attributes, geofenceIds, network, ...fields } = position;
  return {
    address: null,
    ...(attributes as Record<string, ExpressionValue>),
    ...fields,
    outdated: false,
    network: (network ?? null) as ExpressionValue,
    geofenceIds: geofenceIds?.length ? geofenceIds : null,
  };
}
