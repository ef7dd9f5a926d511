import { Badge, Box, Button, LoadState, Table, Text } from '@rastro/shared';
import type { AreaProps } from '@rastro/shared';
import type { Invoice } from '@rastro/shared/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingApi, type BillingApi } from '../api/billingApi';
import { day, isOpen, money, statusKey } from '../common/invoiceFormat';
import { statusPalette } from '../common/statusPalette';
import { useLoaded } from '../common/useLoaded';
import { registerBillingCatalogs } from '../locales/catalog';
import { PayDialog } from './PayDialog';

registerBillingCatalogs();

/** `/invoices` (billing enabled): the user's own invoices, newest first, each open one payable. */
export function InvoicesArea({ api = billingApi }: Partial<AreaProps> & { api?: Pick<BillingApi, 'myInvoices' | 'paymentCodes'> }) {
  const { t, i18n } = useTranslation();
  const { loaded, reload } = useLoaded(api.myInvoices);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const language = i18n.language;
  if (loaded.status !== 'ready') return <LoadState loaded={loaded} onRetry={reload} testId="billing" />;
  if (loaded.value.length === 0)
    return (
      <Text p="4" color="fg.muted" data-testid="invoices-empty">
        {t('billing.empty')}
      </Text>
    );
  return (
    <Box data-testid="my-invoices" overflowX="auto">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('billing.columns.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('billing.columns.dueDate')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('billing.columns.value')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('billing.columns.paidDate')}</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Box srOnly>{t('billing.columns.actions')}</Box>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {loaded.value.map((invoice) => (
            <Table.Row key={invoice.id} data-testid="my-invoice" data-status={statusKey(invoice)}>
              <Table.Cell>
                <Badge colorPalette={statusPalette(invoice)}>{t(`billing.statuses.${statusKey(invoice)}`)}</Badge>
              </Table.Cell>
              <Table.Cell>{day(invoice.dueDate, language)}</Table.Cell>
              <Table.Cell textAlign="end">{money(invoice.paidValueCents ?? invoice.valueCents, language)}</Table.Cell>
              <Table.Cell>{day(invoice.paidDate, language)}</Table.Cell>
              <Table.Cell>
                {isOpen(invoice) && (
                  <Button size="xs" colorPalette="blue" onClick={() => setPaying(invoice)} data-testid="invoice-pay">
                    {t('billing.mine.pay')}
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {paying && <PayDialog invoice={paying} codes={api.paymentCodes} onClose={() => setPaying(null)} />}
    </Box>
  );
}
