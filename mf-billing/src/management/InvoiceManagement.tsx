import { Badge, Box, Button, Field, HStack, Input, LoadState, NativeSelect, Outcome, Stack, Table, Text, useConfirm } from '@rastro/shared';
import type { OutcomeMessage, User } from '@rastro/shared';
import { invoiceStatuses } from '@rastro/shared/contract';
import type { Invoice, InvoiceStatus } from '@rastro/shared/contract';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingApi, InvoiceFilters } from '../api/billingApi';
import { errorMessage, providerErrorMessage } from '../common/errorMessage';
import { day, invoiceTotals, isOpen, money, statusKey } from '../common/invoiceFormat';
import { statusPalette } from '../common/statusPalette';
import { useLoaded } from '../common/useLoaded';

type ActionName = 'cancel' | 'receiveInCash' | 'trustUnlock' | 'suspend';
export type ManagementApi = Pick<BillingApi, 'managedInvoices' | 'users' | 'cancel' | 'receiveInCash' | 'trustUnlock' | 'suspend'>;

/**
 * Billing management's invoices: every billed user's invoices (the gateway decides whose: all for an
 * administrator, its own users for a reseller), filtered, with totals, and SPEC §4's four actions,
 * each confirmed; the gateway audit-logs each.
 */
export function InvoiceManagement({ api }: { api: ManagementApi }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const [filters, setFilters] = useState<InvoiceFilters>({});
  const load = useCallback(async () => {
    const [invoices, users] = await Promise.all([api.managedInvoices(filters), api.users()]);
    return { invoices, users };
  }, [api, filters]);
  const { loaded, reload } = useLoaded(load);
  const { dialog, confirm } = useConfirm();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<OutcomeMessage>(null);

  const users = useMemo(() => (loaded.status === 'ready' ? loaded.value.users : []), [loaded]);
  const names = useMemo(() => new Map(users.map((user) => [user.id, user.name || user.email])), [users]);
  const nameOf = (userId: number) => names.get(userId) ?? `#${userId}`;

  const ask = (name: ActionName, invoice: Invoice) => {
    const values = { user: nameOf(invoice.userId), date: day(invoice.dueDate, language), value: money(invoice.valueCents, language), interpolation: { escapeValue: false } };
    const calls: Record<ActionName, () => Promise<unknown>> = {
      cancel: () => api.cancel(invoice.id),
      receiveInCash: () => api.receiveInCash(invoice.id),
      trustUnlock: () => api.trustUnlock(invoice.userId),
      suspend: () => api.suspend(invoice.userId, t('billing.management.suspendReason')),
    };
    setOutcome(null);
    void (async () => {
      const label = t(`billing.management.actions.${name}`);
      if (!(await confirm({ title: label, message: t(`billing.management.confirm.${name}`, values), confirmLabel: label, danger: true }))) return;
      setBusy(true);
      try {
        await calls[name]();
        setOutcome({ kind: 'success', text: t(`billing.management.done.${name}`) });
        reload();
      } catch (error) {
        setOutcome({ kind: 'error', text: errorMessage(error) });
      } finally {
        setBusy(false);
      }
    })();
  };

  const setFilter = (change: Partial<InvoiceFilters>) => setFilters((current) => ({ ...current, ...change }));
  const billedUsers = users.filter((user: User) => user.attributes?.['rastro.billing.enabled'] === true || user.attributes?.['rastro.billing.enabled'] === 'true');

  return (
    <Box data-testid="billing-management">
      <Stack as="form" direction={{ base: 'column', md: 'row' }} gap="2" p="2" aria-label={t('billing.management.filters')} onSubmit={(event) => event.preventDefault()}>
        <Field.Root>
          <Field.Label htmlFor="billing-filter-status">{t('billing.management.status')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field id="billing-filter-status" value={filters.status ?? ''} onChange={(event) => setFilter({ status: (event.target.value || undefined) as InvoiceStatus | undefined })}>
              <option value="">{t('billing.common.all')}</option>
              {invoiceStatuses.map((status) => (
                <option key={status} value={status}>
                  {t(`billing.statuses.${status}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor="billing-filter-period">{t('billing.management.period')}</Field.Label>
          <Input id="billing-filter-period" size="sm" type="month" value={filters.period ?? ''} onChange={(event) => setFilter({ period: event.target.value || undefined })} />
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor="billing-filter-user">{t('billing.management.user')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field id="billing-filter-user" value={filters.userId ?? ''} onChange={(event) => setFilter({ userId: event.target.value ? Number(event.target.value) : undefined })}>
              <option value="">{t('billing.common.all')}</option>
              {billedUsers.map((user) => (
                <option key={user.id} value={user.id}>
                  {user.name || user.email}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <HStack alignSelf={{ md: 'flex-end' }} pb="2" gap="2">
          <input id="billing-filter-overdue" type="checkbox" checked={Boolean(filters.overdue)} onChange={(event) => setFilter({ overdue: event.target.checked || undefined })} />
          <label htmlFor="billing-filter-overdue">{t('billing.management.overdueOnly')}</label>
        </HStack>
      </Stack>
      <Outcome outcome={outcome} testId="billing-outcome" m="2" />
      <LoadState loaded={loaded} onRetry={reload} testId="billing" />
      {loaded.status === 'ready' && <InvoiceTable invoices={loaded.value.invoices} nameOf={nameOf} busy={busy} onAction={ask} />}
      {dialog}
    </Box>
  );
}

function InvoiceTable({ invoices, nameOf, busy, onAction }: { invoices: Invoice[]; nameOf(userId: number): string; busy: boolean; onAction(name: ActionName, invoice: Invoice): void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  if (invoices.length === 0)
    return (
      <Text p="4" color="fg.muted" data-testid="invoices-empty">
        {t('billing.empty')}
      </Text>
    );
  const totals = invoiceTotals(invoices);
  return (
    <>
      <Text px="3" py="1" fontSize="sm" data-testid="billing-totals">
        {t('billing.management.totals', { count: totals.count, total: money(totals.totalCents, language), received: money(totals.receivedCents, language), open: money(totals.openCents, language) })}
      </Text>
      <Box overflowX="auto">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('billing.columns.user')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('billing.columns.period')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('billing.columns.status')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('billing.columns.dueDate')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('billing.columns.value')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('billing.columns.paidDate')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('billing.columns.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {invoices.map((invoice) => (
              <Table.Row key={invoice.id} data-testid="managed-invoice" data-invoice-id={invoice.id} data-status={statusKey(invoice)}>
                <Table.Cell>{nameOf(invoice.userId)}</Table.Cell>
                <Table.Cell>{invoice.period}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={statusPalette(invoice)}>{t(`billing.statuses.${statusKey(invoice)}`)}</Badge>
                  {invoice.providerError && (
                    <Text fontSize="xs" color="fg.error" data-testid="invoice-provider-error">
                      {t('billing.management.providerError', { reason: providerErrorMessage(invoice.providerError), interpolation: { escapeValue: false } })}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>{day(invoice.dueDate, language)}</Table.Cell>
                <Table.Cell textAlign="end">{money(invoice.paidValueCents ?? invoice.valueCents, language)}</Table.Cell>
                <Table.Cell>{day(invoice.paidDate, language)}</Table.Cell>
                <Table.Cell>
                  <HStack gap="1" wrap="wrap">
                    {isOpen(invoice) && (
                      <>
                        <Button size="xs" variant="outline" disabled={busy} onClick={() => onAction('receiveInCash', invoice)} data-testid="action-receiveInCash">
                          {t('billing.management.actions.receiveInCash')}
                        </Button>
                        <Button size="xs" variant="outline" disabled={busy} onClick={() => onAction('cancel', invoice)} data-testid="action-cancel">
                          {t('billing.management.actions.cancel')}
                        </Button>
                      </>
                    )}
                    <Button size="xs" variant="outline" disabled={busy} onClick={() => onAction('trustUnlock', invoice)} data-testid="action-trustUnlock">
                      {t('billing.management.actions.trustUnlock')}
                    </Button>
                    <Button size="xs" variant="outline" colorPalette="red" disabled={busy} onClick={() => onAction('suspend', invoice)} data-testid="action-suspend">
                      {t('billing.management.actions.suspend')}
                    </Button>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </>
  );
}
