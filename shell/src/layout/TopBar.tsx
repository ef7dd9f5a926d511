import { Box, Button, Flex, IconButton, Image, Menu, Portal, Text, useServerStore } from '@rastro/shared';
import type { User } from '@rastro/shared';
import { Menu as MenuIcon, Volume2, VolumeX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageMenuItems } from '../language/LanguageMenuItems';
import { EventCentre } from '../live/EventCentre';
import { useMuted } from '../live/mute';
import { SharedUserExpiry } from '../session/SharedUserExpiry';
import { signOut } from '../session/session';
import { isSharedUser } from '../session/userKind';
import { logoWidthPercent, useThemeStore } from '../theme/theme';
import { ColourModeMenuItems } from './ColourModeMenuItems';
import { useVisibleMenuEntries } from './navigation';

/** The logo of the top bar: the theme's (or config's) head logo image, else the application name as text. */
function Logo() {
  const { t } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
  const config = useServerStore((state) => state.config);
  const server = useServerStore((state) => state.server);
  const appName = theme?.appName ?? config?.title ?? t('app.name');
  const src = theme?.images.headLogo ?? config?.headLogo ?? null;
  if (!src) {
    return (
      <Text fontWeight="bold" fontSize="lg" truncate data-testid="top-bar-logo">
        {appName}
      </Text>
    );
  }
  const width = logoWidthPercent(server?.attributes['rastro.logoWidth'], theme?.logoWidth);
  return (
    <Box h="10" w={{ base: '32', md: '48' }} display="flex" alignItems="center">
      <Image src={src} alt={appName} w={`${width}%`} maxH="100%" objectFit="contain" data-testid="top-bar-logo" />
    </Box>
  );
}

export function TopBar({ user, onToggleMenu }: { user: User; onToggleMenu(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [muted, setMuted] = useMuted();
  const shared = isSharedUser(user);
  const userEntries = useVisibleMenuEntries('user');
  return (
    <Flex as="header" h="14" px="2" gap="2" align="center" bg="brand.solid" color="brand.contrast" boxShadow="sm" zIndex="docked" flexShrink={0} data-testid="top-bar">
      {!shared && (
        <IconButton aria-label={t('shell.menu')} variant="ghost" color="brand.contrast" _hover={{ bg: 'brand.emphasized' }} onClick={onToggleMenu} data-testid="menu-button">
          <MenuIcon aria-hidden />
        </IconButton>
      )}
      <Box flex="1" minW="0">
        <Logo />
      </Box>
      {!shared && <EventCentre />}
      <IconButton
        aria-label={muted ? t('shell.unmute') : t('shell.mute')}
        aria-pressed={muted}
        title={muted ? t('shell.unmute') : t('shell.mute')}
        variant="ghost"
        color="brand.contrast"
        _hover={{ bg: 'brand.emphasized' }}
        onClick={() => setMuted(!muted)}
        data-testid="mute-toggle"
      >
        {muted ? <VolumeX aria-hidden /> : <Volume2 aria-hidden />}
      </IconButton>
      <Menu.Root>
        <Menu.Trigger asChild>
          {/* The accessible name starts with what the button shows (WCAG 2.5.3); a share link's countdown names itself. */}
          <Button variant="ghost" color="brand.contrast" _hover={{ bg: 'brand.emphasized' }} aria-label={shared ? undefined : `${user.name}, ${t('shell.userMenuLabel')}`} data-testid="user-menu">
            <Box as="span" truncate maxW="40vw">
              {shared ? <SharedUserExpiry user={user} /> : user.name}
            </Box>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {userEntries.map((entry) => (
                <Menu.Item key={entry.id} value={entry.id} onClick={() => navigate(entry.path)} data-testid={`user-menu-${entry.id}`}>
                  {t(entry.titleKey)}
                </Menu.Item>
              ))}
              <LanguageMenuItems />
              <ColourModeMenuItems />
              <Menu.Separator />
              <Menu.Item value="logout" onClick={() => void signOut()} data-testid="user-menu-logout">
                {t('shell.logout')}
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </Flex>
  );
}
