import { AreaProviders, initI18n, useMapViewStore, useSessionStore } from '@rastro/shared';
import type { User } from '@rastro/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { accountEntity } from '../account/accountEntity';
import { registerFleetCatalogs } from '../locales/catalog';
import { EntityForm } from './EntityForm';

const me: User = { id: 5, name: 'Ana Souza', email: 'ana@rastro.demo', latitude: 0, longitude: 0, zoom: 0, attributes: {} };
const control = (name: string) => document.getElementById(`entity-field-${name}`) as HTMLInputElement;

describe("a map default taken from the map's view", () => {
  beforeAll(async () => {
    await initI18n('en-US');
    registerFleetCatalogs();
  });
  afterEach(() => useMapViewStore.getState().viewChanged(null));

  it("fills latitude, longitude and a whole zoom from where the map rests, and saves them", async () => {
    useSessionStore.getState().signedIn(me);
    const api = { save: jest.fn(async (payload: Omit<User, 'id'>) => ({ ...payload, id: 5 }) as User), remove: jest.fn(async () => undefined) };
    render(
      <AreaProviders name="mf_fleet">
        <EntityForm definition={accountEntity} entity={me} api={api} canSave canDelete={false} title="Account" onSaved={jest.fn()} onCancel={() => undefined} />
      </AreaProviders>,
    );
    // No map drawn yet: nothing to take.
    expect(screen.getByTestId('map-view-pick')).toBeDisabled();
    expect(screen.getByText('The map has not been shown yet.')).toBeInTheDocument();

    act(() => useMapViewStore.getState().viewChanged({ latitude: -23.5505123, longitude: -46.6333456, zoom: 12.6 }));
    fireEvent.click(screen.getByTestId('map-view-pick'));
    expect(control('latitude').value).toBe('-23.550512');
    expect(control('longitude').value).toBe('-46.633346');
    expect(control('zoom').value).toBe('13');

    fireEvent.click(screen.getByTestId('entity-save'));
    await waitFor(() => expect(api.save).toHaveBeenCalled());
    expect(api.save.mock.calls[0]?.[0]).toMatchObject({ latitude: -23.550512, longitude: -46.633346, zoom: 13 });
  });
});
