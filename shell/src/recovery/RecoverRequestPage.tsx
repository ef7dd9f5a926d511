import { createTrackingApi, errorCodeMessage, Field, Input, Text } from '@rastro/shared/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicForm } from '../public/PublicForm';
import { usePublicSubmit } from '../public/usePublicSubmit';
import { validateRecoveryRequest } from './recoveryValidation';

const api = createTrackingApi();

/** `/login/recover`: mails a link to `/login/recover/<token>` on this same site (`requested_from` = origin). */
export function RecoverRequestPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const { busy, done: sent, error, setError, run } = usePublicSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateRecoveryRequest(email);
    if (problem) {
      setError(errorCodeMessage(problem));
      return;
    }
    await run(() => api.session.requestPasswordReset(email.trim(), window.location.origin));
  };

  return (
    <PublicForm
      title={t('recovery.title')}
      done={sent}
      doneMessage={t('recovery.sent')}
      error={error}
      busy={busy}
      submitLabel={t('recovery.send')}
      busyLabel={t('recovery.sending')}
      onSubmit={submit}
    >
      <Text fontSize="sm">{t('recovery.intro')}</Text>
      <Field.Root>
        <Field.Label htmlFor="recover-email">{t('recovery.email')}</Field.Label>
        <Input id="recover-email" name="email" type="email" autoComplete="email" autoFocus value={email} onChange={(event) => setEmail(event.target.value)} />
      </Field.Root>
    </PublicForm>
  );
}
