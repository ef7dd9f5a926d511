import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { DriverLayout } from '../driver/DriverLayout';
import { ShellLayout } from '../layout/ShellLayout';
import { LoginPage } from '../login/LoginPage';
import { MaintenancePage } from '../maintenance/MaintenancePage';
import { RecoverRequestPage } from '../recovery/RecoverRequestPage';
import { ResetPasswordPage } from '../recovery/ResetPasswordPage';
import { RegisterPage } from '../register/RegisterPage';
import { RouteGuard } from '../routing/RouteGuard';
import { routeTable } from '../routing/routeTable';

/** The page of each public route of the table (SPEC §2). */
export const publicScreens: Record<string, ReactElement> = {
  '/maintenance': <MaintenancePage />,
  '/login': <LoginPage />,
  '/login/recover': <RecoverRequestPage />,
  '/login/recover/:token': <ResetPasswordPage />,
  '/register': <RegisterPage />,
  '/motorista': <LoginPage mode="driver" />,
  '/share/:token': <LoginPage mode="share" />,
};

/**
 * Routes built from the route table. Session screens are children of one layout route, so the map
 * stays mounted while the panel changes; the driver screens have their own layout. Unknown paths
 * render nothing: the guard sends them to /home.
 */
export function AppRoutes() {
  const byAccess = (access: string) => routeTable.filter((route) => route.access === access);
  return (
    <Routes>
      <Route element={<RouteGuard />}>
        {[...byAccess('always'), ...byAccess('public')].map((route) => (
          <Route key={route.path} path={route.path} element={publicScreens[route.path]} />
        ))}
        <Route element={<ShellLayout />}>
          {byAccess('session').map((route) => (
            <Route key={route.path} path={route.path} element={null} />
          ))}
        </Route>
        <Route element={<DriverLayout />}>
          {byAccess('driver').map((route) => (
            <Route key={route.path} path={route.path} element={null} />
          ))}
        </Route>
        <Route path="*" element={null} />
      </Route>
    </Routes>
  );
}
