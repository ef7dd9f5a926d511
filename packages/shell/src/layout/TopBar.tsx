import { Box, Button, Flex, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import type { User } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../session/session';
import { useAllowedPanelRoutes } from './navigation';

export function TopBar({ user, onToggleMenu }: { user: User; onToggleMenu(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userEntries = useAllowedPanelRoutes().filter((route) => route.menu === 'user');
  return (
    <Flex as="header" h="14" px="2" gap="2" align="center" bg="brand.500" color="white" boxShadow="sm" zIndex="docked" flexShrink={0}>
      <IconButton aria-label={t('shell.menu')} variant="ghost" color="white" _hover={{ bg: 'brand.600' }} onClick={onToggleMenu}>
        <Text fontSize="xl" aria-hidden>
          ☰
        </Text>
      </IconButton>
      <Text fontWeight="bold" fontSize="lg" flex="1" truncate>
        {t('app.name')}
      </Text>
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button variant="ghost" color="white" _hover={{ bg: 'brand.600' }} aria-label={t('shell.userMenu')} data-testid="user-menu">
            <Box as="span" truncate maxW="40vw">
              {user.name}
            </Box>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {userEntries.map((route) => (
                <Menu.Item key={route.path} value={route.path} onClick={() => navigate(route.path)}>
                  {t(route.titleKey)}
                </Menu.Item>
              ))}
              <Menu.Item value="logout" onClick={() => void signOut()}>
                {t('shell.logout')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Flex>
  );
}
