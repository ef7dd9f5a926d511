import { ChakraProvider, i18n, initI18n, rastroSystem } from '@rastro/shared/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { signOut } from './session';
import { SharedUserExpiry } from './SharedUserExpiry';

jest.mock('./session', () => ({ signOut: jest.fn() }));
const signOutMock = signOut as jest.MockedFunction<typeof signOut>;

function renderExpiring(msFromNow: number) {
  return render(
    <ChakraProvider value={rastroSystem}>
      <I18nextProvider i18n={i18n}>
        <SharedUserExpiry user={{ expirationTime: new Date(Date.now() + msFromNow).toISOString() }} />
      </I18nextProvider>
    </ChakraProvider>,
  );
}

beforeAll(() => initI18n('pt-BR'));
afterEach(() => jest.useRealTimers());

describe('shared user expiry', () => {
  it('counts down each second, then asks to confirm the expired session and logs out', async () => {
    jest.useFakeTimers();
    renderExpiring(2_500);
    expect(screen.getByTestId('share-countdown')).toHaveTextContent('Expira em 2 segundos');
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.getByTestId('share-countdown')).toHaveTextContent('Expira em 1 segundo');
    act(() => jest.advanceTimersByTime(2_000));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('O acesso por este link terminou.');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(signOutMock).toHaveBeenCalled();
  });

  it('speaks in days while days are left', () => {
    renderExpiring(3 * 86_400_000 + 60_000);
    expect(screen.getByTestId('share-countdown')).toHaveTextContent('Expira em 3 dias');
  });
});
