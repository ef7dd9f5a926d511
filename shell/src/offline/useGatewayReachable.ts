import { useEffect, useState } from 'react';

// While the live connection is down, how often the gateway is asked whether it answers at all.
const PROBE_MS = 10_000;

/**
 * Whether the gateway itself is out of reach (not only the live socket): its health route, which
 * the service worker never answers from a cache, fails to load. Asked only while `liveLost`.
 */
export function useGatewayUnreachable(liveLost: boolean, probe: () => Promise<unknown> = defaultProbe): boolean {
  const [unreachable, setUnreachable] = useState(false);
  useEffect(() => {
    if (!liveLost) return undefined;
    let stopped = false;
    const check = () =>
      probe().then(
        () => !stopped && setUnreachable(false),
        () => !stopped && setUnreachable(true),
      );
    void check();
    const timer = setInterval(() => void check(), PROBE_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [liveLost, probe]);
  // A live socket answers for the gateway: the last probe's verdict no longer counts.
  return liveLost && unreachable;
}

function defaultProbe(): Promise<unknown> {
  return fetch('/rastro/health', { cache: 'no-store' }).then((response) => {
    // A proxy or load balancer in front may answer for a gateway that is down.
    if (response.status >= 502) throw new Error(`gateway answered ${response.status}`);
  });
}
