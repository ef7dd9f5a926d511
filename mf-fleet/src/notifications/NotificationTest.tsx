import { Button } from '@rastro/shared';
import type { TrackingNotification } from '@rastro/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackingHttp } from '../api/clients';
import { errorMessage } from '@rastro/shared';
import { Notice } from '../entity/Notice';
import type { NoticeMessage } from '../entity/Notice';

/** "Send test" (POST /api/notifications/test): Traccar sends the user a test message through their channels. */
export function NotificationTest(_props: { entity: TrackingNotification | null }) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    setNotice(null);
    try {
      await trackingHttp.request('/notifications/test', { method: 'POST' });
      setNotice({ kind: 'success', text: t('fleet.notifications.testSent') });
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, 'fleet.notifications.testFailed') });
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button alignSelf="flex-start" size="sm" variant="outline" loading={sending} onClick={send} data-testid="notification-test">
        {t('fleet.notifications.test')}
      </Button>
      <Notice notice={notice} />
    </>
  );
}
