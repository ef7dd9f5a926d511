import { Box, Flex, Link, Progress, useServerStore, useSessionStore } from '@rastro/shared';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { RemoteArea } from '../remotes/RemoteArea';
import { HOME_PATH } from '../routing/routeTable';
import { AppBanners } from '../offline/AppBanners';
import { GeofenceEditPanel, useGeofenceEditing } from './GeofenceEditPanel';
import { usePanelScreen } from './navigation';
import { SidePanel } from './SidePanel';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { EventPopups } from '../live/EventPopups';
import { useEventCentreFeed } from '../live/EventCentre';
import { isSharedUser } from '../session/userKind';
import { ActingAsBanner } from '../session/ActingAsBanner';
import { AnnouncementBanner } from './AnnouncementBanner';

/** Top bar, side menu, the live map filling the rest, and the panel of the current screen over it. */
export function ShellLayout() {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const serverReady = useServerStore((state) => state.status === 'ready');
  const messagingLink = useServerStore((state) => state.config?.messagingLink);
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const screen = usePanelScreen(pathname);
  const geofenceEditing = useGeofenceEditing();
  useEventCentreFeed();
  if (!user) return null;
  // SPEC §6: a shared-link user gets no menus and a full-width map.
  const shared = isSharedUser(user);
  // A screen the user may not open (its menu entry is hidden) goes back to the map, once the
  // server's settings that gate it are known.
  if (screen && !screen.permitted && serverReady && !shared) return <Navigate to={HOME_PATH} replace />;

  return (
    <Flex direction="column" h="100%">
      <TopBar user={user} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <ActingAsBanner user={user} />
      {!shared && <AnnouncementBanner />}
      <AppBanners />
      {!serverReady && (
        <Progress.Root value={null} size="xs" colorPalette="brand" aria-label={t('app.loading')} data-testid="loading-bar">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      <Flex flex="1" minH="0" position="relative">
        {menuOpen && !shared && (
          <Box position={{ base: 'absolute', md: 'static' }} inset="0" zIndex="overlay" data-testid="side-menu">
            <SideMenu onNavigate={() => setMenuOpen(false)} />
          </Box>
        )}
        <Box flex="1" position="relative" minW="0">
          <Box position="absolute" inset="0" data-testid="map-area">
            <RemoteArea remote="mf_map" area="map" />
          </Box>
          {geofenceEditing ? (
            <GeofenceEditPanel key={`${geofenceEditing.type}-${geofenceEditing.geofenceId ?? 'new'}`} snapshot={geofenceEditing} />
          ) : (
            screen?.permitted && !shared && <SidePanel key={`${screen.panel.remote}/${screen.panel.area}`} screen={screen} />
          )}
          {messagingLink && !shared && (
            <Link
              href={messagingLink}
              target="_blank"
              rel="noopener noreferrer"
              position="absolute"
              right="4"
              bottom="6"
              zIndex="sticky"
              bg="green.700"
              color="white"
              borderRadius="full"
              px="4"
              py="3"
              boxShadow="lg"
              aria-label={t('shell.messaging')}
              data-testid="messaging-link"
            >
              <MessageCircle aria-hidden />
            </Link>
          )}
        </Box>
      </Flex>
      <EventPopups />
    </Flex>
  );
}
