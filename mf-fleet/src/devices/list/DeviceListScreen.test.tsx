import { AreaProviders, bus, initI18n, useDevicesStore, usePositionsStore, useRouterBridge, useServerStore, useSessionStore } from '@rastro/shared';
import type { Device } from '@rastro/shared';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { registerFleetCatalogs } from '../../locales/catalog';
import { DeviceListScreen } from './DeviceListScreen';

jest.mock('../../api/fleetData', () => {
  const actual = jest.requireActual('../../api/fleetData');
  return { ...actual, useFleetDataLoaded: () => undefined };
});
jest.mock('../../access/useFleetAccess', () => ({ useFleetAccess: () => null, useDeviceLimitReached: () => false }));

const device = (id: number, name: string, extra: Partial<Device> = {}): Device => ({ id, name, uniqueId: `35${id}`, status: 'online', attributes: {}, ...extra });
const scrolledTo: number[] = [];
const names = () => within(screen.getByTestId('device-list')).getAllByTestId('device-row-name').map((row) => row.textContent);

beforeAll(async () => {
  // jsdom lays nothing out: give the scroll area a screen's height so the virtual list draws rows.
  jest.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(800);
  jest.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(384);
  // jsdom does not scroll: do what a browser does, so the virtual list draws the rows there.
  Element.prototype.scrollTo = function scrollTo(this: Element, options?: ScrollToOptions | number) {
    const top = typeof options === 'number' ? 0 : (options?.top ?? 0);
    scrolledTo.push(top);
    this.scrollTop = top;
    this.dispatchEvent(new Event('scroll'));
  } as Element['scrollTo'];
  await initI18n('pt-BR');
  registerFleetCatalogs();
});

function renderList() {
  return render(
    <AreaProviders name="mf_fleet">
      <DeviceListScreen />
    </AreaProviders>,
  );
}

describe('DeviceListScreen', () => {
  beforeEach(() => {
    localStorage.clear();
    useSessionStore.getState().signedIn({ id: 1, name: 'Ana', email: 'a', attributes: {} });
    useDevicesStore.getState().replaceAll([device(1, 'Caminhão 1'), device(2, 'Moto 2', { status: 'offline' })]);
    usePositionsStore.getState().clear();
    usePositionsStore.getState().apply([{ id: 9, deviceId: 1, latitude: 0, longitude: 0, speed: 10, course: 0, attributes: { ignition: true } }, { id: 8, deviceId: 2, latitude: 0, longitude: 0, speed: 0, course: 0, attributes: { alarm: 'hardBraking' } }]);
  });

  it('lists the fleet with status, speed in km/h and state, and filters as the user types', () => {
    renderList();
    const list = screen.getByTestId('device-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Offline')).toBeInTheDocument();
    expect(within(list).getByText('19 km/h')).toBeInTheDocument();
    expect(within(list).getByText('Ignição ligada')).toBeInTheDocument();
    expect(within(list).getByText('Alerta: Frenagem brusca')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'moto' } });
    expect(names()).toEqual(['Moto 2']);
    expect(localStorage.getItem('query')).toBe('"moto"');
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'zzz' } });
    expect(screen.getByText('Nenhum dispositivo encontrado')).toBeInTheDocument();
  });

  it("shows the attributes pinned by rastro.deviceAttributes in each row, from the device or its position", () => {
    useSessionStore.getState().signedIn({ id: 1, name: 'Ana', email: 'a', attributes: { 'rastro.deviceAttributes': 'plate, fuel, absent' } });
    useDevicesStore.getState().replaceAll([device(1, 'Caminhão 1', { attributes: { plate: 'ABC1D23' } }), device(2, 'Moto 2')]);
    usePositionsStore.getState().apply([{ id: 10, deviceId: 1, latitude: 0, longitude: 0, speed: 0, course: 0, attributes: { fuel: 40 } }]);
    renderList();
    const [truck, moto] = within(screen.getByTestId('device-list')).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(truck).getByText('plate: ABC1D23')).toBeInTheDocument();
    expect(within(truck).getByText('fuel: 40')).toBeInTheDocument();
    expect(within(truck).queryByText(/absent/)).toBeNull();
    expect(within(moto).queryByText(/plate|fuel/)).toBeNull();
  });

  it('sorts by name and flips on a second click', () => {
    renderList();
    expect(names()).toEqual(['Caminhão 1', 'Moto 2']);
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(names()).toEqual(['Moto 2', 'Caminhão 1']);
  });

  it('refreshes after a device update once 500 ms have passed', () => {
    jest.useFakeTimers();
    try {
      renderList();
      act(() => useDevicesStore.getState().upsert([device(3, 'Avião 3')]));
      expect(names()).toHaveLength(2);
      act(() => jest.advanceTimersByTime(500));
      expect(names()).toEqual(['Avião 3', 'Caminhão 1', 'Moto 2']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows a device change in its row at once, and applies it to the filter 500 ms later', () => {
    jest.useFakeTimers();
    try {
      renderList();
      fireEvent.change(screen.getByTestId('filter-status'), { target: { value: 'online' } });
      expect(names()).toEqual(['Caminhão 1']);
      act(() => useDevicesStore.getState().upsert([device(1, 'Caminhão 1', { status: 'offline' })]));
      expect(within(screen.getByTestId('device-list')).getByText('Offline')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(499));
      expect(names()).toEqual(['Caminhão 1']);
      act(() => jest.advanceTimersByTime(1));
      expect(screen.getByText('Nenhum dispositivo encontrado')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('re-sorts a state sort 500 ms after positions arrive, a burst of them counting once', () => {
    jest.useFakeTimers();
    try {
      useDevicesStore.getState().replaceAll([device(1, 'Caminhão 1', { lastUpdate: '2026-01-01T10:00:00Z' }), device(2, 'Moto 2', { lastUpdate: '2026-01-01T10:00:00Z' })]);
      renderList();
      fireEvent.click(screen.getByTestId('sort-motion'));
      expect(names()).toEqual(['Caminhão 1', 'Moto 2']);
      const fix = (id: number, deviceId: number, motion: boolean) => ({ id, deviceId, latitude: 0, longitude: 0, speed: motion ? 20 : 0, course: 0, attributes: { motion } });
      act(() => usePositionsStore.getState().apply([fix(10, 2, true)]));
      act(() => jest.advanceTimersByTime(300));
      act(() => usePositionsStore.getState().apply([fix(11, 1, false)]));
      // The moving device's speed is drawn at once; its place waits for the first update's 500 ms.
      expect(within(screen.getByTestId('device-list')).getByText('37 km/h')).toBeInTheDocument();
      expect(names()).toEqual(['Caminhão 1', 'Moto 2']);
      act(() => jest.advanceTimersByTime(200));
      expect(names()).toEqual(['Moto 2', 'Caminhão 1']);
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows each row's last update on the server's 12-hour clock once it is switched on", () => {
    const lastUpdate = new Date(2026, 0, 1, 15, 4).toISOString();
    useDevicesStore.getState().replaceAll([device(1, 'Caminhão 1', { lastUpdate })]);
    const config = { title: 'Rastro', mapboxToken: null, mapStyleUrl: null };
    useServerStore.getState().loaded({ id: 1, twelveHourFormat: false, attributes: {} }, config);
    renderList();
    expect(screen.getByTestId('device-row-updated')).toHaveTextContent(/15:04$/);
    act(() => useServerStore.getState().loaded({ id: 1, twelveHourFormat: true, attributes: {} }, config));
    expect(screen.getByTestId('device-row-updated')).toHaveTextContent(/03:04\sPM$/);
  });

  it("shows the 12-hour clock the user chose (the form's attribute), whatever the server's default", () => {
    const lastUpdate = new Date(2026, 0, 1, 15, 4).toISOString();
    useDevicesStore.getState().replaceAll([device(1, 'Caminhão 1', { lastUpdate })]);
    useServerStore.getState().loaded({ id: 1, twelveHourFormat: false, attributes: {} }, { title: 'Rastro', mapboxToken: null, mapStyleUrl: null });
    useSessionStore.getState().signedIn({ id: 1, name: 'Ana', email: 'a', attributes: { twelveHourFormat: true } });
    renderList();
    expect(screen.getByTestId('device-row-updated')).toHaveTextContent(/03:04\sPM$/);
  });

  it('scrolls a device selected elsewhere (on the map) into view', () => {
    scrolledTo.length = 0;
    const height = jest.spyOn(Element.prototype, 'scrollHeight', 'get').mockReturnValue(300 * 76);
    try {
      useDevicesStore.getState().replaceAll(Array.from({ length: 300 }, (_, index) => device(index + 1, `Carro ${String(index + 1).padStart(3, '0')}`)));
      renderList();
      expect(screen.queryByText('Carro 250')).toBeNull();
      act(() => void bus.emit('device:selected', 250));
      expect(scrolledTo.at(-1)).toBeGreaterThan(0);
      expect(screen.getByText('Carro 250').closest('[role=listitem]')).toHaveAttribute('aria-current', 'true');
    } finally {
      height.mockRestore();
    }
  });

  it('draws only a screenful of a 50,000-device fleet, and the rows under the scroll position', () => {
    useDevicesStore.getState().replaceAll(Array.from({ length: 50_000 }, (_, index) => device(index + 1, `Carro ${String(index + 1).padStart(5, '0')}`)));
    renderList();
    const list = screen.getByTestId('device-list');
    expect(screen.getByTestId('device-count')).toHaveTextContent('50000 de 50000');
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(20);
    act(() => {
      list.scrollTop = 76 * 40_000;
      list.dispatchEvent(new Event('scroll'));
    });
    expect(names()).toContain('Carro 40001');
    expect(names()).not.toContain('Carro 00001');
  });

  it('selects the chosen device everywhere and opens its detail', () => {
    const chosen = jest.fn();
    bus.on('device:selected', chosen);
    renderList();
    fireEvent.click(screen.getByText('Moto 2'));
    bus.off('device:selected', chosen);
    expect(chosen).toHaveBeenCalledWith(2);
    expect(useRouterBridge.getState().pathname === '/devices/2' || window.location.pathname === '/devices/2').toBe(true);
  });

  it('remembers a selection made while it was not on screen, and filters to that device alone', () => {
    act(() => void bus.emit('device:selected', 2));
    renderList();
    expect(screen.getByText('Moto 2').closest('[role=listitem]')).toHaveAttribute('aria-current', 'true');
    const single = screen.getByTestId('filter-single-device');
    expect(single).toBeEnabled();
    fireEvent.click(single);
    expect(names()).toEqual(['Moto 2']);
    fireEvent.click(single);
    expect(names()).toEqual(['Caminhão 1', 'Moto 2']);
  });
});
