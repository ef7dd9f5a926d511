import { bus } from '@rastro/shared';
import type { TrackingEvent } from '@rastro/shared';
import { useEffect } from 'react';

/** Calls back with the answer of each commandResult event of this device that arrives over the bus. */
export function useCommandResults(deviceId: number, onResult: (result: string) => void): void {
  useEffect(() => {
    const onEvents = (events: TrackingEvent[]) => {
      for (const event of events) {
        if (event.type === 'commandResult' && event.deviceId === deviceId) onResult(String(event.attributes.result ?? event.attributes.message ?? ''));
      }
    };
    bus.on('events:received', onEvents);
    return () => void bus.off('events:received', onEvents);
  }, [deviceId, onResult]);
}
