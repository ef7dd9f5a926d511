import { AreaProviders, ApiError, i18n, initI18n } from '@rastro/shared';
import type { Device } from '@rastro/shared';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { deviceEntity } from '../devices/form/deviceEntity';
import { registerFleetCatalogs } from '../locales/catalog';
import { EntityForm } from './EntityForm';
import type { EntityFormProps } from './EntityForm';

type DeviceFormProps = EntityFormProps<Device, Parameters<typeof deviceEntity.toPayload>[0]>;

const existing: Device = { id: 4, name: 'Moto 4', uniqueId: '354', status: 'online', attributes: {} };

function renderForm(props: Partial<DeviceFormProps> = {}) {
  const api = { save: jest.fn(async (payload: Omit<Device, 'id'>) => ({ ...payload, id: 9 }) as Device), remove: jest.fn(async () => undefined) };
  const onSaved = jest.fn();
  const onDeleted = jest.fn();
  render(
    <AreaProviders name="mf_fleet">
      <EntityForm definition={deviceEntity} entity={null} api={api} canSave canDelete title="Form" onSaved={onSaved} onDeleted={onDeleted} onCancel={() => undefined} {...props} />
    </AreaProviders>,
  );
  return { api, onSaved, onDeleted };
}

const field = (name: string) => document.getElementById(`entity-field-${name}`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

describe('the generic entity form', () => {
  beforeAll(async () => {
    await initI18n('es');
    registerFleetCatalogs();
  });
  afterEach(async () => {
    await act(async () => void (await i18n.changeLanguage('es')));
  });

  it('refuses to save without the required fields, in the user language, and follows a language change', async () => {
    const { api } = renderForm();
    fireEvent.click(screen.getByTestId('entity-save'));
    // Name and unique identifier are the device's required fields (SPEC §5); nothing else is.
    expect(await screen.findAllByText('Campo obligatorio')).toHaveLength(2);
    expect(field('name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('uniqueId')).toHaveAttribute('aria-invalid', 'true');
    expect(field('phone')).not.toHaveAttribute('aria-invalid');
    expect(api.save).not.toHaveBeenCalled();

    await act(async () => void (await i18n.changeLanguage('en-US')));
    expect(screen.getAllByText('Required field')).toHaveLength(2);
    expect(screen.queryByText('Campo obligatorio')).toBeNull();
  });

  it('rejects a non-numeric accumulator and accepts a decimal comma', async () => {
    const { api } = renderForm();
    type('name', 'Carro');
    type('uniqueId', '123');
    type('totalDistance', 'muito');
    fireEvent.click(screen.getByTestId('entity-save'));
    expect(await screen.findByText('Número inválido')).toBeInTheDocument();
    expect(api.save).not.toHaveBeenCalled();

    type('totalDistance', '12,5');
    fireEvent.click(screen.getByTestId('entity-save'));
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Número inválido')).toBeNull();
  });

  it('creates with id 0 and trimmed values, then hands the saved entity on', async () => {
    const { api, onSaved } = renderForm();
    type('name', '  Carro novo ');
    type('uniqueId', ' 777 ');
    fireEvent.click(screen.getByTestId('entity-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.save.mock.calls[0]?.[0]).toMatchObject({ id: 0, name: 'Carro novo', uniqueId: '777' });
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject({ id: 9, name: 'Carro novo' });
  });

  it("shows the server's refusal translated, and the screen's message for an unknown failure", async () => {
    const { api } = renderForm();
    api.save.mockRejectedValueOnce(new ApiError(400, 'USER_DEVICE_LIMIT_REACHED', '')).mockRejectedValueOnce(new Error('network'));
    type('name', 'Carro');
    type('uniqueId', '1');
    fireEvent.click(screen.getByTestId('entity-save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Se alcanzó el límite de dispositivos del usuario.');
    fireEvent.click(screen.getByTestId('entity-save'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No se pudo guardar el dispositivo.'));
  });

  it('says which fault of the tracking server stopped the save (gateway 504 and 502), not a generic failure', async () => {
    const { api } = renderForm();
    api.save.mockRejectedValueOnce(new ApiError(504, 'TRACCAR_TIMEOUT', '')).mockRejectedValueOnce(new ApiError(502, 'TRACCAR_UNAVAILABLE', ''));
    type('name', 'Carro');
    type('uniqueId', '1');
    fireEvent.click(screen.getByTestId('entity-save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('El servidor de rastreo no respondió a tiempo.');
    fireEvent.click(screen.getByTestId('entity-save'));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('El servidor de rastreo no está disponible.'));
  });

  it('keeps the form read-only with the reason when saving is blocked', () => {
    renderForm({ blockedMessage: 'Límite alcanzado' });
    expect(screen.getByRole('alert')).toHaveTextContent('Límite alcanzado');
    expect(screen.getByTestId('entity-save')).toBeDisabled();
    expect(field('name')).toBeDisabled();
  });

  it('deletes an existing entity only after confirmation', async () => {
    const { api, onDeleted } = renderForm({ entity: existing });
    expect(field('name')).toHaveValue('Moto 4');
    fireEvent.click(screen.getByTestId('entity-delete'));
    expect(await screen.findByText('¿Eliminar "Moto 4"? Esta acción no se puede deshacer.')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(api.remove).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('entity-delete'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(existing));
    expect(api.remove).toHaveBeenCalledWith(4);
  });

  it('turns into the edit of what it created, so saving again updates instead of creating twice', async () => {
    const { api, onSaved } = renderForm();
    // What follows the creation (the accumulators, say) fails: the user fixes it and saves again.
    onSaved.mockRejectedValueOnce(new Error('accumulators'));
    type('name', 'Carro');
    type('uniqueId', '42');
    expect(screen.getByTestId('device-form')).toHaveAttribute('data-mode', 'create');
    fireEvent.click(screen.getByTestId('entity-save'));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo guardar el dispositivo.');
    expect(screen.getByTestId('device-form')).toHaveAttribute('data-mode', 'edit');
    expect(screen.getByTestId('entity-delete')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('entity-save'));
    await waitFor(() => expect(api.save).toHaveBeenCalledTimes(2));
    expect(api.save.mock.calls[0]?.[0]).toMatchObject({ id: 0 });
    expect(api.save.mock.calls[1]?.[0]).toMatchObject({ id: 9, name: 'Carro', uniqueId: '42' });
  });

  it('shows the unexpected-error message when deleting fails, and stays on the form', async () => {
    const { api, onDeleted } = renderForm({ entity: existing });
    api.remove.mockRejectedValueOnce(new Error('network'));
    fireEvent.click(screen.getByTestId('entity-delete'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error inesperado al eliminar el dispositivo.');
    expect(onDeleted).not.toHaveBeenCalled();
    expect(field('name')).toHaveValue('Moto 4');
  });

  it('offers no delete for a new entity', () => {
    renderForm();
    expect(screen.queryByTestId('entity-delete')).toBeNull();
  });

  it('offers no delete without the permission', () => {
    renderForm({ entity: existing, canDelete: false });
    expect(screen.getByTestId('entity-save')).toBeEnabled();
    expect(screen.queryByTestId('entity-delete')).toBeNull();
  });
});
