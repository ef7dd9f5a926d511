import { useEffect, useState } from 'react';
import { trackingHttp } from '../../../api/clients';
import { savedCommandsFor } from './commandApi';
import type { SavedCommand } from './commandApi';

/** The device's saved commands when `wanted` (null while they load, empty when they cannot be read). */
export function useSavedCommands(deviceId: number, wanted: boolean): SavedCommand[] | null {
  const [loaded, setLoaded] = useState<{ deviceId: number; commands: SavedCommand[] } | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    const keep = (commands: SavedCommand[]) => current && setLoaded({ deviceId, commands });
    savedCommandsFor(trackingHttp, deviceId).then(keep, () => keep([]));
    return () => {
      current = false;
    };
  }, [deviceId, wanted]);
  return loaded && loaded.deviceId === deviceId ? loaded.commands : null;
}
