import { bus, initI18n } from '@rastro/shared';
import type { GeofenceEditSnapshot } from '@rastro/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/renderWithProviders';
import { GeofenceEditPanel, useGeofenceEditing } from './GeofenceEditPanel';

const circle: GeofenceEditSnapshot = { type: 'circle', step: 3, points: 1, radiusMetres: 1_000, geofenceId: null, name: '' };

/** What the shell does: the panel while the map says a geofence is being edited, nothing otherwise. */
function EditingArea() {
  const snapshot = useGeofenceEditing();
  return snapshot ? <GeofenceEditPanel snapshot={snapshot} /> : <p>no editing</p>;
}

beforeAll(() => initI18n('pt-BR'));

describe('geofence editing panel (SPEC §2, §4)', () => {
  it('appears while the map edits, with the step hint and the circle area in km²', () => {
    renderWithProviders(<EditingArea />);
    expect(screen.getByText('no editing')).toBeInTheDocument();
    act(() => void bus.emit('geofence:editChanged', circle));
    expect(screen.getByRole('region', { name: 'Nova cerca: círculo' })).toHaveTextContent('Arraste os pontos para ajustar o círculo.');
    expect(screen.getByTestId('geofence-edit-area')).toHaveTextContent('Área: 3,1416 km²');
    act(() => void bus.emit('geofence:editChanged', null));
    expect(screen.getByText('no editing')).toBeInTheDocument();
  });

  it('asks the map to finish under the typed name, reset or cancel, and shows why a save failed', () => {
    const finish = jest.fn();
    const reset = jest.fn();
    const cancel = jest.fn();
    bus.on('geofence:finishRequested', finish);
    bus.on('geofence:resetRequested', reset);
    bus.on('geofence:cancelRequested', cancel);
    renderWithProviders(<GeofenceEditPanel snapshot={{ ...circle, type: 'polygon', step: 2, points: 2 }} />);
    expect(screen.getByTestId('geofence-edit-area')).toHaveTextContent('2 pontos');

    fireEvent.click(screen.getByTestId('geofence-edit-finish'));
    act(() => void bus.emit('geofence:saveFailed', 'FILL_NAME'));
    expect(screen.getByRole('alert')).toHaveTextContent('O nome da cerca é obrigatório.');
    // A save the gateway refused says why, in the words every screen uses (issue 14: not only the fleet's).
    act(() => void bus.emit('geofence:saveFailed', 'SAVE_FAILED', { status: 502, code: 'TRACCAR_UNAVAILABLE' }));
    expect(screen.getByRole('alert')).toHaveTextContent('O servidor de rastreamento está fora do ar. Tente novamente em instantes.');
    fireEvent.change(screen.getByTestId('geofence-edit-name'), { target: { value: 'Pátio' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('geofence-edit-finish'));
    expect(finish).toHaveBeenLastCalledWith({ name: 'Pátio' });
    fireEvent.click(screen.getByTestId('geofence-edit-reset'));
    fireEvent.click(screen.getByTestId('geofence-edit-cancel'));
    expect(reset).toHaveBeenCalledTimes(1);
    expect(cancel).toHaveBeenCalledTimes(1);
    bus.off('geofence:finishRequested', finish);
    bus.off('geofence:resetRequested', reset);
    bus.off('geofence:cancelRequested', cancel);
  });
});
