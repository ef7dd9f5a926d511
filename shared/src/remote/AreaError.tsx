import { Box, Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface AreaErrorProps {
  /** The remote's name, shown so support can tell which part failed. */
  name: string;
  kind: 'failed' | 'crashed';
  onRetry(): void;
}

/** The one way an area says it is broken: translated, contained in its own box, and retryable. */
export function AreaError({ name, kind, onRetry }: AreaErrorProps) {
  const { t } = useTranslation();
  return (
    <Box role="alert" data-testid={`area-error-${name}`} p="4" m="2" borderWidth="1px" borderColor="border.error" bg="bg.error" borderRadius="md" color="fg.error">
      <Text mb="3">{t(kind === 'failed' ? 'remote.failed' : 'remote.crashed', { name })}</Text>
      <Button size="sm" colorPalette="red" variant="outline" onClick={onRetry}>
        {t('remote.retry')}
      </Button>
    </Box>
  );
}
