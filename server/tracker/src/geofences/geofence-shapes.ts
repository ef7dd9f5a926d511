import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import distance from '@turf/distance';
import pointToLineDistance from '@turf/point-to-line-distance';
import type { LineString, Polygon, Position as LonLat } from 'geojson';

/** A place on the map, as positions carry it. */
export interface LatLon {
  latitude: number;
  longitude: number;
}

/** A geofence's area, parsed once; `contains` runs for every position of every device it applies to. */
export interface GeofenceShape {
  contains(point: LatLon): boolean;
}

const lonLat = (point: LatLon): LonLat => [point.longitude, point.latitude];

const METRES_PER_DEGREE_OF_LATITUDE = 111_320;

/**
 * The rectangle around a shape (plus a margin in metres): a position outside it is rejected with
 * four comparisons, before turf's exact and much slower test. Most devices are outside most of
 * their geofences most of the time, and this runs for every fix at 1 Hz across the fleet.
 */
class BoundingBox {
  private readonly minLat: number;
  private readonly maxLat: number;
  private readonly minLon: number;
  private readonly maxLon: number;

  constructor(points: readonly LonLat[], marginMetres = 0) {
    const lats = points.map((point) => point[1] ?? NaN);
    const lons = points.map((point) => point[0] ?? NaN);
    const latMargin = marginMetres / METRES_PER_DEGREE_OF_LATITUDE;
    this.minLat = Math.min(...lats) - latMargin;
    this.maxLat = Math.max(...lats) + latMargin;
    // A degree of longitude is shortest at the box's edge nearest a pole: the widest margin needed.
    const widestLat = Math.min(89, Math.max(Math.abs(this.minLat), Math.abs(this.maxLat)));
    const lonMargin = latMargin / Math.cos((widestLat * Math.PI) / 180);
    this.minLon = Math.min(...lons) - lonMargin;
    this.maxLon = Math.max(...lons) + lonMargin;
  }

  includes({ latitude, longitude }: LatLon): boolean {
    return latitude >= this.minLat && latitude <= this.maxLat && longitude >= this.minLon && longitude <= this.maxLon;
  }
}

export class CircleShape implements GeofenceShape {
  private readonly center: LonLat;
  private readonly box: BoundingBox;

  constructor(
    center: LatLon,
    private readonly radiusMetres: number,
  ) {
    this.center = lonLat(center);
    // A little slack: turf's sphere and the box's flat degrees differ slightly.
    this.box = new BoundingBox([this.center], radiusMetres * 1.01);
  }

  contains(point: LatLon): boolean {
    return this.box.includes(point) && distance(this.center, lonLat(point), { units: 'meters' }) <= this.radiusMetres;
  }
}

export class PolygonShape implements GeofenceShape {
  private readonly box: BoundingBox;

  constructor(private readonly polygon: Polygon) {
    this.box = new BoundingBox(polygon.coordinates.flat());
  }

  contains(point: LatLon): boolean {
    return this.box.includes(point) && booleanPointInPolygon(lonLat(point), this.polygon);
  }
}

/** A route: a position is "inside" when it is within `toleranceMetres` of the line. */
export class LineShape implements GeofenceShape {
  private readonly box: BoundingBox;

  constructor(
    private readonly line: LineString,
    private readonly toleranceMetres: number,
  ) {
    this.box = new BoundingBox(line.coordinates, toleranceMetres * 1.01);
  }

  contains(point: LatLon): boolean {
    return this.box.includes(point) && pointToLineDistance(lonLat(point), this.line, { units: 'meters' }) <= this.toleranceMetres;
  }
}
