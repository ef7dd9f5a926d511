import { initI18n, useServerStore } from '@rastro/shared';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../testing/renderWithProviders';
import { AnnouncementBanner } from './AnnouncementBanner';

const announce = (announcement: string | null) => act(() => useServerStore.setState({ status: 'ready', server: { id: 1, announcement, attributes: {} }, config: null }));

beforeAll(() => initI18n('pt-BR'));
beforeEach(() => localStorage.clear());

describe('server announcement', () => {
  it('shows the text, labelled in the reader’s language, and stays closed once closed until the text changes', () => {
    announce('Manutenção às 22h');
    const { unmount } = renderWithProviders(<AnnouncementBanner />);
    expect(screen.getByRole('region', { name: 'Aviso' })).toHaveTextContent('Manutenção às 22h');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByTestId('announcement')).not.toBeInTheDocument();
    unmount();

    // A reload of the same announcement: still closed.
    const again = renderWithProviders(<AnnouncementBanner />);
    expect(screen.queryByTestId('announcement')).not.toBeInTheDocument();
    announce('Nova versão amanhã');
    expect(screen.getByTestId('announcement-text')).toHaveTextContent('Nova versão amanhã');
    again.unmount();
  });

  it('shows nothing without an announcement', () => {
    announce('  ');
    renderWithProviders(<AnnouncementBanner />);
    expect(screen.queryByTestId('announcement')).not.toBeInTheDocument();
  });
});
