import type { LngLat } from '@rastro/shared';

/** SPEC §9: a marker moves to its new fix in 500 ms. */
export const MARKER_ANIMATION_MS = 500;

interface Glide {
  from: LngLat;
  to: LngLat;
  startedAt: number;
}

/** Where `from`→`to` is `fraction` of the way, eased so the marker settles instead of stopping dead. */
export function interpolate(from: LngLat, to: LngLat, fraction: number): LngLat {
  const t = Math.min(1, Math.max(0, fraction));
  const eased = 1 - (1 - t) * (1 - t);
  // Across the antimeridian the short way round is through ±180, not across the whole map.
  let deltaLng = to[0] - from[0];
  if (deltaLng > 180) deltaLng -= 360;
  else if (deltaLng < -180) deltaLng += 360;
  let lng = from[0] + deltaLng * eased;
  if (lng > 180) lng -= 360;
  else if (lng < -180) lng += 360;
  return [lng, from[1] + (to[1] - from[1]) * eased];
}

/**
 * Where each marker is drawn while it glides to its latest fix. Only gliding markers are kept in
 * the active set, so a frame costs work for the markers that move, not for the whole fleet.
 */
export class MarkerMotion {
  private readonly glides = new Map<number, Glide>();
  private readonly active = new Set<number>();

  constructor(private readonly durationMs = MARKER_ANIMATION_MS) {}

  /** A new fix: glide there from wherever the marker is now drawn, or jump when `animate` is false. */
  moveTo(id: number, to: LngLat, now: number, animate = true): void {
    const drawn = this.positionAt(id, now);
    if (!drawn || !animate || (drawn[0] === to[0] && drawn[1] === to[1])) {
      this.glides.set(id, { from: to, to, startedAt: now - this.durationMs });
      this.active.delete(id);
      return;
    }
    this.glides.set(id, { from: drawn, to, startedAt: now });
    this.active.add(id);
  }

  positionAt(id: number, now: number): LngLat | undefined {
    const glide = this.glides.get(id);
    if (!glide) return undefined;
    const fraction = (now - glide.startedAt) / this.durationMs;
    return fraction >= 1 ? glide.to : interpolate(glide.from, glide.to, fraction);
  }

  /**
   * The markers drawn somewhere new this frame, with where; those that arrived leave the active
   * set after this last call reports them at their destination.
   */
  advance(now: number): Array<[number, LngLat]> {
    const moved: Array<[number, LngLat]> = [];
    for (const id of this.active) {
      const glide = this.glides.get(id)!;
      const fraction = (now - glide.startedAt) / this.durationMs;
      if (fraction >= 1) {
        this.active.delete(id);
        moved.push([id, glide.to]);
      } else moved.push([id, interpolate(glide.from, glide.to, fraction)]);
    }
    return moved;
  }

  get gliding(): number {
    return this.active.size;
  }

  forget(id: number): void {
    this.glides.delete(id);
    this.active.delete(id);
  }
}
