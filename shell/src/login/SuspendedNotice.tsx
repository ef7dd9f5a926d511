import { errorCodeMessage, formatCurrency, formatDate } from '@rastro/shared/core';
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
    <div className="rastro-alert" role="alert" data-testid="suspended-notice">
      <p className="rastro-alert-title">{t('login.suspended.title')}</p>
      <p>{errorCodeMessage(failure.code)}</p>
      {failure.invoices.length > 0 && (
        <div>
          <p className="rastro-section-title">{t('login.suspended.invoices')}</p>
          <ul>
            {failure.invoices.map((invoice) => (
              <li key={String(invoice.id)}>
                {t('login.suspended.invoice', {
                  value: invoice.value === null || invoice.value === undefined ? '—' : formatCurrency(invoice.value, i18n.language),
                  date: invoice.dueDate ? formatDate(invoice.dueDate, i18n.language, 'date', { timeZone: 'UTC' }) : '—',
                })}{' '}
                {invoice.invoiceUrl && (
                  <a className="rastro-link" href={invoice.invoiceUrl} target="_blank" rel="noreferrer">
                    {t('login.suspended.pay')}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {failure.trustAvailable && (
        <button type="button" className="rastro-button rastro-button-warning" onClick={onTrustUnlock} disabled={unlocking} aria-busy={unlocking}>
          {unlocking && <span className="rastro-spinner" aria-hidden="true" />}
          {unlocking ? t('login.suspended.trustUnlocking') : t('login.suspended.trustUnlock')}
        </button>
      )}
      {unlockError && <p className="rastro-error">{unlockError}</p>}
    </div>
  );
}
