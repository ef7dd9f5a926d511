import { EventEmitter } from 'eventemitter3';
import type { Device, Position, TrackingEvent } from '../contract/traccar';
import type { ErrorReason } from '../errors/errorMessage';
import type { Geofence, GeofenceEditSnapshot, GeofenceSaveFailure, GeofenceShapeType } from '../geofence/geofence';

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
  /** Event sounds were switched off or on outside the top bar (My account); the `isMuted` preference is already written. */
  'sound:muteChanged': (muted: boolean) => void;

  // The map (SPEC §2 device detail, §4 live updates). Anyone may ask; the map acts.
  /** The camera should keep this device in view as it moves; null stops following. */
  'device:followChanged': (deviceId: number | null) => void;
  /** A device's trail was switched on or off. */
  'device:trailChanged': (change: { deviceId: number; on: boolean }) => void;
  /** A street view of this place was asked for (device detail, map click). */
  'streetView:requested': (place: { latitude: number; longitude: number }) => void;
  /**
   * A route may soon be drawn: a screen that draws routes opened, or a report that draws one is
   * loading. The map gets ready for it (see mf-map's warmUpRouteLayers); route:shown brings it.
   */
  'route:expected': () => void;
  /** A route to draw and play back (history, reports); null clears it. */
  'route:shown': (route: RouteDisplay | null) => void;
  /** The playback of the route shown moved to this fix time (epoch ms); null when no route plays. Charts follow it. */
  'route:cursor': (time: number | null) => void;
  /** The playback of the route shown should move to this fix time (epoch ms): a chart's cursor moved. The map moves it and answers with route:cursor. */
  'route:seekRequested': (time: number) => void;

  // Geofence editing (SPEC §4): another area (or the map's own draw control) asks to start, the map
  // edits and reports every step, the shell's finish/reset/cancel panel answers.
  /** Start editing: a new shape of this type, or an existing geofence when one is given. */
  'geofence:editRequested': (request: { type: GeofenceShapeType; geofence?: Geofence }) => void;
  /** The editing state after every change; null when editing is off. */
  'geofence:editChanged': (snapshot: GeofenceEditSnapshot | null) => void;
  /** Save the shape being edited under this name (SPEC §5: a name is required). */
  'geofence:finishRequested': (details: { name: string; description?: string }) => void;
  /** Drop the points placed so far and start the same shape again. */
  'geofence:resetRequested': () => void;
  /** Leave editing without saving. */
  'geofence:cancelRequested': () => void;
  /** Finishing did not save; editing goes on. A refused save says why (its status and product error code). */
  'geofence:saveFailed': (failure: GeofenceSaveFailure, reason?: ErrorReason) => void;
  /** A geofence was created or changed; editing has ended. */
  'geofence:saved': (geofence: Geofence) => void;
  /** Geofences were created or deleted outside the map's editor (an anchor turned on or off): show them again. */
  'geofences:changed': () => void;
  /** A geofence was chosen in a list: the map shows it highlighted and fits it; null clears the highlight. */
  'geofence:selected': (geofence: Geofence | null) => void;
}

/** A route for the map (SPEC §2 reports, /history): positions in time order, stops and events optional. */
export interface RouteDisplay {
  /** One device's or several's: the map draws each device's fixes as a line of its own colour and plays them on one clock. */
  positions: Position[];
  /** Places where the device stood still, marked on the route. */
  stops?: Array<{ latitude: number; longitude: number; label?: string }>;
  /** Events to mark on the route (alarm, ignition…), at the position they happened. */
  events?: Array<{ latitude: number; longitude: number; type: string; /** An alarm event's alarm (Traccar's attribute `alarm`). */ alarm?: string }>;
}

export type RastroEventName = keyof RastroEvents;
export type RastroBus = EventEmitter<RastroEvents>;

export function createBus(): RastroBus {
  return new EventEmitter<RastroEvents>();
}

/** The one bus of the page: @rastro/shared is a Module Federation singleton, so every remote sees it. */
export const bus: RastroBus = createBus();
