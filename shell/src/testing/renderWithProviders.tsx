import { ChakraProvider, i18n, rastroSystem } from '@rastro/shared/core';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router';

/** Shows where the router is, so a test can read the path a click led to. */
function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders shell UI the way the app does (Chakra system, i18n); with `path`, inside a router that
 * starts there, with the current path in `data-testid="path"`. Unit tests only.
 */
export function renderWithProviders(ui: ReactNode, { path }: { path?: string } = {}) {
  return render(
    <ChakraProvider value={rastroSystem}>
      <I18nextProvider i18n={i18n}>
        {path === undefined ? (
          ui
        ) : (
          <MemoryRouter initialEntries={[path]}>
            {ui}
            <CurrentPath />
          </MemoryRouter>
        )}
      </I18nextProvider>
    </ChakraProvider>,
  );
}
