import { Button, Dialog, expiryLeft, Portal, Text } from '@rastro/shared';
import type { User } from '@rastro/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from './session';

/** SPEC §4: the countdown refreshes each second. */
export const COUNTDOWN_TICK_MS = 1000;

/** Shown instead of a shared user's name: the time the link has left, then a session-expired confirmation. */
export function SharedUserExpiry({ user }: { user: Pick<User, 'expirationTime'> }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const left = expiryLeft(user.expirationTime, now);
  if (!left) return null;
  if (left.expired) {
    return (
      <>
        <Text as="span">{t('session.expiredTitle')}</Text>
        <SessionExpiredDialog />
      </>
    );
  }
  return (
    <Text as="span" data-testid="share-countdown">
      {t('session.expiresIn', { left: t(`session.${left.unit}`, { count: left.count }) })}
    </Text>
  );
}

function SessionExpiredDialog() {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const confirm = () => {
    setLeaving(true);
    void signOut();
  };
  return (
    <Dialog.Root open role="alertdialog" closeOnInteractOutside={false} closeOnEscape={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('session.expiredTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('session.expiredBody')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={confirm} loading={leaving}>
                {t('session.expiredConfirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
