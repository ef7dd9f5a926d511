import { bus, entityLists, i18n, initI18n, useDevicesStore } from '@rastro/shared';
import type { TrackingEvent } from '@rastro/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/renderWithProviders';
import { EventPopups } from './EventPopups';
import { useEventCentreStore } from './eventCentre';
import { useMuteStore } from './mute';
import { POPUP_CAP_PER_CORNER } from './popupQueue';

const played: string[] = [];
class FakeAudio {
  constructor(readonly src: string) {}
  play() {
    played.push(this.src);
    return Promise.resolve();
  }
}

const event = (overrides: Partial<TrackingEvent> = {}): TrackingEvent => ({
  id: 1,
  type: 'commandResult',
  deviceId: 3,
  eventTime: new Date().toISOString(),
  attributes: { message: 'Comando executado' },
  ...overrides,
});

function renderPopups() {
  return renderWithProviders(<EventPopups />);
}

beforeAll(() => initI18n('pt-BR'));
beforeEach(() => {
  jest.useFakeTimers();
  played.length = 0;
  Object.defineProperty(window, 'Audio', { value: FakeAudio, configurable: true, writable: true });
  useMuteStore.setState({ muted: false });
  entityLists.notifications.setState({ items: [] });
  useDevicesStore.getState().replaceAll([{ id: 3, name: 'Caminhão 3', uniqueId: '3', status: 'online', attributes: {} }]);
});
afterEach(() => jest.useRealTimers());

describe('event pop-ups (SPEC §4)', () => {
  it('shows the device and message bottom-right for 7 s with the default sound', () => {
    renderPopups();
    act(() => void bus.emit('events:received', [event()]));
    const popup = screen.getByTestId('event-popup');
    expect(popup).toHaveTextContent('Caminhão 3');
    expect(popup).toHaveTextContent('Comando executado');
    expect(screen.getByTestId('popups-bottom-right')).toContainElement(popup);
    expect(played).toEqual(['/rastro/assets/custom/sounds/audio1.wav']);

    act(() => jest.advanceTimersByTime(6_999));
    expect(screen.getByTestId('event-popup')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('event-popup')).not.toBeInTheDocument();
  });

  it("uses the notification's colour, position and sound, and a pinned pop-up stays until closed", () => {
    entityLists.notifications.setState({
      items: [{ id: 1, type: 'commandResult', attributes: { 'rastro.color': 'red', 'rastro.position': 'top-left', 'rastro.pin': true, 'rastro.sound': 'audio7' } }],
    });
    renderPopups();
    act(() => void bus.emit('events:received', [event()]));
    const popup = screen.getByTestId('event-popup');
    expect(popup).toHaveAttribute('data-colour', 'red');
    expect(screen.getByTestId('popups-top-left')).toContainElement(popup);
    expect(played).toEqual(['/rastro/assets/custom/sounds/audio7.wav']);

    act(() => jest.advanceTimersByTime(60_000));
    expect(screen.getByTestId('event-popup')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('event-popup-close'));
    expect(screen.queryByTestId('event-popup')).not.toBeInTheDocument();
  });

  it('plays each sound of events that arrive together once', () => {
    entityLists.notifications.setState({ items: [{ id: 1, type: 'commandResult', attributes: { 'rastro.sound': 'audio7' } }] });
    renderPopups();
    act(() => void bus.emit('events:received', [event({ id: 5, type: 'deviceOverspeed' }), event({ id: 6 }), event({ id: 7, type: 'deviceOverspeed' })]));
    // The two overspeeds of one vehicle are one pop-up that counts them.
    expect(screen.getAllByTestId('event-popup')).toHaveLength(2);
    expect(screen.getAllByTestId('event-popup').map((popup) => popup.getAttribute('data-count'))).toEqual(['1', '2']);
    expect(played).toEqual(['/rastro/assets/custom/sounds/audio1.wav', '/rastro/assets/custom/sounds/audio7.wav']);
  });

  it('keeps a burst of a large fleet to a few pop-ups, says how many more, and opens the event centre for them', () => {
    renderPopups();
    const burst = Array.from({ length: 200 }, (_, index) => event({ id: 1_000 + index, deviceId: 10 + index, type: 'geofenceEnter' }));
    act(() => void bus.emit('events:received', burst));
    expect(screen.getAllByTestId('event-popup')).toHaveLength(POPUP_CAP_PER_CORNER);
    expect(screen.getByTestId('event-popups-more')).toHaveTextContent(`+${200 - POPUP_CAP_PER_CORNER}`);
    fireEvent.click(screen.getByTestId('event-popups-more'));
    expect(useEventCentreStore.getState().panelOpen).toBe(true);
    // They all still go after 7 s.
    act(() => jest.advanceTimersByTime(7_000));
    expect(screen.queryByTestId('event-popup')).not.toBeInTheDocument();
    expect(screen.queryByTestId('event-popups-more')).not.toBeInTheDocument();
  });

  it('stays silent while muted, or when the notification says mute, but still shows the pop-up', () => {
    renderPopups();
    act(() => useMuteStore.getState().setMuted(true));
    act(() => void bus.emit('events:received', [event()]));
    expect(screen.getByTestId('event-popup')).toBeInTheDocument();
    expect(played).toEqual([]);

    act(() => useMuteStore.getState().setMuted(false));
    entityLists.notifications.setState({ items: [{ id: 2, type: 'alarm', attributes: { alarms: 'sos', 'rastro.sound': 'mute' } }] });
    act(() => void bus.emit('events:received', [event({ id: 2, type: 'alarm', attributes: { alarm: 'sos' } })]));
    expect(screen.getAllByTestId('event-popup')).toHaveLength(2);
    expect(screen.getAllByTestId('event-popup')[1]).toHaveTextContent('Alarme: SOS');
    expect(played).toEqual([]);
  });

  it('names alarms in the user language, and an alarm the catalog does not know as the device sent it', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderPopups();
    act(() => void bus.emit('events:received', [event({ id: 3, type: 'alarm', attributes: { alarm: 'hardBraking' } })]));
    act(() => void bus.emit('events:received', [event({ id: 4, type: 'alarm', attributes: { alarm: 'brandNewAlarm' } })]));
    const popups = screen.getAllByTestId('event-popup');
    expect(popups[0]).toHaveTextContent('Alarma: Frenado brusco');
    expect(popups[1]).toHaveTextContent('Alarma: brandNewAlarm');
    await act(() => i18n.changeLanguage('pt-BR'));
  });
});
