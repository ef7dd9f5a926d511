import { useSessionStore } from '@rastro/shared/core';
import { useCallback } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { safeReturnPath } from '../routing/guard';
import { DRIVER_HOME_PATH, HOME_PATH } from '../routing/routeTable';
import { LoginPage } from '../login/LoginPage';
import type { LoginMode } from '../login/LoginPage';

/** The login inside the app (after a logout, a lost session, a link from another screen): the router navigates. */
export function LoginRoute({ mode = 'login' }: { mode?: LoginMode }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token } = useParams();
  const authenticated = useSessionStore((state) => state.status === 'authenticated');
  const go = useCallback((to: string, options?: { replace?: boolean }) => void navigate(to, options), [navigate]);
  if (authenticated && mode !== 'share') return <Navigate to={safeReturnPath(params.get('to'), mode === 'driver' ? DRIVER_HOME_PATH : HOME_PATH)} replace />;
  return <LoginPage mode={mode} token={token} returnTo={params.get('to')} navigate={go} />;
}
