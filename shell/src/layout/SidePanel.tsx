import { Box, Flex, IconButton, Text, bus } from '@rastro/shared';
import { ArrowLeft, ChevronDown, ChevronUp, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { RemoteArea } from '../remotes/RemoteArea';
import { HOME_PATH, routeFor } from '../routing/routeTable';
import type { PanelScreen } from './panelScreen';

/** `?expand=true|false` sets the panel's starting state; anything else leaves the default (expanded). */
export function expandFromQuery(value: string | null): boolean | null {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

/**
 * Where the panel's back button goes: the parent screen (`/devices/7` → `/devices`,
 * `/reports/trips` → `/reports`, SPEC §2), and from a top-level screen the map at /home.
 */
export function backPathFor(pathname: string): string {
  const parent = pathname.replace(/\/+$/, '').replace(/\/[^/]*$/, '');
  return parent && routeFor(parent)?.panel ? parent : HOME_PATH;
}

/**
 * The panel over the map that holds one screen: a bottom sheet on phones (minimise/expand toggles),
 * a column on wider screens. Back, and close to /home (SPEC §2).
 */
export function SidePanel({ screen }: { screen: PanelScreen }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const expandQuery = expandFromQuery(params.get('expand'));
  const [expanded, setExpanded] = useState(expandQuery ?? true);
  // A link that sets ?expand= while the panel is open moves it too (adjusted while rendering, as React advises).
  const [seenQuery, setSeenQuery] = useState(expandQuery);
  if (expandQuery !== seenQuery) {
    setSeenQuery(expandQuery);
    if (expandQuery !== null) setExpanded(expandQuery);
  }
  // On a phone the expanded sheet covers the lower half of the map: what a screen opens on the map
  // (street view) must not open under it, out of the thumb's reach.
  useEffect(() => {
    const makeRoomOnMap = () => setExpanded(false);
    bus.on('streetView:requested', makeRoomOnMap);
    return () => void bus.off('streetView:requested', makeRoomOnMap);
  }, []);
  const title = t(screen.titleKey);
  return (
    <Box
      as="section"
      aria-label={title}
      position="absolute"
      zIndex="sticky"
      bg="bg.panel"
      boxShadow="lg"
      display="flex"
      flexDirection="column"
      left={{ base: 0, md: 2 }}
      right={{ base: 0, md: 'auto' }}
      bottom={{ base: 0, md: 2 }}
      top={{ base: expanded ? '45%' : 'auto', md: 2 }}
      w={{ base: '100%', md: '96' }}
      borderRadius={{ base: 'lg lg 0 0', md: 'lg' }}
      overflow="hidden"
      data-testid="side-panel"
      data-expanded={expanded}
    >
      <Flex align="center" gap="1" px="2" py="1" borderBottomWidth="1px">
        <IconButton aria-label={t('shell.back')} variant="ghost" size="sm" onClick={() => navigate(backPathFor(pathname))} data-testid="panel-back">
          <ArrowLeft aria-hidden />
        </IconButton>
        <Text fontWeight="semibold" flex="1" truncate>
          {title}
        </Text>
        <IconButton
          aria-label={expanded ? t('shell.minimise') : t('shell.expand')}
          variant="ghost"
          size="sm"
          display={{ base: 'inline-flex', md: 'none' }}
          onClick={() => setExpanded(!expanded)}
          data-testid="panel-toggle"
        >
          {expanded ? <ChevronDown aria-hidden /> : <ChevronUp aria-hidden />}
        </IconButton>
        <IconButton aria-label={t('shell.close')} variant="ghost" size="sm" onClick={() => navigate(HOME_PATH)} data-testid="panel-close">
          <X aria-hidden />
        </IconButton>
      </Flex>
      <Box flex="1" overflow="auto" display={{ base: expanded ? 'block' : 'none', md: 'block' }}>
        <RemoteArea remote={screen.panel.remote} area={screen.panel.area} />
      </Box>
    </Box>
  );
}
