import { useEffect } from 'react';
import { loadServerInfo } from '../session/serverInfo';

/**
 * SPEC §2 guard step 2: server info loads in the background when the app starts. If it cannot,
 * the server store says so and the route guard sends the user to /maintenance.
 */
export function ServerInfoLoader() {
  useEffect(() => {
    void loadServerInfo();
  }, []);
  return null;
}
