import { AreaProviders, initI18n, useDevicesStore, usePositionsStore, useRouterBridge, useServerStore, useSessionStore } from '@rastro/shared';
import type { Device, Position, User } from '@rastro/shared';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useFleetData } from '../../api/fleetData';
import { registerFleetCatalogs } from '../../locales/catalog';
import { DeviceDetailScreen } from './DeviceDetailScreen';

/**
 * The detail against a fake tracking server (fetch answered by URL): what the user sees and what is
 * sent. Permissions are the real rules, from the signed-in user and the server.
 */
interface Call {
  method: string;
  url: string;
  body: unknown;
}
let calls: Call[] = [];
let savedCommands: unknown[] = [];
let sendStatus = 200;

const answer = (status: number, body: unknown) => ({ status, ok: status < 400, headers: { get: () => null }, text: async () => JSON.stringify(body), json: async () => body });
function fakeServer(url: string, init: RequestInit = {}) {
  const method = init.method ?? 'GET';
  calls.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
  if (method === 'GET' && url.startsWith('/api/commands/send?')) return answer(200, savedCommands);
  if (method === 'GET' && url.startsWith('/api/commands/types?')) return answer(200, [{ type: 'custom' }, { type: 'outputControl' }, { type: 'engineStop' }]);
  if (method === 'POST' && url === '/api/commands/send') return answer(sendStatus, { id: 0 });
  if (method === 'POST' && url === '/rastro/shares')
    return answer(200, { id: 1, name: 'x', deviceIds: [7], expiresAt: '2030-01-01T00:00:00Z', createdAt: '2029-12-31T00:00:00Z', ownerUserId: 1, userId: 2, token: 't0k', url: '/share/t0k' });
  return answer(404, { code: 'NOT_FOUND' });
}
const sent = () => calls.filter((call) => call.method === 'POST' && call.url === '/api/commands/send').map((call) => call.body);

const installation = { company: 'Instala SA', installer: 'Rui', phone: '1199', email: 'rui@instala.com', observation: 'Sob o painel', date: '2026-03-01', address: 'Rua A, 1' };
const van: Device = { id: 7, name: 'Van 7', uniqueId: '777', status: 'online', lastUpdate: '2026-01-01T10:00:00Z', attributes: { installation, plate: 'ABC1D23' } };
const fixAt = (attributes: Record<string, unknown>): Position => ({ id: 70, deviceId: 7, latitude: -23.55, longitude: -46.633308, speed: 10, course: 90, attributes });
const user = (extra: Partial<User> = {}, attributes: Record<string, unknown> = {}): User => ({ id: 3, name: 'Ana', email: 'ana@x', attributes, ...extra });

function showDetail({ signedIn = user(), position = fixAt({}) }: { signedIn?: User; position?: Position } = {}) {
  useSessionStore.getState().signedIn(signedIn);
  useDevicesStore.getState().replaceAll([van]);
  usePositionsStore.getState().clear();
  usePositionsStore.getState().apply([position]);
  return render(
    <AreaProviders name="mf_fleet">
      <DeviceDetailScreen deviceId={7} />
    </AreaProviders>,
  );
}

beforeAll(async () => {
  await initI18n('pt-BR');
  registerFleetCatalogs();
});

beforeEach(() => {
  calls = [];
  savedCommands = [];
  sendStatus = 200;
  global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => fakeServer(String(url), init)) as unknown as typeof fetch;
  useServerStore.setState({ server: null });
  useFleetData.setState({ loaded: true, groups: [], geofences: [] });
});

describe('device detail facts', () => {
  it("opens the device's advanced logs for an administrator, and offers them to nobody else", () => {
    const navigate = jest.fn();
    useRouterBridge.setState({ navigate });
    const { unmount } = showDetail({ signedIn: user({ administrator: true }) });
    fireEvent.click(screen.getByTestId('device-detail-logs'));
    expect(navigate).toHaveBeenCalledWith('/logs?device=7');
    unmount();
    showDetail();
    expect(screen.queryByTestId('device-detail-logs')).toBeNull();
  });

  it('shows the installation record', () => {
    showDetail();
    const record = screen.getByTestId('device-detail-installation');
    for (const value of ['Instala SA', 'Rui', '1199', 'rui@instala.com', 'Sob o painel', 'Rua A, 1']) expect(within(record).getByText(value)).toBeInTheDocument();
    expect(within(record).getByText('Empresa')).toBeInTheDocument();
    // The date in the user's language, as entered (no time zone shift).
    expect(within(record).getByText('01/03/2026')).toBeInTheDocument();
  });

  it.each([
    ['kmh', '19 km/h'],
    ['mph', '12 mph'],
    ['kn', '10 kn'],
  ])('shows a speed of 10 knots in the user unit %s as %s', (speedUnit, shown) => {
    showDetail({ signedIn: user({}, { speedUnit }) });
    expect(within(screen.getByTestId('device-detail-position')).getByText(shown)).toBeInTheDocument();
  });

  it.each([
    ['dd', '-23.550000, -46.633308'],
    ['ddm', "23° 33.0000' S, 46° 37.9985' W"],
    ['dms', '23° 33\' 0.00" S, 46° 37\' 59.91" W'],
  ])('shows the coordinates in the user format %s', (coordinateFormat, shown) => {
    showDetail({ signedIn: user({ coordinateFormat }) });
    expect(within(screen.getByTestId('device-detail-position')).getByText(shown)).toBeInTheDocument();
  });
});

describe('sending a command', () => {
  it("offers the device's saved commands and the types with their parameters, and shows 202 as queued", async () => {
    savedCommands = [{ id: 5, description: 'Corte remoto', type: 'engineStop', attributes: {} }];
    sendStatus = 202;
    showDetail();
    fireEvent.click(screen.getByTestId('action-command'));
    const choice = await screen.findByTestId('command-choice');
    await waitFor(() => expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual(['Escolha…', 'Comando salvo: Corte remoto', 'Personalizado', 'Controle de saída', 'Bloquear motor']));
    fireEvent.change(choice, { target: { value: 'type:outputControl' } });
    fireEvent.change(screen.getByTestId('command-param-index'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('command-param-data'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('send-command'));
    await waitFor(() => expect(screen.getByTestId('fleet-notice')).toHaveTextContent('Comando na fila: será enviado quando o dispositivo se conectar.'));
    expect(screen.getByTestId('fleet-notice')).toHaveAttribute('data-kind', 'info');
    expect(sent()).toEqual([expect.objectContaining({ deviceId: 7, type: 'outputControl', attributes: { index: '1', data: '0' } })]);
  });

  it('sends a saved command by its id', async () => {
    savedCommands = [{ id: 5, description: 'Corte remoto', type: 'engineStop', attributes: {} }];
    showDetail();
    fireEvent.click(screen.getByTestId('action-command'));
    const choice = await screen.findByTestId('command-choice');
    await waitFor(() => expect(within(choice).getByText('Comando salvo: Corte remoto')).toBeInTheDocument());
    fireEvent.change(choice, { target: { value: 'saved:5' } });
    fireEvent.click(screen.getByTestId('send-command'));
    await waitFor(() => expect(screen.getByTestId('fleet-notice')).toHaveTextContent('Comando enviado.'));
    expect(sent()).toEqual([expect.objectContaining({ id: 5, deviceId: 7, type: 'engineStop' })]);
  });

  it('with limitCommands and nothing saved, offers neither lock nor commands', async () => {
    showDetail({ signedIn: user({ limitCommands: true }) });
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/commands/send?deviceId=7'))).toBe(true));
    expect(screen.getByTestId('action-follow')).toBeInTheDocument();
    expect(screen.queryByTestId('action-lock')).toBeNull();
    expect(screen.queryByTestId('action-command')).toBeNull();
  });

  it('with limitCommands, offers lock and the saved commands only, never the free types', async () => {
    savedCommands = [{ id: 5, description: 'Corte remoto', type: 'engineStop', attributes: {} }];
    showDetail({ signedIn: user({ limitCommands: true }) });
    expect(await screen.findByTestId('action-lock')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('action-command'));
    expect(await screen.findByText('Sua conta só pode enviar comandos salvos.')).toBeInTheDocument();
    const choice = screen.getByTestId('command-choice');
    await waitFor(() => expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual(['Escolha…', 'Comando salvo: Corte remoto']));
    expect(calls.some((call) => call.url.startsWith('/api/commands/types'))).toBe(false);
  });
});

describe('lock and unlock', () => {
  it('unlocks a blocked vehicle with engineResume after confirmation, the saved command when there is one', async () => {
    savedCommands = [{ id: 6, description: 'Liberar', type: 'engineResume', attributes: {} }];
    showDetail({ position: fixAt({ blocked: true }) });
    expect(screen.queryByTestId('action-lock')).toBeNull();
    fireEvent.click(screen.getByTestId('action-unlock'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(screen.getByTestId('fleet-notice')).toHaveTextContent('Comando enviado.'));
    expect(sent()).toEqual([expect.objectContaining({ id: 6, deviceId: 7, type: 'engineResume' })]);
  });

  it('sends nothing when the unlock is not confirmed', async () => {
    showDetail({ position: fixAt({ blocked: true }) });
    fireEvent.click(screen.getByTestId('action-unlock'));
    fireEvent.click(await screen.findByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.getByTestId('fleet-notice')).toHaveTextContent('Ação cancelada.'));
    expect(sent()).toEqual([]);
  });
});

describe("the server's switches", () => {
  it('without lock/unlock buttons and QR check-in, the detail offers neither, whatever the vehicle', () => {
    useServerStore.setState({ server: { id: 1, attributes: { 'rastro.lockButtons': false, 'rastro.qrCheckIn': false } } });
    const { unmount } = showDetail({ position: fixAt({ blocked: true }) });
    expect(screen.getByTestId('action-follow')).toBeInTheDocument();
    expect(screen.queryByTestId('action-unlock')).toBeNull();
    expect(screen.queryByTestId('action-qr')).toBeNull();
    unmount();
    showDetail();
    expect(screen.queryByTestId('action-lock')).toBeNull();
  });
});

describe('share link and QR code', () => {
  afterEach(() => {
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
  });

  async function createLink() {
    showDetail();
    fireEvent.click(screen.getByTestId('action-share'));
    fireEvent.click(await screen.findByTestId('share-create'));
    expect(await screen.findByTestId('share-link')).toHaveValue(`${window.location.origin}/share/t0k`);
  }

  it('copies the link', async () => {
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await createLink();
    fireEvent.click(screen.getByTestId('share-copy'));
    expect(await screen.findByText('Link copiado.')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/share/t0k`);
  });

  it('says so when the browser refuses to copy', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => Promise.reject(new Error('denied')) }, configurable: true });
    await createLink();
    fireEvent.click(screen.getByTestId('share-copy'));
    expect(await screen.findByText('Não foi possível copiar o link: selecione-o e copie manualmente.')).toBeInTheDocument();
    expect(screen.queryByText('Link copiado.')).toBeNull();
  });

  it('prints the check-in QR code with the device name on a page of its own', async () => {
    showDetail();
    fireEvent.click(screen.getByTestId('action-qr'));
    const image = await screen.findByTestId('qr-image', {}, { timeout: 10_000 });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(image).toHaveAttribute('alt', `${window.location.origin}/qr-driver/scan/7`);

    const printed = document.implementation.createHTMLDocument('print');
    const print = jest.fn();
    const open = jest.spyOn(window, 'open').mockReturnValue({ document: printed, print } as unknown as Window);
    try {
      fireEvent.click(screen.getByTestId('qr-print'));
      expect(printed.querySelector('h1')?.textContent).toBe('Van 7');
      const picture = printed.querySelector('img') as HTMLImageElement;
      expect(picture.src).toBe(image.getAttribute('src'));
      picture.onload?.(new Event('load'));
      expect(print).toHaveBeenCalled();
    } finally {
      open.mockRestore();
    }
  });
});
