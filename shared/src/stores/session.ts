import { create } from 'zustand';
import type { User } from '../contract/traccar';

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  signedIn(user: User): void;
  signedOut(): void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  status: 'unknown',
  user: null,
  signedIn: (user) => set({ status: 'authenticated', user }),
  signedOut: () => set({ status: 'anonymous', user: null }),
}));
