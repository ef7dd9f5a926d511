import { advancedPermissionsHex, AreaProviders, initI18n, useLicenceStore, useRouterBridge, useServerStore, useSessionStore, type User } from '@rastro/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ReportChooserArea } from './ReportChooserArea';

beforeAll(() => initI18n('pt-BR'));

const user = (attributes: Record<string, unknown> = {}) => ({ id: 7, name: 'Ana', email: 'ana@rastro.demo', administrator: false, attributes }) as User;
const signIn = (signedIn: User, serverAttributes: Record<string, unknown> = {}) => {
  useSessionStore.getState().signedIn(signedIn);
  useServerStore.getState().loaded({ id: 1, attributes: serverAttributes }, { title: 'Rastro', mapboxToken: null, mapStyleUrl: null });
  useLicenceStore.getState().loaded({ edition: 'paid', remainingDevices: -1 });
};
const offered = () => {
  render(
    <AreaProviders name="mf_reports">
      <ReportChooserArea />
    </AreaProviders>,
  );
  return within(screen.getByRole('navigation')).queryAllByRole('button').map((button) => button.textContent);
};

it('offers the five reports and opens one through the shell router', () => {
  signIn(user());
  const navigate = jest.fn();
  useRouterBridge.getState().connect(navigate);
  expect(offered()).toEqual(['Resumo', 'Viagens', 'Paradas', 'Eventos', 'Histórico de rota']);
  fireEvent.click(screen.getByRole('button', { name: 'Viagens' }));
  expect(navigate).toHaveBeenCalledWith('/reports/travels');
});

it('with advanced permissions on, offers only the reports the user’s bits allow (the gateway refuses the others)', () => {
  const perms = advancedPermissionsHex([
    ['reports', 'view'],
    ['reports', 'trips'],
    ['reports', 'history'],
  ]);
  signIn(user({ 'rastro.advancedPerms': perms }), { 'rastro.enableAdvancedPerms': true });
  expect(offered()).toEqual(['Resumo', 'Viagens', 'Histórico de rota']);
});
