import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from './errorMessage';

export type Loaded<T> = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; value: T };

/** A screen's data: loading, failed (with the refusal in the reader's language) or ready; `reload` asks again. */
export function useLoaded<T>(load: () => Promise<T>): { loaded: Loaded<T>; reload(): void } {
  const [loaded, setLoaded] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (value) => current && setLoaded({ status: 'ready', value }),
      (error: unknown) => current && setLoaded({ status: 'failed', message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);
  const reload = useCallback(() => setAttempt((count) => count + 1), []);
  return { loaded, reload };
}
