import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n';
import { currentPageSystem } from '../theme/system';
import { AreaErrorBoundary } from './AreaErrorBoundary';

/** What every area runs inside, in the shell or standalone: the page's theme, translations, crash containment. */
export function AreaProviders({ name, children }: { name: string; children: ReactNode }) {
  return (
    <ChakraProvider value={currentPageSystem()}>
      <I18nextProvider i18n={i18n}>
        <AreaErrorBoundary name={name}>{children}</AreaErrorBoundary>
      </I18nextProvider>
    </ChakraProvider>
  );
}
