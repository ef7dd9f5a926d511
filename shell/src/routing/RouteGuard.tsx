import { useServerStore } from '@rastro/shared/core';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import type { MaintenanceState } from '../maintenance/MaintenancePage';
import { resumeSession } from '../session/session';
import { useSessionView } from '../session/userKind';
import { decideRoute } from './guard';
import { PageLoading } from './PageLoading';
import { MAINTENANCE_PATH } from './routeTable';

/** Applies the SPEC §2 guard (see guard.ts) to every route below it. */
export function RouteGuard() {
  const { pathname, search } = useLocation();
  const session = useSessionView();
  const server = useServerStore((state) => state.status);
  const decision = decideRoute({ pathname, search, session, server });

  useEffect(() => {
    if (decision.kind === 'check-session') void resumeSession();
  }, [decision.kind]);

  if (decision.kind === 'redirect') {
    const state: MaintenanceState | undefined = decision.to === MAINTENANCE_PATH ? { from: `${pathname}${search}` } : undefined;
    return <Navigate to={decision.to} replace state={state} />;
  }
  if (decision.kind === 'check-session') {
    return <PageLoading />;
  }
  return <Outlet />;
}
