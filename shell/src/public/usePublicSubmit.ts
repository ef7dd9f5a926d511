import { errorCodeMessage, loginFailureFrom } from '@rastro/shared/core';
import { useState } from 'react';

/**
 * The state every public form shares: busy while the call runs, done once it succeeded, and the
 * translated SPEC §8 message when it failed (or when local validation refuses it first).
 */
export function usePublicSubmit() {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (call: () => Promise<unknown>): Promise<void> => {
    setError(null);
    setBusy(true);
    try {
      await call();
      setDone(true);
    } catch (caught) {
      setError(errorCodeMessage(loginFailureFrom(caught).code));
    } finally {
      setBusy(false);
    }
  };

  return { busy, done, error, setError, run };
}
