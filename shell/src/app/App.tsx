import { ChakraProvider, i18n } from '@rastro/shared/core';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './AppRoutes';
import { RouterBridgeSync } from './RouterBridgeSync';
import { ServerInfoLoader } from './ServerInfoLoader';
import { useThemeStore } from '../theme/theme';

export function App() {
  // The domain's theme (loaded before the first render) builds the shared Chakra system.
  const system = useThemeStore((state) => state.system);
  return (
    <ChakraProvider value={system}>
      <I18nextProvider i18n={i18n}>
        <BrowserRouter>
          <RouterBridgeSync />
          <ServerInfoLoader />
          <AppRoutes />
        </BrowserRouter>
      </I18nextProvider>
    </ChakraProvider>
  );
}
