import type { LngLat, RouteDisplay } from '@rastro/shared';
import { speedColour, speedScaleTop } from './routeColours';
import type { RouteTimeline } from './routeTimeline';

export type RouteMarkerKind = 'start' | 'end' | 'stop' | 'event';

interface PointFeature<P> {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: LngLat };
  properties: P;
}

export interface RouteSegmentFeature {
  type: 'Feature';
  geometry: { type: 'LineString'; coordinates: [LngLat, LngLat] };
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

/**
 * The route as two GeoJSON sets: one line per pair of fixes, coloured by their mean speed, and
 * the start, end, stop and event markers.
 */
export function routeFeatures(timeline: RouteTimeline, route: Pick<RouteDisplay, 'stops' | 'events'>, labels: RouteLabels): RouteFeatures {
  const { points } = timeline;
  const top = speedScaleTop(timeline.maxSpeed);
  const segments: RouteSegmentFeature[] = [];
  for (let index = 1; index < points.length; index += 1) {
    const from = points[index - 1]!;
    const to = points[index]!;
    segments.push({ type: 'Feature', geometry: { type: 'LineString', coordinates: [from.lngLat, to.lngLat] }, properties: { colour: speedColour((from.speed + to.speed) / 2, top) } });
  }
  const markers: RouteMarkerFeature[] = [
    ...(route.stops ?? []).map((stop) => point([stop.longitude, stop.latitude], 'stop', stop.label ?? labels.stop)),
    ...(route.events ?? []).map((event) => point([event.longitude, event.latitude], 'event', labels.event(event.type, event.alarm))),
  ];
  const first = points[0];
  const last = points[points.length - 1];
  if (first) markers.push(point(first.lngLat, 'start', labels.start));
  if (last && last !== first) markers.push(point(last.lngLat, 'end', labels.end));
  return { segments: { type: 'FeatureCollection', features: segments }, markers: { type: 'FeatureCollection', features: markers } };
}
