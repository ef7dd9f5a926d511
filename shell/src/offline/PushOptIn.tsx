import { Button, Text } from '@rastro/shared';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerOfflineCatalogs } from './catalog';
import { pushState, turnPushOn, type PushState } from './pushSubscription';

registerOfflineCatalogs();

/**
 * "Get notifications on this device", in the event centre: the browser's permission is asked
 * only when the user chooses this, never on page load (issue 23). Hidden where push cannot work.
 */
export function PushOptIn() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    pushState().then(
      (found) => live && setState(found),
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);
  if (state === null || state === 'unsupported') return null;
  if (state === 'on') return <Text fontSize="xs" color="fg.muted" data-testid="push-on">{t('pwa.push.enabled')}</Text>;
  if (state === 'denied') return <Text fontSize="xs" color="fg.muted" data-testid="push-denied">{t('pwa.push.denied')}</Text>;
  return (
    <>
      <Button
        size="xs"
        variant="outline"
        loading={busy}
        onClick={() => {
          setBusy(true);
          turnPushOn()
            .then(setState, () => setState('failed'))
            .finally(() => setBusy(false));
        }}
        data-testid="push-enable"
      >
        <BellRing aria-hidden /> {t('pwa.push.enable')}
      </Button>
      {state === 'failed' && (
        <Text role="alert" fontSize="xs" color="fg.error" data-testid="push-failed">
          {t('pwa.push.failed')}
        </Text>
      )}
    </>
  );
}
