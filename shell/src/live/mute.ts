import { bus, readPreference, writePreference } from '@rastro/shared/core';
import { create } from 'zustand';

interface MuteState {
  muted: boolean;
  setMuted(muted: boolean): void;
}

/** SPEC §3/§4: event sounds are off while isMuted is set; the choice survives a reload. */
export const useMuteStore = create<MuteState>()((set) => ({
  muted: readPreference('isMuted') ?? false,
  setMuted: (muted) => {
    writePreference('isMuted', muted);
    set({ muted });
  },
}));

export function useMuted(): [boolean, (muted: boolean) => void] {
  return [useMuteStore((state) => state.muted), useMuteStore((state) => state.setMuted)];
}

// My account (the fleet remote) switches sounds too: the top bar follows.
bus.on('sound:muteChanged', (muted) => useMuteStore.setState({ muted }));
