import { AreaProviders, bus, initI18n, useDevicesStore, usePositionsStore } from '@rastro/shared';
import type { Device } from '@rastro/shared';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { DeviceListArea } from './DeviceListArea';
import { matchesQuery, sortByName } from './deviceSearch';

const device = (id: number, name: string, extra: Partial<Device> = {}): Device => ({ id, name, uniqueId: `35${id}`, status: 'online', attributes: {}, ...extra });

beforeAll(() => initI18n('pt-BR'));

describe('device search', () => {
  it('finds devices by name, identifier and attribute values, ignoring case and accents', () => {
    const van = device(1, 'Van São Paulo', { attributes: { plate: 'ABC1D23' } });
    expect(matchesQuery(van, 'sao')).toBe(true);
    expect(matchesQuery(van, 'abc1')).toBe(true);
    expect(matchesQuery(van, '351')).toBe(true);
    expect(matchesQuery(van, 'truck')).toBe(false);
    expect(matchesQuery(van, '  ')).toBe(true);
  });

  it('sorts by name like a person would (numbers in order)', () => {
    const sorted = sortByName([device(1, 'Truck 10'), device(2, 'truck 2'), device(3, 'Ambulância')], 'pt-BR');
    expect(sorted.map((d) => d.name)).toEqual(['Ambulância', 'truck 2', 'Truck 10']);
  });
});

describe('DeviceListArea', () => {
  beforeEach(() => {
    useDevicesStore.getState().replaceAll([device(1, 'Caminhão 1'), device(2, 'Moto 2', { status: 'offline' })]);
    usePositionsStore.getState().clear();
    usePositionsStore.getState().apply([{ id: 9, deviceId: 1, latitude: 0, longitude: 0, speed: 10, course: 0, attributes: {} }]);
  });

  it('lists the fleet with status and speed in km/h, and filters as the user types', () => {
    render(
      <AreaProviders name="mf_fleet">
        <DeviceListArea />
      </AreaProviders>,
    );
    const list = screen.getByTestId('device-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Offline')).toBeInTheDocument();
    expect(within(list).getByText('19 km/h')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'moto' } });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'zzz' } });
    expect(screen.getByText('Nenhum dispositivo encontrado')).toBeInTheDocument();
  });

  it('tells the other areas which device was chosen', () => {
    const chosen = jest.fn();
    bus.on('device:selected', chosen);
    render(
      <AreaProviders name="mf_fleet">
        <DeviceListArea />
      </AreaProviders>,
    );
    fireEvent.click(screen.getByText('Moto 2'));
    bus.off('device:selected', chosen);
    expect(chosen).toHaveBeenCalledWith(2);
  });
});
