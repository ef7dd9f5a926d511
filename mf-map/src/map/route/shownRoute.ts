import type { LngLat, RouteDisplay } from '@rastro/shared';
import { routeFeatures } from './routeFeatures';
import type { RouteFeatures, RouteLabels } from './routeFeatures';
import { routePlay } from './routeTimeline';
import type { RoutePlay } from './routeTimeline';

/** A route as the map holds it while shown: its tracks for playback, and its drawing at any zoom. */
export interface ShownRoute {
  play: RoutePlay;
  /** Every fix of every track (the camera frames them; the tests count them). */
  points: LngLat[];
  /** The drawing for one zoom: lines simplified to what that zoom shows. */
  featuresAt(zoom: number): RouteFeatures;
  /** Simplifies the lines for `zoom` until `deadline` at most (see TrackSimplifier.prepare); true once done. */
  prepare(zoom: number, deadline: number): boolean;
}

export function shownRoute(route: RouteDisplay, labels: RouteLabels): ShownRoute {
  const play = routePlay(route.positions);
  return {
    play,
    points: play.tracks.flatMap((track) => track.timeline.points.map((point) => point.lngLat)),
    featuresAt: (zoom) => routeFeatures(play, route, labels, zoom),
    prepare: (zoom, deadline) => play.tracks.every((track) => track.simplified.prepare(zoom, deadline)),
  };
}
