// A new deployment: the waiting worker becomes SPEC's "new version" offer, and accepting it hands
// control to the new worker (Workbox's skip-waiting message), whose taking over reloads the page.
type Listener = (event: { isUpdate?: boolean }) => void;
const listeners = new Map<string, Listener>();
const messageSkipWaiting = jest.fn();
jest.mock('workbox-window', () => ({
  Workbox: jest.fn().mockImplementation(() => ({
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    messageSkipWaiting,
    messageSW: jest.fn(),
    register: () => Promise.resolve(undefined),
  })),
}));

describe('a new deployment of the app', () => {
  const environment = process.env.NODE_ENV;
  beforeAll(() => {
    process.env.NODE_ENV = 'production';
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  });
  afterAll(() => {
    process.env.NODE_ENV = environment;
  });

  it('is offered once its worker waits, and accepting it lets the new worker take over', async () => {
    const { registerServiceWorker, useAppUpdateStore } = await import('./registerServiceWorker');
    registerServiceWorker();
    expect(useAppUpdateStore.getState().acceptUpdate).toBeNull();

    listeners.get('waiting')!({});
    const accept = useAppUpdateStore.getState().acceptUpdate;
    expect(accept).toEqual(expect.any(Function));
    expect(messageSkipWaiting).not.toHaveBeenCalled();

    accept!();
    expect(messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('registers the worker once per page, however often the layout mounts', async () => {
    const { registerServiceWorker } = await import('./registerServiceWorker');
    const { Workbox } = jest.requireMock<{ Workbox: jest.Mock }>('workbox-window');
    registerServiceWorker();
    registerServiceWorker();
    expect(Workbox).toHaveBeenCalledTimes(1);
  });
});
