import type { LngLat, RouteDisplay } from '@rastro/shared';
import { routeFeatures } from './routeFeatures';
import type { RouteFeatures, RouteLabels } from './routeFeatures';
import { routeTimeline } from './routeTimeline';
import type { RouteTimeline } from './routeTimeline';

/** A route as the map holds it while shown: its timeline for playback and its drawing. */
export interface ShownRoute {
  timeline: RouteTimeline;
  features: RouteFeatures;
  points: LngLat[];
}

export function shownRoute(route: RouteDisplay, labels: RouteLabels): ShownRoute {
  const timeline = routeTimeline(route.positions);
  return { timeline, features: routeFeatures(timeline, route, labels), points: timeline.points.map((point) => point.lngLat) };
}
