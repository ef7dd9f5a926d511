import { ApiError, Box, Button, LabelledSelect, Text, useSessionStore } from '@rastro/shared';
import type { ComputedAttribute } from '@rastro/shared';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { trackingHttp } from '../api/clients';
import { useDeviceOptions } from '../commands/commandEntity';
import { errorMessage } from '@rastro/shared';
import type { ComputedFormValues } from './computedEntity';

type Outcome = { kind: 'result'; text: string } | { kind: 'error'; text: string };

/**
 * SPEC §5 "testing is optional, against a chosen device": POST /api/attributes/computed/test on the
 * device's latest position, with the form as it is now. Traccar lets administrators alone test.
 */
export function ComputedTest(_props: { entity: ComputedAttribute | null }) {
  const { t } = useTranslation();
  const administrator = useSessionStore((state) => Boolean(state.user?.administrator));
  const devices = useDeviceOptions().filter((option) => option.value !== '0');
  const { getValues } = useFormContext<ComputedFormValues>();
  const [deviceId, setDeviceId] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [testing, setTesting] = useState(false);
  if (!administrator) return null;
  const chosen = deviceId || devices[0]?.value || '';

  const test = async () => {
    setTesting(true);
    setOutcome(null);
    const { description, attribute, expression, type } = getValues();
    try {
      const answer = await trackingHttp.request('/attributes/computed/test', { method: 'POST', query: { deviceId: chosen }, json: { id: 0, description, attribute, expression, type } });
      const body = answer.status === 204 ? '' : await answer.text();
      setOutcome({ kind: 'result', text: body === '' ? t('fleet.computed.noResult') : body });
    } catch (error) {
      // A 400 carries the expression's own error (or "no position"): shown as the server wrote it.
      const text = error instanceof ApiError && error.status === 400 && error.body ? error.body : errorMessage(error, 'fleet.common.unexpected');
      setOutcome({ kind: 'error', text });
    } finally {
      setTesting(false);
    }
  };

  return (
    <Box borderWidth="1px" borderRadius="md" p="2" data-testid="computed-test">
      <LabelledSelect id="computed-test-device" label={t('fleet.computed.testDevice')} value={chosen} options={devices.map((option) => ({ value: option.value, label: option.label ?? '' }))} onChange={setDeviceId}>
        <Button size="sm" variant="outline" disabled={!chosen} loading={testing} onClick={test} data-testid="computed-test-run">
          {t('fleet.computed.test')}
        </Button>
      </LabelledSelect>
      {outcome && (
        <Text mt="2" fontSize="sm" fontFamily="mono" role={outcome.kind === 'error' ? 'alert' : 'status'} color={outcome.kind === 'error' ? 'fg.error' : undefined} data-testid="computed-test-outcome" data-kind={outcome.kind}>
          {outcome.kind === 'result' ? t('fleet.computed.result', { value: outcome.text }) : outcome.text}
        </Text>
      )}
    </Box>
  );
}
