import { ChakraProvider, createRastroSystem, i18n, setPageSystem } from '@rastro/shared/core';
import { useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './AppRoutes';
import { RouterBridgeSync } from './RouterBridgeSync';
import { ServerInfoLoader } from './ServerInfoLoader';
import { useThemeStore } from '../theme/theme';

/** The whole app: loaded after sign-in, or at once when the page does not open on the login (start/start.tsx). */
export function App() {
  // The page's one Chakra system, built from the domain's theme (loaded before the first render);
  // the remotes' areas draw with it too (setPageSystem), before any of them mounts.
  const colors = useThemeStore((state) => state.theme?.colors);
  const system = useMemo(() => {
    const built = createRastroSystem(colors);
    setPageSystem(built);
    return built;
  }, [colors]);
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
