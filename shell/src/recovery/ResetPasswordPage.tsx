import { createTrackingApi, Field, Input } from '@rastro/shared/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PublicForm } from '../public/PublicForm';
import { usePublicSubmit } from '../public/usePublicSubmit';
import { validateNewPassword } from './recoveryValidation';

const api = createTrackingApi();

/**
 * `/login/recover/<token>`: chooses the new password. The token is shown, filled from the link,
 * so a link a mail client broke can still be completed by pasting the code.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const params = useParams();
  const [token, setToken] = useState(params.token ?? '');
  const [password, setPassword] = useState('');
  const { busy, done, error, setError, run } = usePublicSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateNewPassword({ token, password });
    if (problem) {
      setError(t(problem));
      return;
    }
    await run(() => api.session.resetPassword(token.trim(), password));
  };

  return (
    <PublicForm
      title={t('recovery.resetTitle')}
      done={done}
      doneMessage={t('recovery.done')}
      error={error}
      busy={busy}
      submitLabel={t('recovery.save')}
      busyLabel={t('recovery.saving')}
      onSubmit={submit}
    >
      <Field.Root>
        <Field.Label htmlFor="reset-token">{t('recovery.token')}</Field.Label>
        <Input id="reset-token" name="token" autoComplete="one-time-code" value={token} onChange={(event) => setToken(event.target.value)} />
      </Field.Root>
      <Field.Root>
        <Field.Label htmlFor="reset-password">{t('recovery.newPassword')}</Field.Label>
        <Input id="reset-password" name="password" type="password" autoComplete="new-password" autoFocus value={password} onChange={(event) => setPassword(event.target.value)} />
      </Field.Root>
    </PublicForm>
  );
}
