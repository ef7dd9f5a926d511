import { lazy, Suspense } from 'react';
import type { ComponentType, ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { LoginRoute } from './LoginRoute';
import { PageLoading } from '../routing/PageLoading';
import { RouteGuard } from '../routing/RouteGuard';
import { routeTable } from '../routing/routeTable';

/**
 * A screen whose code is fetched when it is first shown. Only the login is in the first download
 * (README, "Front-end weight"): the layout after login, its socket and remotes loader, and the
 * rarer public pages come in chunks of their own.
 */
function later<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Screen = lazy(() => load().then((component) => ({ default: component })));
  return function LaterScreen(props: P) {
    return (
      <Suspense fallback={<PageLoading />}>
        <Screen {...props} />
      </Suspense>
    );
  };
}

const ShellLayout = later(() => import('../layout/ShellLayout').then((module) => module.ShellLayout));
const DriverLayout = later(() => import('../driver/DriverLayout').then((module) => module.DriverLayout));
const MaintenancePage = later(() => import('../maintenance/MaintenancePage').then((module) => module.MaintenancePage));
const RecoverRequestPage = later(() => import('../recovery/RecoverRequestPage').then((module) => module.RecoverRequestPage));
const ResetPasswordPage = later(() => import('../recovery/ResetPasswordPage').then((module) => module.ResetPasswordPage));
const RegisterPage = later(() => import('../register/RegisterPage').then((module) => module.RegisterPage));

/** The page of each public route of the table (SPEC §2). */
export const publicScreens: Record<string, ReactElement> = {
  '/maintenance': <MaintenancePage />,
  '/login': <LoginRoute />,
  '/login/recover': <RecoverRequestPage />,
  '/login/recover/:token': <ResetPasswordPage />,
  '/register': <RegisterPage />,
  '/motorista': <LoginRoute mode="driver" />,
  '/share/:token': <LoginRoute mode="share" />,
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
