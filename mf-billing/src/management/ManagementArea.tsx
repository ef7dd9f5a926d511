import { Box, Button, HStack } from '@rastro/shared';
import type { AreaProps } from '@rastro/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingApi } from '../api/billingApi';
import { IntegrationsPanel, type IntegrationsApi } from '../integrations/IntegrationsPanel';
import { registerBillingCatalogs } from '../locales/catalog';
import { InvoiceManagement, type ManagementApi } from './InvoiceManagement';

registerBillingCatalogs();

type Section = 'invoices' | 'integrations';

/** `/billing` (admin, paid edition, billing enabled: the menu's "integrations and billing"): invoices and integrations. */
export function ManagementArea({ api = billingApi }: Partial<AreaProps> & { api?: ManagementApi & IntegrationsApi }) {
  const { t } = useTranslation();
  const [section, setSection] = useState<Section>('invoices');
  const sections: Array<[Section, string]> = [
    ['invoices', t('billing.management.tabInvoices')],
    ['integrations', t('billing.management.tabIntegrations')],
  ];
  return (
    <Box>
      <HStack p="2" gap="1" role="group" aria-label={t('billing.management.title')}>
        {sections.map(([name, label]) => (
          <Button key={name} size="sm" variant={section === name ? 'solid' : 'outline'} aria-pressed={section === name} onClick={() => setSection(name)} data-testid={`billing-section-${name}`}>
            {label}
          </Button>
        ))}
      </HStack>
      {section === 'invoices' ? <InvoiceManagement api={api} /> : <IntegrationsPanel api={api} />}
    </Box>
  );
}
