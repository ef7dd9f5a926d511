import { Box, Button, Flex, Text } from '@rastro/shared/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { RemoteArea } from '../remotes/RemoteArea';
import { routeFor } from '../routing/routeTable';
import { signOut } from '../session/session';

/** The driver screens (`/qr-driver…`): a phone-first page around the fleet remote's check-in area, without the map. */
export function DriverLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const panel = routeFor(pathname)?.panel;
  return (
    <Flex direction="column" h="100%">
      <Flex as="header" h="14" px="3" align="center" bg="brand.solid" color="brand.contrast" flexShrink={0}>
        <Text fontWeight="bold" flex="1">
          {t('driver.title')}
        </Text>
        <Button variant="ghost" color="brand.contrast" _hover={{ bg: 'brand.emphasized' }} onClick={() => void signOut()}>
          {t('shell.logout')}
        </Button>
      </Flex>
      <Box flex="1" overflow="auto" data-testid="driver-area">
        {panel && <RemoteArea remote={panel.remote} area={panel.area} />}
      </Box>
    </Flex>
  );
}
