import { clickTarget, notificationOptions, openFromNotification, parsePushPayload } from './pushMessages';

describe('a push message', () => {
  it("shows the gateway's title and body, one notification per event, and its click opens the device", () => {
    const payload = parsePushPayload(JSON.stringify({ title: 'Truck 7', body: 'Overspeed', deviceId: 7, eventId: 91, type: 'deviceOverspeed' }));
    expect(payload).toEqual({ title: 'Truck 7', body: 'Overspeed', deviceId: 7, eventId: 91, type: 'deviceOverspeed' });
    expect(notificationOptions(payload)).toMatchObject({ body: 'Overspeed', tag: 'event-91', data: { url: '/devices/7' } });
  });

  it('still shows something for a message it does not understand, and opens the map', () => {
    expect(parsePushPayload('plain words')).toEqual({ title: 'Rastro', body: 'plain words' });
    expect(parsePushPayload(null)).toEqual({ title: 'Rastro', body: '' });
    const odd = parsePushPayload(JSON.stringify({ title: 3, deviceId: '7' }));
    expect(odd.title).toBe('Rastro');
    expect(clickTarget(odd)).toBe('/home');
  });
});

describe('a notification click', () => {
  const origin = 'https://fleet.example';
  const windowAt = (url: string) => ({ url, focus: jest.fn(async () => undefined), navigate: jest.fn(async () => undefined) });

  it("brings the app's open window forward on the device", async () => {
    const open = windowAt(`${origin}/home`);
    const clients = { matchAll: jest.fn(async () => [windowAt('https://other.example/'), open]), openWindow: jest.fn(async () => undefined) };
    await openFromNotification('/devices/7', origin, clients);
    expect(open.focus).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith(`${origin}/devices/7`);
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window on the device when the app is not open', async () => {
    const clients = { matchAll: jest.fn(async () => []), openWindow: jest.fn(async () => undefined) };
    await openFromNotification('/devices/7', origin, clients);
    expect(clients.openWindow).toHaveBeenCalledWith(`${origin}/devices/7`);
  });
});
