import { Box, Button, Field, Heading, HStack, Input, LoadState, Outcome, Stack, Text } from '@rastro/shared';
import type { OutcomeMessage } from '@rastro/shared';
import { ApiError } from '@rastro/shared';
import type { Integration, IntegrationKey } from '@rastro/shared/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingApi } from '../api/billingApi';
import { errorMessage } from '../common/errorMessage';
import { useLoaded } from '../common/useLoaded';
import { formValuesOf, integrationFields, settingsOf, type FormValues } from './integrationFields';

export type IntegrationsApi = Pick<BillingApi, 'integrations' | 'saveIntegration' | 'testMail'>;

/**
 * Integrations (paid edition), the ones the gateway lists for the caller: an administrator's are the
 * installation's (payment provider, mail with a test mail, nota fiscal); a reseller's its own
 * payment provider and nota fiscal, its customers' charges going to its own Asaas account.
 */
export function IntegrationsPanel({ api }: { api: IntegrationsApi }) {
  const load = useCallback(() => api.integrations(), [api]);
  const { loaded, reload } = useLoaded(load);
  if (loaded.status !== 'ready') return <LoadState loaded={loaded} onRetry={reload} testId="billing" />;
  const { integrations, webhookPath } = loaded.value;
  return (
    <Stack gap="6" p="2" data-testid="billing-integrations">
      {integrations.map((stored) => (
        <IntegrationForm key={stored.key} integrationKey={stored.key} stored={stored} api={api} webhookUrl={stored.key === 'payment' && webhookPath ? `${window.location.origin}${webhookPath}` : null} />
      ))}
    </Stack>
  );
}

function fieldsOfError(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.code !== 'INVALID_INPUT') return [];
  try {
    return (JSON.parse(error.body) as { fields?: string[] }).fields ?? [];
  } catch {
    return [];
  }
}

function IntegrationForm({ integrationKey: key, stored, api, webhookUrl }: { integrationKey: IntegrationKey; stored: Integration | null; api: IntegrationsApi; webhookUrl: string | null }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues>(() => formValuesOf(key, stored?.settings ?? null));
  const [invalid, setInvalid] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<OutcomeMessage>(null);
  const headingId = `integration-${key}-title`;

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ kind: 'success', text: await work() });
      setInvalid([]);
    } catch (error) {
      setInvalid(fieldsOfError(error));
      setOutcome({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    act(async () => {
      const saved = await api.saveIntegration(key, settingsOf(key, values) as never);
      setValues(formValuesOf(key, saved.settings));
      return t('billing.common.saved');
    });
  const testMail = () => act(async () => t('billing.integrations.mail.testSent', { to: (await api.testMail()).sentTo, interpolation: { escapeValue: false } }));

  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderRadius="md" p="3" data-testid={`integration-${key}`}>
      <Heading as="h3" size="sm" id={headingId} mb="2">
        {t(`billing.integrations.${key}.title`)}
      </Heading>
      {webhookUrl && (
        <Text fontSize="sm" color="fg.muted" mb="2">
          {t('billing.integrations.payment.webhookUrl')} <Text as="code" fontFamily="mono" wordBreak="break-all" data-testid="integration-webhook-url">
            {webhookUrl}
          </Text>
        </Text>
      )}
      {key === 'invoice' && (
        <Text fontSize="sm" color="fg.muted" mb="2">
          {t('billing.integrations.invoice.usesPayment')}
        </Text>
      )}
      <Stack as="form" gap="2" onSubmit={(event) => (event.preventDefault(), void save())}>
        {integrationFields[key].map(({ name, kind }) => {
          const id = `integration-${key}-${name}`;
          const label = t(`billing.integrations.${key}.${name}`);
          if (kind === 'boolean')
            return (
              <HStack key={name} gap="2">
                <input id={id} type="checkbox" checked={values[name] === true} onChange={(event) => setValues({ ...values, [name]: event.target.checked })} />
                <label htmlFor={id}>{label}</label>
              </HStack>
            );
          return (
            <Field.Root key={name} invalid={invalid.includes(name)}>
              <Field.Label htmlFor={id}>{label}</Field.Label>
              <Input
                id={id}
                size="sm"
                type={kind === 'secret' ? 'password' : kind === 'email' ? 'email' : 'text'}
                inputMode={kind === 'number' ? 'decimal' : undefined}
                autoComplete={kind === 'secret' ? 'new-password' : 'off'}
                value={String(values[name] ?? '')}
                onChange={(event) => setValues({ ...values, [name]: event.target.value })}
              />
              {kind === 'secret' && stored?.settings && <Field.HelperText>{t('billing.integrations.secretKept')}</Field.HelperText>}
              {invalid.includes(name) && <Field.ErrorText>{t('billing.integrations.invalid')}</Field.ErrorText>}
            </Field.Root>
          );
        })}
        <HStack gap="2">
          <Button type="submit" size="sm" colorPalette="blue" loading={busy} data-testid={`integration-${key}-save`}>
            {t('billing.common.save')}
          </Button>
          {key === 'mail' && (
            <Button size="sm" variant="outline" onClick={() => void testMail()} disabled={busy} data-testid="integration-mail-test">
              {t('billing.integrations.mail.test')}
            </Button>
          )}
        </HStack>
      </Stack>
      <Outcome outcome={outcome} testId="billing-outcome" m="2" />
    </Box>
  );
}
