import { Box, CloseButton, HStack, readPreference, Text, useServerStore, writePreference } from '@rastro/shared';
import { Megaphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The server's announcement (Traccar's "message displayed to all users"), under the top bar for
 * every signed-in user. Closing it keeps it closed in this browser until the text changes, so a new
 * announcement is seen again.
 */
export function AnnouncementBanner() {
  const { t } = useTranslation();
  const text = useServerStore((state) => state.server?.announcement?.trim() ?? '');
  const [dismissed, setDismissed] = useState(() => readPreference('announcementDismissed'));
  if (!text || dismissed === text) return null;
  const label = t('shell.announcement');
  return (
    <HStack as="section" aria-label={label} gap="2" px="3" py="1.5" bg="blue.subtle" color="blue.fg" borderBottomWidth="1px" borderColor="blue.muted" fontSize="sm" data-testid="announcement">
      <Megaphone aria-hidden size={16} />
      <Box flex="1" minW="0">
        <Text whiteSpace="pre-wrap" data-testid="announcement-text">
          {text}
        </Text>
      </Box>
      <CloseButton
        size="2xs"
        aria-label={t('shell.close')}
        data-testid="announcement-close"
        onClick={() => {
          writePreference('announcementDismissed', text);
          setDismissed(text);
        }}
      />
    </HStack>
  );
}
