import { create } from 'zustand';
import type { User } from '../contract/traccar';

export type SessionStatus = 'unknown' | 'authenticated' | 'anonymous';

export interface SessionState {
  status: SessionStatus;
  user: User | null;
  /**
   * The session ended without the user signing out (a tracking-server restart, an expiry): the
   * login page says so, until the next sign-in.
   */
  ended: boolean;
  signedIn(user: User): void;
  signedOut(options?: { ended?: boolean }): void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  status: 'unknown',
  user: null,
  ended: false,
  signedIn: (user) => set({ status: 'authenticated', user, ended: false }),
  signedOut: (options) => set({ status: 'anonymous', user: null, ended: options?.ended === true }),
}));
