import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../errors/errorMessage';

export type Loaded<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; value: T };

/**
 * A screen's data: loading, failed (the refusal in the reader's language, by `describe`) or ready;
 * `reload` asks again, keeping what is shown until the new answer arrives.
 */
export function useLoaded<T>(load: () => Promise<T>, describe: (error: unknown) => string = errorMessage): { loaded: Loaded<T>; reload(): void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (value) => current && setLoaded({ status: 'ready', value }),
      (error: unknown) => current && setLoaded({ status: 'failed', message: describe(error) }),
    );
    return () => {
      current = false;
    };
  }, [load, describe, attempt]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { loaded, reload };
}
