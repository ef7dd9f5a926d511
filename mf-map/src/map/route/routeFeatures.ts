import type { LngLat, RouteDisplay } from '@rastro/shared';
import { speedColour, speedScaleTop, trackColour } from './routeColours';
import type { RoutePlay, RoutePoint } from './routeTimeline';

export type RouteMarkerKind = 'start' | 'end' | 'stop' | 'event';

interface PointFeature<P> {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: LngLat };
  properties: P;
}

export interface RouteSegmentFeature {
  type: 'Feature';
  geometry: { type: 'LineString'; coordinates: LngLat[] };
  properties: { colour: string };
}

export type RouteMarkerFeature = PointFeature<{ kind: RouteMarkerKind; label: string }>;

export interface RouteFeatures {
  segments: { type: 'FeatureCollection'; features: RouteSegmentFeature[] };
  markers: { type: 'FeatureCollection'; features: RouteMarkerFeature[] };
}

export interface RouteLabels {
  start: string;
  end: string;
  /** A stop without a label of its own. */
  stop: string;
  /** An event's name; an alarm event's names its alarm. */
  event(type: string, alarm?: string): string;
}

const point = (coordinates: LngLat, kind: RouteMarkerKind, label: string): RouteMarkerFeature => ({ type: 'Feature', geometry: { type: 'Point', coordinates }, properties: { kind, label } });

/** The mean speed of the fixes from `from` to `to` (indexes, both included): what a simplified piece of line stands for. */
function meanSpeed(points: readonly RoutePoint[], from: number, to: number): number {
  let sum = 0;
  for (let index = from; index <= to; index += 1) sum += points[index]!.speed;
  return sum / (to - from + 1);
}

/**
 * The route as two GeoJSON sets, drawn for `zoom`: its lines simplified to what that zoom shows
 * (simplifyTrack.ts), and the start, end, stop and event markers. One device's line is coloured by
 * speed, piece by piece; with several devices each line has its device's colour (trackColour, in
 * the order of `play.tracks`), so they can be told apart.
 */
export function routeFeatures(play: RoutePlay, route: Pick<RouteDisplay, 'stops' | 'events'>, labels: RouteLabels, zoom: number): RouteFeatures {
  const top = speedScaleTop(play.maxSpeed);
  const several = play.tracks.length > 1;
  const segments: RouteSegmentFeature[] = [];
  const ends: RouteMarkerFeature[] = [];
  play.tracks.forEach(({ timeline: { points }, simplified }, track) => {
    const kept = simplified.at(zoom);
    for (let index = 1; index < kept.length; index += 1) {
      const from = kept[index - 1]!;
      const to = kept[index]!;
      const colour = several ? trackColour(track) : speedColour(meanSpeed(points, from, to), top);
      // A piece the colour of the one before it goes on the same line: fewer features for the engine.
      const previous = index > 1 ? segments[segments.length - 1] : undefined;
      if (previous?.properties.colour === colour) previous.geometry.coordinates.push(points[to]!.lngLat);
      else segments.push({ type: 'Feature', geometry: { type: 'LineString', coordinates: [points[from]!.lngLat, points[to]!.lngLat] }, properties: { colour } });
    }
    const first = points[0];
    const last = points[points.length - 1];
    if (first) ends.push(point(first.lngLat, 'start', labels.start));
    if (last && last !== first) ends.push(point(last.lngLat, 'end', labels.end));
  });
  const markers: RouteMarkerFeature[] = [
    ...(route.stops ?? []).map((stop) => point([stop.longitude, stop.latitude], 'stop', stop.label ?? labels.stop)),
    ...(route.events ?? []).map((event) => point([event.longitude, event.latitude], 'event', labels.event(event.type, event.alarm))),
    ...ends,
  ];
  return { segments: { type: 'FeatureCollection', features: segments }, markers: { type: 'FeatureCollection', features: markers } };
}
