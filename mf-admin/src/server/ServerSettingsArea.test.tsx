import { AreaProviders, initI18n, useMapViewStore, useServerStore } from '@rastro/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ServerSettingsArea } from './ServerSettingsArea';

const stored = { id: 1, version: '6.14.5', registration: false, readonly: false, zoom: 12, latitude: -23.5, longitude: -46.6, attributes: { speedUnit: 'kmh' } };
let puts: Array<Record<string, unknown>> = [];
const answer = (status: number, body: unknown) => ({ status, ok: status < 400, headers: { get: () => null }, text: async () => JSON.stringify(body), json: async () => body });

beforeAll(() => initI18n('en-US'));
beforeEach(() => {
  puts = [];
  global.fetch = jest.fn(async (url: string, init: RequestInit = {}) => {
    if (init.method === 'PUT' && url === '/api/server') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      puts.push(body);
      return answer(200, body);
    }
    return answer(404, { code: 'NOT_FOUND' });
  }) as unknown as typeof fetch;
  useServerStore.getState().loaded(stored, { title: 'Rastro', mapboxToken: null, mapStyleUrl: null });
});

const show = () =>
  render(
    <AreaProviders name="mf_admin">
      <ServerSettingsArea />
    </AreaProviders>,
  );

it('saves a changed setting with PUT /api/server, keeping what it does not show, and the page sees it at once', async () => {
  show();
  expect(screen.getByTestId('server-version')).toHaveTextContent('6.14.5');
  fireEvent.click(screen.getByLabelText('Allow new users to register'));
  fireEvent.click(screen.getByLabelText('12-hour clock'));
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
  expect(puts).toEqual([expect.objectContaining({ id: 1, registration: true, twelveHourFormat: true, zoom: 12, attributes: expect.objectContaining({ speedUnit: 'kmh' }) })]);
  expect(useServerStore.getState().server).toMatchObject({ registration: true, twelveHourFormat: true });
});

it('says what is wrong next to the field and sends nothing', async () => {
  show();
  fireEvent.change(screen.getByLabelText('Starting zoom'), { target: { value: '40' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('The maximum is 24.')).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Some values need checking.');
  await waitFor(() => expect(puts).toEqual([]));
});

it("takes the map defaults from where the live map rests, and saves them", async () => {
  show();
  act(() => useMapViewStore.getState().viewChanged({ latitude: -22.9068467, longitude: -43.1728965, zoom: 10.4 }));
  fireEvent.click(screen.getByTestId('map-view-pick'));
  expect(screen.getByLabelText('Starting latitude')).toHaveValue('-22.906847');
  expect(screen.getByLabelText('Starting longitude')).toHaveValue('-43.172897');
  expect(screen.getByLabelText('Starting zoom')).toHaveValue('10');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
  expect(puts).toEqual([expect.objectContaining({ latitude: -22.906847, longitude: -43.172897, zoom: 10 })]);
  act(() => useMapViewStore.getState().viewChanged(null));
});
