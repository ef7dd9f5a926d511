import type { PositionRecord } from '../entities/position';
import type { TrackConsumer } from './device-tracks';

export interface GeofenceInterval {
  geofenceId: number;
  startTime: Date;
  endTime: Date;
}

/**
 * The stays of one device in its geofences, from the geofences stored with each fix (Traccar's
 * geofence report): a stay starts at the first fix inside and ends at the first fix outside, or
 * at the last fix of the period when the device is still inside. Fed oldest first.
 */
export class GeofenceIntervals implements TrackConsumer {
  private readonly open = new Map<number, Date>();
  private readonly closed: GeofenceInterval[] = [];
  private lastTime: Date | null = null;

  constructor(private readonly only: ReadonlySet<number> | null = null) {}

  add(position: PositionRecord): void {
    const inside = new Set((position.geofenceIds ?? []).filter((id) => !this.only || this.only.has(id)));
    for (const [geofenceId, startTime] of this.open) {
      if (inside.has(geofenceId)) continue;
      this.closed.push({ geofenceId, startTime, endTime: position.fixTime });
      this.open.delete(geofenceId);
    }
    for (const geofenceId of inside) if (!this.open.has(geofenceId)) this.open.set(geofenceId, position.fixTime);
    this.lastTime = position.fixTime;
  }

  /** Every stay, by start time. */
  result(): GeofenceInterval[] {
    const stillInside = [...this.open].map(([geofenceId, startTime]) => ({ geofenceId, startTime, endTime: this.lastTime ?? startTime }));
    return [...this.closed, ...stillInside].sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || a.geofenceId - b.geofenceId);
  }
}
