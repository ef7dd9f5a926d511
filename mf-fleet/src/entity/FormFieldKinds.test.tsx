import { AreaProviders, initI18n } from '@rastro/shared';
import type { TrackingNotification } from '@rastro/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { notificationEntity } from '../notifications/notificationEntity';
import { registerFleetCatalogs } from '../locales/catalog';
import { EntityForm } from './EntityForm';

// The notification form holds every field kind the machinery gained for issue 16: a multi-select,
// fields shown only for some values, the sound picker. Its "send test" button calls the server.
jest.mock('../notifications/NotificationTest', () => ({ NotificationTest: () => null }));

function renderForm() {
  const api = { save: jest.fn(async (payload: Omit<TrackingNotification, 'id'>) => ({ ...payload, id: 7 }) as TrackingNotification), remove: jest.fn(async () => undefined) };
  render(
    <AreaProviders name="mf_fleet">
      <EntityForm definition={notificationEntity} entity={null} api={api} canSave canDelete title="Form" onSaved={jest.fn()} onCancel={() => undefined} />
    </AreaProviders>,
  );
  return api;
}

const control = (name: string) => document.getElementById(`entity-field-${name}`) as HTMLSelectElement;

describe('field kinds of the generic form', () => {
  beforeAll(async () => {
    await initI18n('en-US');
    registerFleetCatalogs();
  });

  it('shows the alarms only for the alarm type, saves the ticked ones as a list, and offers the play button for presets only', async () => {
    const api = renderForm();
    expect(screen.queryByTestId('entity-field-alarms')).toBeNull();
    fireEvent.change(control('type'), { target: { value: 'alarm' } });
    const alarms = await screen.findByTestId('entity-field-alarms');
    expect(within(alarms).getByText('Alarms')).toBeInTheDocument();
    fireEvent.click(within(alarms).getByLabelText('Vibration'));
    fireEvent.click(within(alarms).getByLabelText('SOS'));
    // No channel ticked yet: the message says what is missing.
    fireEvent.click(screen.getByTestId('entity-save'));
    expect(await screen.findByText('Type, Channels, Alarms must be filled')).toBeInTheDocument();
    expect(api.save).not.toHaveBeenCalled();

    expect(screen.getByTestId('sound-play')).toBeEnabled();
    fireEvent.change(control('sound'), { target: { value: 'custom' } });
    expect(await screen.findByLabelText('Sound address')).toBeInTheDocument();
    fireEvent.change(control('sound'), { target: { value: 'mute' } });
    await waitFor(() => expect(screen.getByTestId('sound-play')).toBeDisabled());
    expect(control('soundUrl')).toBeNull();

    // Without a server here, the channels fall back to the web one.
    fireEvent.click(await within(screen.getByTestId('entity-field-notificators')).findByLabelText('Web'));
    fireEvent.click(screen.getByTestId('entity-save'));
    await waitFor(() => expect(api.save).toHaveBeenCalled());
    expect(api.save.mock.calls[0]?.[0]).toMatchObject({ type: 'alarm', notificators: 'web', attributes: { alarms: 'sos,vibration', 'rastro.sound': 'mute' } });
  });
});
