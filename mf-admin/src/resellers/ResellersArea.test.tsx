import { AreaProviders, ApiError, initI18n, useSessionStore } from '@rastro/shared';
import type { User } from '@rastro/shared';
import type { Reseller, ResellerUpdate } from '@rastro/shared/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { registerAdminCatalogs } from '../locales/catalog';
import { ResellersArea } from './ResellersArea';
import type { ResellersApi } from './resellersApi';

beforeAll(async () => {
  await initI18n('en-US');
  registerAdminCatalogs();
});

const admin: User = { id: 1, name: 'Admin', email: 'admin@x', administrator: true, attributes: {} };
const reseller: User = { id: 7, name: 'Ana', email: 'ana@x', attributes: { 'rastro.reseller': true, 'rastro.resellerDomain': 'frota.example', 'rastro.canCreateSubResellers': true } };
const domain = (overrides: Partial<Reseller>): Reseller => ({
  domain: 'frota.example',
  ownerUserId: 7,
  parentUserId: null,
  remotes: {},
  config: {},
  theme: {},
  deviceLimit: 2,
  userLimit: 5,
  ...overrides,
});

function fakeApi(resellers: Reseller[], overrides: Partial<ResellersApi> = {}) {
  const saved: Array<[string, ResellerUpdate]> = [];
  const api: ResellersApi = {
    list: async () => resellers,
    usage: async () => ({ devices: 2, users: 1 }),
    save: async (name, update) => (saved.push([name, update]), domain({ domain: name })),
    remove: async () => undefined,
    users: async () => [reseller],
    saveUser: async (user) => user,
    ...overrides,
  };
  return { api, saved };
}

const renderAs = (user: User, api: ResellersApi) => {
  useSessionStore.getState().signedIn(user);
  return render(
    <AreaProviders name="mf_admin">
      <ResellersArea api={api} />
    </AreaProviders>,
  );
};

it("shows an administrator every domain with its owner, limits in use and the remotes switched on", async () => {
  const { api } = fakeApi([domain({ remotes: { mf_billing: { enabled: false } } })]);
  renderAs(admin, api);
  const row = await screen.findByTestId('reseller-row-frota.example');
  expect(within(row).getByText('Ana')).toBeInTheDocument();
  expect(await within(row).findByText('2 of 2')).toBeInTheDocument();
  expect(within(row).getByText('Map')).toBeInTheDocument();
  expect(within(row).queryByText('Billing')).not.toBeInTheDocument();
});

it('explains to a reseller at its device limit why nothing more can be added', async () => {
  const { api } = fakeApi([domain({}), domain({ domain: 'sub.frota.example', ownerUserId: null, parentUserId: 7 })]);
  renderAs(reseller, api);
  expect(await screen.findByTestId('reseller-limit-devices')).toHaveTextContent('Your domain holds its limit of 2 devices');
  expect(screen.queryByTestId('reseller-limit-users')).not.toBeInTheDocument();
  expect(screen.getByTestId('reseller-row-sub.frota.example')).toBeInTheDocument();
});

it("says a sub-reseller's limits cannot pass the reseller's own when the gateway refuses them", async () => {
  const refusal = new ApiError(403, 'USER_DEVICE_LIMIT_REACHED', JSON.stringify({ code: 'USER_DEVICE_LIMIT_REACHED', fields: ['deviceLimit'] }));
  const { api } = fakeApi([domain({})], {
    save: async () => {
      throw refusal;
    },
  });
  renderAs(reseller, api);
  fireEvent.click(await screen.findByTestId('reseller-new'));
  fireEvent.change(screen.getByLabelText('Domain'), { target: { value: 'sub.frota.example' } });
  fireEvent.change(screen.getByLabelText('Device limit'), { target: { value: '50' } });
  fireEvent.click(screen.getByTestId('reseller-save'));
  expect(await screen.findByTestId('reseller-form-error')).toHaveTextContent("cannot go beyond yours (2 devices, 5 users)");
});

it("lets an administrator switch a domain's remote off", async () => {
  const { api, saved } = fakeApi([domain({})]);
  renderAs(admin, api);
  fireEvent.click(await screen.findByTestId('reseller-edit-frota.example'));
  const reports = screen.getByRole('checkbox', { name: 'Reports' });
  await act(async () => reports.click());
  expect(reports).not.toBeChecked();
  fireEvent.click(screen.getByTestId('reseller-save'));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]?.[1].remotes).toEqual({ mf_reports: { enabled: false } });
});
