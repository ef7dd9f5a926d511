import { EventEmitter } from 'eventemitter3';
import type { Device, Position, TrackingEvent } from '../contract/traccar';

/**
 * Every event that crosses a remote boundary, in one map. Adding an event here is a contract
 * change: name it for what happened, not for who listens.
 */
export interface RastroEvents {
  /** New fixes arrived over the socket (already applied to the positions store). */
  'positions:received': (positions: Position[]) => void;
  /** Device records changed over the socket (already applied to the devices store). */
  'devices:received': (devices: Device[]) => void;
  /** Tracking events (alarms, ignition, geofence…) delivered to this user. */
  'events:received': (events: TrackingEvent[]) => void;
  /** A device was chosen in any area (list, map); null clears the choice. */
  'device:selected': (deviceId: number | null) => void;
  /** The live socket opened or closed. */
  'socket:status': (status: 'open' | 'closed') => void;
}

export type RastroEventName = keyof RastroEvents;
export type RastroBus = EventEmitter<RastroEvents>;

export function createBus(): RastroBus {
  return new EventEmitter<RastroEvents>();
}

/** The one bus of the page: @rastro/shared is a Module Federation singleton, so every remote sees it. */
export const bus: RastroBus = createBus();
