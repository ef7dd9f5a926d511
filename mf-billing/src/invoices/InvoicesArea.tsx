import { Text } from '@rastro/shared';
import { useTranslation } from 'react-i18next';

/**
 * `/invoices`: the user's invoices. The gateway has no billing yet (a later issue), so the honest
 * answer today is the empty state; the shell only offers this screen when billing is enabled.
 */
export function InvoicesArea() {
  const { t } = useTranslation();
  return (
    <Text p="4" color="gray.500">
      {t('billing.empty')}
    </Text>
  );
}
