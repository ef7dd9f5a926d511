import { useLoaded as useSharedLoaded } from '@rastro/shared';
import type { Loaded } from '@rastro/shared';
import { errorMessage } from './errorMessage';

export type { Loaded };

/** The shared useLoaded, a refusal told in billing's words (the payment provider's reasons included). */
export function useLoaded<T>(load: () => Promise<T>): { loaded: Loaded<T>; reload(): void } {
  return useSharedLoaded(load, errorMessage);
}
