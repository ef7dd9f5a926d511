import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { loadServerInfo } from '../session/serverInfo';

/** SPEC §2 guard step 2: server info loads in the background; if it cannot, the user sees /maintenance. */
export function ServerInfoLoader() {
  const navigate = useNavigate();
  useEffect(() => {
    void loadServerInfo().then((ok) => {
      if (!ok) navigate('/maintenance', { replace: true });
    });
  }, [navigate]);
  return null;
}
