import { Button, HStack, readPreference, Text } from '@rastro/shared';
import type { User } from '@rastro/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stopActingAs } from './session';

/** While acting as another user ("log in as"): whose session this is, and the way back to one's own. */
export function ActingAsBanner({ user }: { user: User }) {
  const { t } = useTranslation();
  const [acting] = useState(() => readPreference('actingAs'));
  const [busy, setBusy] = useState(false);
  if (!acting) return null;
  return (
    <HStack role="status" justify="center" gap="3" py="1" px="2" bg="orange.subtle" color="orange.fg" fontSize="sm" wrap="wrap" data-testid="acting-as">
      <Text>{t('shell.actingAs.notice', { name: user.name })}</Text>
      <Button
        size="xs"
        colorPalette="orange"
        loading={busy}
        onClick={() => {
          setBusy(true);
          void stopActingAs().finally(() => setBusy(false));
        }}
        data-testid="acting-as-back"
      >
        {t('shell.actingAs.back', { name: acting.name })}
      </Button>
    </HStack>
  );
}
