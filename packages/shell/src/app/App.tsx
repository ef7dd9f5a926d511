import { ChakraProvider } from '@chakra-ui/react';
import { i18n, rastroSystem } from '@rastro/shared';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './AppRoutes';
import { RouterBridgeSync } from './RouterBridgeSync';
import { ServerInfoLoader } from './ServerInfoLoader';

export function App() {
  return (
    <ChakraProvider value={rastroSystem}>
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
