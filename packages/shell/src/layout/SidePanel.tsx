import { Box, Flex, IconButton, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RemoteArea } from '../remotes/RemoteArea';
import type { PanelRoute } from './navigation';

/** `?expand=true|false` sets the panel's starting state; anything else leaves the default (expanded). */
export function expandFromQuery(value: string | null): boolean | null {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

/**
 * The panel over the map that holds one screen: a bottom sheet on phones (minimise/expand toggles),
 * a column on wider screens. Back, and close to /home (SPEC §2).
 */
export function SidePanel({ route }: { route: PanelRoute }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [expanded, setExpanded] = useState(() => expandFromQuery(params.get('expand')) ?? true);
  return (
    <Box
      as="section"
      aria-label={t(route.titleKey)}
      position="absolute"
      zIndex="sticky"
      bg="white"
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
        <IconButton aria-label={t('shell.back')} variant="ghost" size="sm" onClick={() => navigate(-1)} data-testid="panel-back">
          <Text aria-hidden>←</Text>
        </IconButton>
        <Text fontWeight="semibold" flex="1" truncate>
          {t(route.titleKey)}
        </Text>
        <IconButton
          aria-label={expanded ? t('shell.minimise') : t('shell.expand')}
          variant="ghost"
          size="sm"
          display={{ base: 'inline-flex', md: 'none' }}
          onClick={() => setExpanded(!expanded)}
          data-testid="panel-toggle"
        >
          <Text aria-hidden>{expanded ? '▾' : '▴'}</Text>
        </IconButton>
        <IconButton aria-label={t('shell.close')} variant="ghost" size="sm" onClick={() => navigate('/home')} data-testid="panel-close">
          <Text aria-hidden>✕</Text>
        </IconButton>
      </Flex>
      <Box flex="1" overflow="auto" display={{ base: expanded ? 'block' : 'none', md: 'block' }}>
        <RemoteArea remote={route.remote} area={route.area} />
      </Box>
    </Box>
  );
}
