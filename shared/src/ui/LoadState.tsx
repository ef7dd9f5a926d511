import { Alert, Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Loaded } from './useLoaded';

/**
 * Loading and failure of a screen's data (useLoaded); nothing once it is ready. `testId` names the
 * two states for the screen's tests: `{testId}-loading` and `{testId}-load-failed`.
 */
export function LoadState({ loaded, onRetry, testId }: { loaded: Loaded<unknown>; onRetry(): void; testId: string }) {
  const { t } = useTranslation();
  if (loaded.status === 'loading')
    return (
      <HStack p="4" role="status" data-testid={`${testId}-loading`}>
        <Spinner size="sm" />
        <Text>{t('app.loading')}</Text>
      </HStack>
    );
  if (loaded.status === 'failed')
    return (
      <Alert.Root status="error" m="2" data-testid={`${testId}-load-failed`}>
        <Alert.Indicator />
        <Alert.Title flex="1">{loaded.message}</Alert.Title>
        <Button size="xs" variant="outline" onClick={onRetry}>
          {t('remote.retry')}
        </Button>
      </Alert.Root>
    );
  return null;
}

/** What an action came to, for the user: none yet, or its kind and a translated text. */
export type OutcomeMessage = { kind: 'success' | 'error' | 'info'; text: string } | null;

/** What an action came to: success as a polite status, a refusal as an alert. */
export function Outcome({ outcome, testId, m }: { outcome: OutcomeMessage; testId: string; m?: string }) {
  if (!outcome) return null;
  return (
    <Alert.Root status={outcome.kind} m={m} role={outcome.kind === 'error' ? 'alert' : 'status'} data-testid={testId} data-kind={outcome.kind}>
      <Alert.Indicator />
      <Alert.Title>{outcome.text}</Alert.Title>
    </Alert.Root>
  );
}
