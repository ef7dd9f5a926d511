import type { DeviceLiveState, DeviceStatus } from '../entities/device';
import type { PositionRecord } from '../entities/position';

/**
 * What changes every second, kept in memory: each device's status, last update and latest
 * position. `/api/positions` without parameters and the websocket's first message read from here
 * instead of asking the database for the newest row of every device.
 */
export class LiveFleet {
  private readonly states = new Map<number, DeviceLiveState>();
  private readonly latest = new Map<number, PositionRecord>();
  /** Deleted devices: fixes still in flight for them (simulator, OsmAnd) are dropped. */
  private readonly removed = new Set<number>();

  remove(deviceId: number): void {
    this.removed.add(deviceId);
    this.states.delete(deviceId);
    this.latest.delete(deviceId);
  }

  isRemoved(deviceId: number): boolean {
    return this.removed.has(deviceId);
  }

  /** Records new fixes: they become the devices' latest positions and last updates. */
  recordPositions(positions: readonly PositionRecord[]): void {
    for (const position of positions) {
      const current = this.latest.get(position.deviceId);
      if (current && current.fixTime > position.fixTime) continue;
      this.latest.set(position.deviceId, position);
      const state = this.state(position.deviceId);
      this.states.set(position.deviceId, { ...state, lastUpdate: position.serverTime, positionId: position.id });
    }
  }

  /** Returns true when the status really changed (only then do clients hear about it). */
  setStatus(deviceId: number, status: DeviceStatus): boolean {
    const state = this.state(deviceId);
    if (state.status === status) return false;
    this.states.set(deviceId, { ...state, status });
    return true;
  }

  state(deviceId: number): DeviceLiveState {
    return this.states.get(deviceId) ?? { status: 'unknown', lastUpdate: null, positionId: 0 };
  }

  latestPosition(deviceId: number): PositionRecord | undefined {
    return this.latest.get(deviceId);
  }

  /** Latest positions of the given devices (those that have one), by device id. */
  latestPositions(deviceIds: Iterable<number>): PositionRecord[] {
    const positions: PositionRecord[] = [];
    for (const deviceId of deviceIds) {
      const position = this.latest.get(deviceId);
      if (position) positions.push(position);
    }
    return positions.sort((a, b) => a.deviceId - b.deviceId);
  }
}
