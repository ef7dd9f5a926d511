import { Button, Flex, Text } from '@rastro/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveStatusStore } from '../live/liveSocket';
import { registerOfflineCatalogs } from './catalog';
import { registerServiceWorker, useAppUpdateStore } from './registerServiceWorker';
import { useGatewayUnreachable } from './useGatewayReachable';

registerOfflineCatalogs();

/**
 * The signed-in page's notices under the top bar: a new deployment ready (SPEC §8's "new version"
 * message, with the reload), and the connection: the gateway out of reach (the map shows the last
 * known positions the service worker kept) or only the live socket lost.
 */
export function AppBanners() {
  const { t } = useTranslation();
  const liveLost = useLiveStatusStore((state) => state.status === 'closed');
  const offline = useGatewayUnreachable(liveLost);
  const acceptUpdate = useAppUpdateStore((state) => state.acceptUpdate);
  useEffect(registerServiceWorker, []);
  return (
    <>
      {acceptUpdate && (
        <Flex role="status" align="center" justify="center" gap="3" bg="blue.subtle" color="blue.fg" py="1" px="3" fontSize="sm" data-testid="new-version">
          <Text>{t('pwa.newVersion')}</Text>
          <Button size="xs" colorPalette="blue" onClick={acceptUpdate}>
            {t('pwa.reload')}
          </Button>
        </Flex>
      )}
      {liveLost && (
        <Text role="status" fontSize="xs" textAlign="center" bg="yellow.subtle" color="yellow.fg" py="0.5" data-testid={offline ? 'app-offline' : 'live-offline'}>
          {offline ? t('pwa.offline') : t('shell.liveOffline')}
        </Text>
      )}
    </>
  );
}
