import { Box, Flex, IconButton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RemoteArea } from '../remotes/RemoteArea';
import type { PanelRoute } from './navigation';

/** The panel over the map that holds one screen: a bottom sheet on phones, a column on wider screens. */
export function SidePanel({ route }: { route: PanelRoute }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
      top={{ base: '45%', md: 2 }}
      w={{ base: '100%', md: '96' }}
      borderRadius={{ base: 'lg lg 0 0', md: 'lg' }}
      overflow="hidden"
    >
      <Flex align="center" gap="1" px="2" py="1" borderBottomWidth="1px">
        <IconButton aria-label={t('shell.back')} variant="ghost" size="sm" onClick={() => navigate(-1)}>
          <Text aria-hidden>←</Text>
        </IconButton>
        <Text fontWeight="semibold" flex="1" truncate>
          {t(route.titleKey)}
        </Text>
        <IconButton aria-label={t('shell.close')} variant="ghost" size="sm" onClick={() => navigate('/home')}>
          <Text aria-hidden>✕</Text>
        </IconButton>
      </Flex>
      <Box flex="1" overflow="auto">
        <RemoteArea remote={route.remote} area={route.area} />
      </Box>
    </Box>
  );
}
