import { AreaProviders, initI18n, useRouterBridge } from '@rastro/shared';
import { fireEvent, render, screen } from '@testing-library/react';
import { registerFleetCatalogs } from '../locales/catalog';
import { QrDriverArea } from './QrDriverArea';

/** The driver screen against a fake gateway: the view it reads and the check-in it posts. */
const view = (checkInEnabled: boolean) => ({ deviceId: 0, checkedInAt: null, device: null, logoutAt: null, lockDelayMinutes: null, logoutOnIgnitionOff: false, checkInEnabled });
const answer = (status: number, body: unknown) => ({ status, ok: status < 400, headers: { get: () => null }, text: async () => JSON.stringify(body), json: async () => body });

function gateway(checkInEnabled: boolean, checkIn: { status: number; body: unknown }) {
  global.fetch = jest.fn(async (_url: string | URL | Request, init?: RequestInit) => (init?.method === 'POST' ? answer(checkIn.status, checkIn.body) : answer(200, view(checkInEnabled)))) as unknown as typeof fetch;
}

const showScreen = () =>
  render(
    <AreaProviders name="mf_fleet">
      <QrDriverArea />
    </AreaProviders>,
  );

beforeAll(async () => {
  await initI18n('pt-BR');
  registerFleetCatalogs();
  useRouterBridge.setState({ pathname: '/qr-driver' });
});

describe("QR driver screen and the server's QR check-in switch", () => {
  it('says check-in is switched off instead of offering it', async () => {
    gateway(false, { status: 200, body: {} });
    showScreen();
    expect(await screen.findByTestId('qr-driver-check-in-off')).toHaveTextContent('O check-in por QR code está desligado neste servidor.');
    expect(screen.queryByTestId('qr-driver-check-in')).toBeNull();
  });

  it('switched off after the screen was read: the refusal says why, and the form gives way to the notice', async () => {
    gateway(true, { status: 403, body: { code: 'QR_CHECK_IN_DISABLED' } });
    showScreen();
    fireEvent.change(await screen.findByLabelText('Código do veículo'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('qr-driver-check-in'));
    expect(await screen.findByTestId('qr-driver-check-in-off')).toBeInTheDocument();
    expect(screen.getByTestId('fleet-notice')).toHaveTextContent('desligado neste servidor');
  });
});
