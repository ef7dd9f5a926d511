import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { RASTRO_VERSION } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useAllowedPanelRoutes } from './navigation';

export function SideMenu({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation();
  const entries = useAllowedPanelRoutes().filter((route) => route.menu === 'side');
  return (
    <Box as="nav" aria-label={t('shell.menu')} w={{ base: '100%', md: '56' }} h="100%" bg="white" borderRightWidth="1px" display="flex" flexDirection="column">
      <Stack gap="1" p="2" flex="1">
        {entries.map((route) => (
          <NavLink key={route.path} to={route.path} onClick={onNavigate}>
            {({ isActive }) => (
              <Button as="span" variant={isActive ? 'subtle' : 'ghost'} colorPalette="brand" w="100%" justifyContent="flex-start">
                {t(route.titleKey)}
              </Button>
            )}
          </NavLink>
        ))}
      </Stack>
      <Text fontSize="xs" color="gray.500" p="3" data-testid="version-label">
        {t('app.version', { version: RASTRO_VERSION })}
      </Text>
    </Box>
  );
}
