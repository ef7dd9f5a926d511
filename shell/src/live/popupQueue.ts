import type { PopupChoice, PopupPosition } from './popupChoice';

/**
 * How many pop-ups one corner shows at once. A large fleet raises events in bursts (a convoy
 * crossing a geofence, a road with a speed limit): beyond this the corner says "+N more" and the
 * event centre holds them all.
 */
export const POPUP_CAP_PER_CORNER = 3;

export interface QueuedPopup extends PopupChoice {
  /** Unique per arrival: a collapsed pop-up takes the newest arrival's key, so its timer restarts. */
  key: string;
  /** Pop-ups of one device and one kind of event collapse into one, counting the arrivals. */
  groupKey: string;
  title: string;
  message: string;
  count: number;
}

export interface PopupArrival {
  /** What the new pop-ups replaced (their timers are to be cleared). */
  replacedKeys: string[];
  popups: QueuedPopup[];
}

/**
 * The pop-ups after `fresh` arrive: an arrival with the group of one already on screen replaces it
 * (newest message, count added up, pinned if either was), so a burst of one vehicle's overspeeds
 * is one pop-up that says how many there were.
 */
export function addPopups(current: readonly QueuedPopup[], fresh: readonly QueuedPopup[]): PopupArrival {
  const byGroup = new Map(current.map((popup) => [popup.groupKey, popup]));
  const replacedKeys: string[] = [];
  for (const popup of fresh) {
    const earlier = byGroup.get(popup.groupKey);
    if (earlier) {
      replacedKeys.push(earlier.key);
      byGroup.delete(popup.groupKey);
      byGroup.set(popup.groupKey, { ...popup, count: earlier.count + popup.count, durationMs: earlier.durationMs === null ? null : popup.durationMs });
    } else {
      byGroup.set(popup.groupKey, popup);
    }
  }
  return { replacedKeys: replacedKeys.filter((key) => !fresh.some((popup) => popup.key === key)), popups: [...byGroup.values()] };
}

export interface CornerView {
  shown: QueuedPopup[];
  /** Pop-ups of this corner that are not drawn (counted by arrivals). */
  hiddenCount: number;
}

/**
 * What one corner draws: the pinned pop-ups (they wait for the user), then the newest, up to the
 * cap; drawn in the order they arrived, so a pop-up does not jump while the user reads it.
 */
export function cornerView(popups: readonly QueuedPopup[], position: PopupPosition, cap = POPUP_CAP_PER_CORNER): CornerView {
  const here = popups.filter((popup) => popup.position === position);
  const newestFirst = [...here].reverse();
  const ordered = [...newestFirst.filter((popup) => popup.durationMs === null), ...newestFirst.filter((popup) => popup.durationMs !== null)];
  const drawn = new Set(ordered.slice(0, cap));
  const shown = here.filter((popup) => drawn.has(popup));
  const hiddenCount = ordered.slice(cap).reduce((sum, popup) => sum + popup.count, 0);
  return { shown, hiddenCount };
}
