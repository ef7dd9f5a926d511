import { AreaProviders, bus, initI18n, useServerStore } from '@rastro/shared';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { registerMapCatalogs } from '../../locales/catalog';
import { StreetViewPanel, useStreetViewRequest } from './StreetViewPanel';
import { streetViewUrl } from './streetViewUrl';

const server = { id: 1, registration: false, readonly: false, attributes: {} };
const configure = (streetViewUrl?: string | null) => useServerStore.getState().loaded(server, { title: 'Rastro', mapboxToken: null, mapStyleUrl: null, streetViewUrl });

beforeAll(async () => {
  registerMapCatalogs();
  await initI18n('en-US');
});

describe('street view address', () => {
  it('fills the template with the place in decimal degrees', () => {
    expect(streetViewUrl('https://views.example/@{lat},{lon}?z=18', { latitude: -23.55052, longitude: -46.633308 })).toBe('https://views.example/@-23.550520,-46.633308?z=18');
    expect(streetViewUrl('https://views.example/?lng={lng}&lat={lat}', { latitude: 1, longitude: 2 })).toBe('https://views.example/?lng=2.000000&lat=1.000000');
  });

  it('has none without a template, and refuses anything but a web address', () => {
    expect(streetViewUrl(null, { latitude: 1, longitude: 2 })).toBeNull();
    expect(streetViewUrl('  ', { latitude: 1, longitude: 2 })).toBeNull();
    expect(streetViewUrl('javascript:alert({lat})', { latitude: 1, longitude: 2 })).toBeNull();
    expect(streetViewUrl('not a url {lat}', { latitude: 1, longitude: 2 })).toBeNull();
  });
});

function Harness() {
  const [place, close] = useStreetViewRequest();
  return place ? <StreetViewPanel place={place} onClose={close} /> : null;
}

describe('street view panel', () => {
  const open = () => {
    render(
      <AreaProviders name="mf_map">
        <Harness />
      </AreaProviders>,
    );
    act(() => void bus.emit('streetView:requested', { latitude: -23.5, longitude: -46.6 }));
  };

  it('opens on request and states plainly when no provider is configured', () => {
    configure(undefined);
    open();
    expect(screen.getByTestId('street-view-unconfigured')).toHaveTextContent('No street view service is configured');
    expect(screen.queryByTestId('street-view-frame')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close street view' }));
    expect(screen.queryByTestId('street-view')).toBeNull();
  });

  it("shows the configured provider's view of the place, with a link to open it in a new tab", () => {
    configure('https://views.example/?ll={lat},{lon}');
    open();
    const address = 'https://views.example/?ll=-23.500000,-46.600000';
    expect(screen.getByTestId('street-view-frame')).toHaveAttribute('src', address);
    expect(screen.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', address);
    expect(screen.queryByTestId('street-view-unconfigured')).toBeNull();
  });
});
