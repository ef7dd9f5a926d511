import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { initI18n } from '../i18n/i18n';
import { useMapViewStore } from '../stores/mapView';
import { MapViewPick } from './MapViewPick';

const show = (onPick = jest.fn(), disabled = false) => {
  render(
    <ChakraProvider value={defaultSystem}>
      <MapViewPick onPick={onPick} disabled={disabled} />
    </ChakraProvider>,
  );
  return onPick;
};

describe("the button that takes the live map's view", () => {
  beforeAll(() => initI18n('pt-BR'));
  afterEach(() => act(() => useMapViewStore.getState().viewChanged(null)));

  it('is off, saying why, while no map is drawn', () => {
    show();
    expect(screen.getByRole('button', { name: 'Usar o centro e o zoom do mapa' })).toBeDisabled();
    expect(screen.getByText('O mapa ainda não foi exibido.')).toBeInTheDocument();
  });

  it('hands where the map rests: six decimals, as the map reports its centre, and a whole zoom', () => {
    const onPick = show();
    act(() => useMapViewStore.getState().viewChanged({ latitude: -23.5505123, longitude: -46.6333456, zoom: 12.6 }));
    expect(screen.queryByText('O mapa ainda não foi exibido.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('map-view-pick'));
    expect(onPick).toHaveBeenCalledWith({ latitude: '-23.550512', longitude: '-46.633346', zoom: '13' });
  });

  it('takes nothing while its form is busy', () => {
    useMapViewStore.getState().viewChanged({ latitude: 1, longitude: 2, zoom: 3 });
    show(jest.fn(), true);
    expect(screen.getByTestId('map-view-pick')).toBeDisabled();
  });
});
