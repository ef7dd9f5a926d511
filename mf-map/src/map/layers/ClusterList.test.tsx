import { AreaProviders, initI18n, useDevicesStore } from '@rastro/shared';
import type { Device } from '@rastro/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { registerMapCatalogs } from '../../locales/catalog';
import { ClusterList } from './ClusterList';

beforeAll(async () => {
  registerMapCatalogs();
  await initI18n('en-US');
});

const device = (id: number, name: string) => ({ id, name, uniqueId: `u${id}`, status: 'online', attributes: {} }) as unknown as Device;

describe('cluster list', () => {
  it('names the devices a cluster holds, counts the rest, and lets the user pick one or zoom in', () => {
    useDevicesStore.setState({ byId: { 1: device(1, 'Caminhão 1'), 2: device(2, 'Moto 2') } });
    const onSelect = jest.fn();
    const onZoom = jest.fn();
    render(
      <AreaProviders name="mf_map">
        <ClusterList cluster={{ clusterId: 9, center: [0, 0], count: 5, deviceIds: [1, 2] }} onSelect={onSelect} onZoom={onZoom} onClose={() => undefined} />
      </AreaProviders>,
    );
    const list = screen.getByTestId('cluster-list');
    expect(list).toHaveTextContent('Caminhão 1');
    expect(list).toHaveTextContent('Moto 2');
    expect(list).toHaveTextContent('5 devices here');
    expect(list).toHaveTextContent('and 3 more');
    fireEvent.click(screen.getByText('Moto 2'));
    expect(onSelect).toHaveBeenCalledWith(2);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(onZoom).toHaveBeenCalled();
  });
});
