import { Box, Spinner } from '@chakra-ui/react';
import { useSessionStore } from '@rastro/shared';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { resumeSession } from '../session/session';

/** SPEC §2 guard steps 3–4: check the session, load the user's data, or send them to log in. */
export function RequireSession({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status);
  const location = useLocation();

  useEffect(() => {
    if (status === 'unknown') void resumeSession();
  }, [status]);

  if (status === 'anonymous') {
    const to = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?to=${encodeURIComponent(to)}`} replace />;
  }
  if (status === 'unknown') {
    return (
      <Box h="100%" display="flex" alignItems="center" justifyContent="center">
        <Spinner size="lg" color="brand.500" />
      </Box>
    );
  }
  return <>{children}</>;
}
