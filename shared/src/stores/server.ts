import { create } from 'zustand';
import type { Server } from '../contract/traccar';
import type { AppConfig } from '../contract/product';

export type ServerStatus = 'loading' | 'ready' | 'failed';

export interface ServerState {
  status: ServerStatus;
  server: Server | null;
  config: AppConfig | null;
  loaded(server: Server, config: AppConfig): void;
  failed(): void;
}

export const useServerStore = create<ServerState>()((set) => ({
  status: 'loading',
  server: null,
  config: null,
  loaded: (server, config) => set({ status: 'ready', server, config }),
  failed: () => set({ status: 'failed' }),
}));
