import { useDevicesStore } from '@rastro/shared';
import type { Device } from '@rastro/shared';
import { useEffect, useState } from 'react';

/** SPEC §4/§9: a device update refreshes that device's filter result after 500 ms. */
export const FILTER_REFRESH_DELAY_MS = 500;

/**
 * The devices the list filters and sorts: the store's, but a change reaches the list 500 ms later
 * (several changes in that time count once), so a busy socket does not re-sort 50,000 rows per message.
 */
export function useSettledDevices(): Record<number, Device> {
  const [settled, setSettled] = useState(() => useDevicesStore.getState().byId);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = useDevicesStore.subscribe(() => {
      timer ??= setTimeout(() => {
        timer = null;
        setSettled(useDevicesStore.getState().byId);
      }, FILTER_REFRESH_DELAY_MS);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, []);
  return settled;
}
