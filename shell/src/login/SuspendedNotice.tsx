import { Alert, Box, Button, errorCodeMessage, formatCurrency, formatDate, Link, List, Stack } from '@rastro/shared/core';
import type { LoginFailure } from '@rastro/shared/core';
import { useTranslation } from 'react-i18next';

export function isSuspension(code: string): boolean {
  return code === 'ACCOUNT_IS_SUSPENDED' || code === 'ACCOUNT_IS_SUSPENDED_TRUST';
}

interface SuspendedNoticeProps {
  failure: LoginFailure;
  unlocking: boolean;
  unlockError: string | null;
  onTrustUnlock(): void;
}

/** SPEC §2/§8: a suspended account learns why, which invoices are open, and may unlock itself on trust once. */
export function SuspendedNotice({ failure, unlocking, unlockError, onTrustUnlock }: SuspendedNoticeProps) {
  const { t, i18n } = useTranslation();
  return (
    <Alert.Root status="warning" role="alert" data-testid="suspended-notice">
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Title>{t('login.suspended.title')}</Alert.Title>
        <Alert.Description>{errorCodeMessage(failure.code)}</Alert.Description>
        {failure.invoices.length > 0 && (
          <Box>
            <Box fontWeight="semibold" fontSize="sm">
              {t('login.suspended.invoices')}
            </Box>
            <List.Root fontSize="sm" ps="4">
              {failure.invoices.map((invoice) => (
                <List.Item key={String(invoice.id)}>
                  {t('login.suspended.invoice', {
                    value: invoice.value === null || invoice.value === undefined ? '—' : formatCurrency(invoice.value, i18n.language),
                    date: invoice.dueDate ? formatDate(invoice.dueDate, i18n.language, 'date', { timeZone: 'UTC' }) : '—',
                  })}{' '}
                  {invoice.invoiceUrl && (
                    <Link href={invoice.invoiceUrl} target="_blank" rel="noreferrer" colorPalette="brand">
                      {t('login.suspended.pay')}
                    </Link>
                  )}
                </List.Item>
              ))}
            </List.Root>
          </Box>
        )}
        {failure.trustAvailable && (
          <Button size="sm" colorPalette="orange" onClick={onTrustUnlock} loading={unlocking} loadingText={t('login.suspended.trustUnlocking')} alignSelf="flex-start">
            {t('login.suspended.trustUnlock')}
          </Button>
        )}
        {unlockError && <Box color="red.700" fontSize="sm">{unlockError}</Box>}
      </Stack>
    </Alert.Root>
  );
}
