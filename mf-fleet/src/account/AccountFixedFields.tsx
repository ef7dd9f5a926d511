import { DataList, formatDate, privilegedUserSettings, UNLIMITED } from '@rastro/shared';
import type { User } from '@rastro/shared';
import { useTranslation } from 'react-i18next';

/** What a user may not change of himself (the shared table of privileged fields, plus login and expiry), shown as it is. */
export function fixedFieldsOf(user: User): { key: string; value: string | boolean | number | null }[] {
  const fields = privilegedUserSettings
    .filter((setting) => setting.kind === 'field')
    .map(({ key, initial }) => {
      const value = (user as Record<string, unknown>)[key] ?? initial;
      return { key, value: typeof value === 'number' || typeof value === 'boolean' ? value : null };
    });
  return [{ key: 'email', value: user.email }, ...fields, { key: 'expirationTime', value: user.expirationTime ?? null }];
}

export function AccountFixedFields({ entity }: { entity: User | null }) {
  const { t, i18n } = useTranslation();
  if (!entity) return null;
  const shown = (key: string, value: string | boolean | number | null): string => {
    if (typeof value === 'boolean') return t(value ? 'fleet.common.yes' : 'fleet.common.no');
    if (typeof value === 'number') return value === UNLIMITED ? t('fleet.account.unlimited') : String(value);
    if (key === 'expirationTime') return value ? formatDate(value, i18n.language) : t('fleet.account.never');
    return value ?? '';
  };
  return (
    <DataList.Root orientation="horizontal" size="sm" data-testid="account-fixed" aria-label={t('fleet.account.fixedTitle')}>
      {fixedFieldsOf(entity).map(({ key, value }) => (
        <DataList.Item key={key} data-testid={`account-fixed-${key}`}>
          <DataList.ItemLabel>{t(`fleet.account.fixed.${key}`)}</DataList.ItemLabel>
          <DataList.ItemValue>{shown(key, value)}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
