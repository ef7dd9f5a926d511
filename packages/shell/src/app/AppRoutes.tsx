import { Navigate, Route, Routes } from 'react-router';
import { ShellLayout } from '../layout/ShellLayout';
import { panelRoutes } from '../layout/navigation';
import { LoginPage } from '../login/LoginPage';
import { MaintenancePage } from '../maintenance/MaintenancePage';
import { RequireSession } from './RequireSession';

/**
 * SPEC §2 routes. Every session screen is a child of one layout route, so the map stays mounted
 * while the side panel changes; the layout picks the panel from the path.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/maintenance" element={<MaintenancePage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route
        element={
          <RequireSession>
            <ShellLayout />
          </RequireSession>
        }
      >
        <Route path="/home" element={null} />
        {panelRoutes.map((route) => (
          <Route key={route.path} path={`${route.path}/*`} element={null} />
        ))}
      </Route>
      <Route path="*" element={<Navigate to="/home" replace />} />
    </Routes>
  );
}
