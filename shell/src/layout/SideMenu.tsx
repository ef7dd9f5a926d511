import { Box, Button, RASTRO_VERSION, Stack, Text } from '@rastro/shared/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useVisibleMenuEntries } from './navigation';

/** SPEC §2 side menu: each entry only if permitted (menuEntries.ts), the version label at the bottom. */
export function SideMenu({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation();
  const entries = useVisibleMenuEntries('side');
  return (
    <Box as="nav" aria-label={t('shell.menu')} w={{ base: '100%', md: '56' }} h="100%" bg="bg.panel" borderRightWidth="1px" display="flex" flexDirection="column">
      <Stack gap="1" p="2" flex="1">
        {entries.map((entry) => (
          <NavLink key={entry.id} to={entry.path} onClick={onNavigate} data-testid={`menu-${entry.id}`}>
            {({ isActive }) => (
              <Button as="span" variant={isActive ? 'subtle' : 'ghost'} colorPalette="brand" w="100%" justifyContent="flex-start">
                {t(entry.titleKey)}
              </Button>
            )}
          </NavLink>
        ))}
      </Stack>
      <Text fontSize="xs" color="fg.muted" p="3" data-testid="version-label">
        {t('app.version', { version: RASTRO_VERSION })}
      </Text>
    </Box>
  );
}
