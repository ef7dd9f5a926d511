import { useDevicesStore, usePositionsStore } from '@rastro/shared';
import type { Device, Position } from '@rastro/shared';
import { useEffect, useState } from 'react';

/** SPEC §4/§9: a device update refreshes that device's filter result after 500 ms. */
export const FILTER_REFRESH_DELAY_MS = 500;

interface SubscribableStore<State> {
  getState(): State;
  subscribe(listener: (state: State) => void): () => void;
}

/**
 * A part of a store as the list filters and sorts it: a change reaches the list 500 ms later, and
 * every change in those 500 ms counts once, so a busy socket re-sorts 50,000 rows at most twice a
 * second instead of once per message. Rows still draw the live values.
 */
export function useSettled<State, Part>(store: SubscribableStore<State>, select: (state: State) => Part, delay = FILTER_REFRESH_DELAY_MS): Part {
  const [settled, setSettled] = useState(() => select(store.getState()));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let seen = settled;
    const changed = (next: Part) => {
      if (next === seen) return;
      seen = next;
      timer ??= setTimeout(() => {
        timer = null;
        setSettled(select(store.getState()));
      }, delay);
    };
    const unsubscribe = store.subscribe((state) => changed(select(state)));
    // A change made between the first render and this subscription counts too.
    changed(select(store.getState()));
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
    // `select` is a module-level function in every caller; `settled` is only the starting point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, delay]);
  return settled;
}

const devicesOf = (state: { byId: Record<number, Device> }) => state.byId;
const positionsOf = (state: { latestByDeviceId: Record<number, Position> }) => state.latestByDeviceId;

/** The devices the list filters and sorts, 500 ms behind the store. */
export const useSettledDevices = (): Record<number, Device> => useSettled(useDevicesStore, devicesOf);

/** The latest positions the state sorts and the motion filter read, 500 ms behind the store. */
export const useSettledPositions = (): Record<number, Position> => useSettled(usePositionsStore, positionsOf);
