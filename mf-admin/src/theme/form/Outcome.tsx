import { Alert, Button, HStack, Spinner, Text } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import type { Loaded } from '@rastro/shared';

/** Loading and failure of a screen's data; nothing once it is ready. */
export function LoadState({ loaded, onRetry }: { loaded: Loaded<unknown>; onRetry(): void }) {
  const { t } = useTranslation();
  if (loaded.status === 'loading')
    return (
      <HStack p="4" role="status">
        <Spinner size="sm" />
        <Text>{t('admin.form.loading')}</Text>
      </HStack>
    );
  if (loaded.status === 'failed')
    return (
      <Alert.Root status="error" m="2" data-testid="admin-load-failed">
        <Alert.Indicator />
        <Alert.Title flex="1">{loaded.message}</Alert.Title>
        <Button size="xs" variant="outline" onClick={onRetry}>
          {t('admin.form.retry')}
        </Button>
      </Alert.Root>
    );
  return null;
}

export type OutcomeMessage = { kind: 'success' | 'error' | 'info'; text: string } | null;

/** What an action came to: success as a polite status, a refusal as an alert. */
export function Outcome({ outcome, testId }: { outcome: OutcomeMessage; testId: string }) {
  if (!outcome) return null;
  return (
    <Alert.Root status={outcome.kind} role={outcome.kind === 'error' ? 'alert' : 'status'} data-testid={testId} data-kind={outcome.kind}>
      <Alert.Indicator />
      <Alert.Title>{outcome.text}</Alert.Title>
    </Alert.Root>
  );
}
