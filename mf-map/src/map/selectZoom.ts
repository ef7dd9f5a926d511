/** SPEC §9: map fit stops at the server's web.selectZoom, 17 when unset. */
export const DEFAULT_SELECT_ZOOM = 17;
/** The deepest zoom both engines draw. */
const MAX_ZOOM = 22;

/**
 * The zoom a fit or a chosen device may go in to: the server's `web.selectZoom` attribute (a number
 * or a numeric string, as Traccar's settings screen stores it) when it is a usable zoom, else 17.
 */
export function selectZoomOf(attributes: Record<string, unknown> | undefined): number {
  const value = Number(attributes?.['web.selectZoom']);
  return Number.isFinite(value) && value > 0 && value <= MAX_ZOOM ? value : DEFAULT_SELECT_ZOOM;
}
