import { Box, Flex } from '@chakra-ui/react';
import { useSessionStore } from '@rastro/shared';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { RemoteArea } from '../remotes/RemoteArea';
import { useAllowedPanelRoutes } from './navigation';
import { SidePanel } from './SidePanel';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

/** Top bar, side menu, the live map filling the rest, and the panel of the current screen over it. */
export function ShellLayout() {
  const user = useSessionStore((state) => state.user);
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const allowedRoutes = useAllowedPanelRoutes();
  if (!user) return null;
  const panel = allowedRoutes.find((route) => pathname.startsWith(route.path));

  return (
    <Flex direction="column" h="100%">
      <TopBar user={user} onToggleMenu={() => setMenuOpen((open) => !open)} />
      <Flex flex="1" minH="0" position="relative">
        {menuOpen && (
          <Box position={{ base: 'absolute', md: 'static' }} inset="0" zIndex="overlay" data-testid="side-menu">
            <SideMenu onNavigate={() => setMenuOpen(false)} />
          </Box>
        )}
        <Box flex="1" position="relative" minW="0">
          <Box position="absolute" inset="0" data-testid="map-area">
            <RemoteArea remote="mf_map" area="map" />
          </Box>
          {panel && <SidePanel key={panel.path} route={panel} />}
        </Box>
      </Flex>
    </Flex>
  );
}
