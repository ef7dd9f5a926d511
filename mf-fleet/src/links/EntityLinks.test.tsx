import { AreaProviders, entityLists, initI18n } from '@rastro/shared';
import type { Geofence } from '@rastro/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { registerFleetCatalogs } from '../locales/catalog';
import { EntityLinks } from './EntityLinks';

/** What the links screen sends: every write, and which geofences the device has linked. */
const sent: Array<{ path: string; method: string; json: unknown }> = [];
let linkedNow: number[] = [];
let mayEdit = true;
jest.mock('../api/clients', () => ({
  trackingHttp: {
    json: async () => linkedNow.map((id) => ({ id })),
    request: async (path: string, { method, json }: { method: string; json: unknown }) => {
      sent.push({ path, method, json });
    },
  },
}));
jest.mock('../access/useFleetAccess', () => ({ useFleetAccess: () => ({ canWrite: () => mayEdit }) }));

const geofence = (id: number, name: string, attributes: Record<string, unknown> = {}) => ({ id, name, description: '', area: 'CIRCLE (0 0, 100)', calendarId: 0, attributes }) as unknown as Geofence;

function renderLinks() {
  render(
    <AreaProviders name="mf_fleet">
      <EntityLinks owner={{ key: 'deviceId', id: 5, area: 'devices' }} name="Caminhão 1" />
    </AreaProviders>,
  );
}

describe("a device's links", () => {
  beforeAll(async () => {
    await initI18n('en-US');
    registerFleetCatalogs();
  });

  beforeEach(() => {
    sent.length = 0;
    linkedNow = [2];
    mayEdit = true;
    // The device's own anchor is never offered here.
    entityLists.geofences.setState({ status: 'ready', items: [geofence(1, 'Depot'), geofence(2, 'Port'), geofence(3, 'Yard'), geofence(9, 'Anchor', { isAnchor: true, deviceId: 5 })] });
  });

  it('links every offered geofence not yet linked in one bulk call', async () => {
    renderLinks();
    fireEvent.click(await screen.findByRole('button', { name: 'Link all' }));
    await waitFor(() => expect(sent).toEqual([{ path: '/permissions/bulk', method: 'POST', json: [{ deviceId: 5, geofenceId: 1 }, { deviceId: 5, geofenceId: 3 }] }]));
    await waitFor(() => expect(screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, true]));
    expect(screen.getByRole('button', { name: 'Link all' })).toBeDisabled();
  });

  it('unlinks every linked one in one bulk call after confirmation, and nothing when cancelled', async () => {
    linkedNow = [1, 2];
    renderLinks();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink all' }));
    expect(await screen.findByText('Unlink all 2 items of Geofences from Caminhão 1?')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Unlink all' }));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(sent).toEqual([{ path: '/permissions/bulk', method: 'DELETE', json: [{ deviceId: 5, geofenceId: 1 }, { deviceId: 5, geofenceId: 2 }] }]));
    await waitFor(() => expect(screen.getAllByRole('checkbox').every((box) => !(box as HTMLInputElement).checked)).toBe(true));
  });

  it('offers no change to a user who may not edit the device', async () => {
    mayEdit = false;
    renderLinks();
    expect(await screen.findByRole('button', { name: 'Link all' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Unlink all' })).toBeDisabled();
    expect(screen.getAllByRole('checkbox').every((box) => (box as HTMLInputElement).disabled)).toBe(true);
  });
});
