import { advancedPermissionsHex, AreaProviders, initI18n, useDevicesStore, useLicenceStore, useRouterBridge, useServerStore, useSessionStore, type Device, type User } from '@rastro/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { HistoryArea, ReportsArea } from './ReportsArea';

beforeAll(() => initI18n('pt-BR'));

const user = (attributes: Record<string, unknown> = {}) => ({ id: 7, name: 'Ana', email: 'ana@rastro.demo', administrator: false, attributes }) as User;
function openAt(pathname: string, signedIn: User, Area = ReportsArea) {
  useSessionStore.getState().signedIn(signedIn);
  useServerStore.getState().loaded({ id: 1, attributes: { 'rastro.enableAdvancedPerms': true } }, { title: 'Rastro', mapboxToken: null, mapStyleUrl: null });
  useLicenceStore.getState().loaded({ edition: 'paid', remainingDevices: -1 });
  useDevicesStore.getState().replaceAll([{ id: 3, name: 'Van 3', uniqueId: 'v3', status: 'online', attributes: {} } as Device]);
  useRouterBridge.getState().locationChanged(pathname, '');
  render(
    <AreaProviders name="mf_reports">
      <Area />
    </AreaProviders>,
  );
}

it('opens the report its path names, which loads once a device or group is chosen', () => {
  openAt('/reports/travels', user({ 'rastro.advancedPerms': advancedPermissionsHex([['reports', 'view'], ['reports', 'trips']]) }));
  expect(screen.getByRole('heading', { name: 'Viagens' })).toBeInTheDocument();
  expect(screen.getByTestId('report-load')).toBeDisabled();
  fireEvent.click(screen.getByLabelText('Van 3'));
  expect(screen.getByTestId('report-load')).toBeEnabled();
});

it('refuses a report the user’s bits do not allow, at its path and at /history', () => {
  const noTrips = user({ 'rastro.advancedPerms': advancedPermissionsHex([['reports', 'view'], ['reports', 'stops']]) });
  openAt('/reports/travels', noTrips);
  expect(screen.getByTestId('report-refused')).toHaveTextContent('Você não tem permissão para este relatório.');
  cleanup();
  openAt('/history', noTrips, HistoryArea);
  expect(screen.getByTestId('report-refused')).toBeInTheDocument();
});
