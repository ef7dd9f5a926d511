import { Alert, Button, HStack, Spinner, Text } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import type { Loaded } from './useLoaded';

/** Loading and failure of a billing screen's data; renders nothing once it is ready. */
export function LoadState({ loaded, onRetry }: { loaded: Loaded<unknown>; onRetry(): void }) {
  const { t } = useTranslation();
  if (loaded.status === 'loading')
    return (
      <HStack p="4" role="status" data-testid="billing-loading">
        <Spinner size="sm" />
        <Text>{t('billing.common.loading')}</Text>
      </HStack>
    );
  if (loaded.status === 'failed')
    return (
      <Alert.Root status="error" m="2" data-testid="billing-load-failed">
        <Alert.Indicator />
        <Alert.Title flex="1">{loaded.message}</Alert.Title>
        <Button size="xs" variant="outline" onClick={onRetry}>
          {t('billing.common.retry')}
        </Button>
      </Alert.Root>
    );
  return null;
}

/** The outcome of an action (success as a polite status, a refusal as an alert). */
export function Outcome({ outcome }: { outcome: { kind: 'success' | 'error'; text: string } | null }) {
  if (!outcome) return null;
  return (
    <Alert.Root status={outcome.kind} m="2" role={outcome.kind === 'error' ? 'alert' : 'status'} data-testid="billing-outcome" data-kind={outcome.kind}>
      <Alert.Indicator />
      <Alert.Title>{outcome.text}</Alert.Title>
    </Alert.Root>
  );
}
