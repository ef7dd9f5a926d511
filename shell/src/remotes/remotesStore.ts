import { createProductApi } from '@rastro/shared/core';
import type { RemoteEntry, RemoteName } from '@rastro/shared/core';
import { create } from 'zustand';
import { registerTenantRemotes } from './federation';

const productApi = createProductApi();

/** This domain's remotes, as `GET /rastro/remotes` answered. */
interface RemotesState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  entries: Partial<Record<RemoteName, RemoteEntry>>;
  /** Fetches the manifest once; a retry after a failure fetches it again. */
  ensureLoaded(): Promise<void>;
  /** Forgets a remote's failed attempt so that the next load starts from its manifest again. */
  resetRemote(name: RemoteName): void;
}

export const useRemotesStore = create<RemotesState>()((set, get) => ({
  status: 'idle',
  entries: {},
  ensureLoaded: async () => {
    if (get().status === 'ready' || get().status === 'loading') return;
    set({ status: 'loading' });
    try {
      const { remotes } = await productApi.remotes();
      registerTenantRemotes(remotes);
      set({ status: 'ready', entries: Object.fromEntries(remotes.map((entry) => [entry.name, entry])) });
    } catch {
      set({ status: 'failed' });
    }
  },
  resetRemote: (name) => {
    const entry = get().entries[name];
    if (entry) registerTenantRemotes([entry], { force: true });
  },
}));
