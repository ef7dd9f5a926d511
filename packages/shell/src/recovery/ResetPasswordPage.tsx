import { Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { createTrackingApi } from '@rastro/shared';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { FormError, FormSuccess, PublicCard } from '../public/PublicCard';
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
    <PublicCard title={t('recovery.resetTitle')}>
      {done ? (
        <FormSuccess message={t('recovery.done')} />
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('recovery.resetTitle')}>
          <Stack gap="4">
            <Field.Root>
              <Field.Label htmlFor="reset-token">{t('recovery.token')}</Field.Label>
              <Input id="reset-token" name="token" autoComplete="one-time-code" value={token} onChange={(event) => setToken(event.target.value)} />
            </Field.Root>
            <Field.Root>
              <Field.Label htmlFor="reset-password">{t('recovery.newPassword')}</Field.Label>
              <Input id="reset-password" name="password" type="password" autoComplete="new-password" autoFocus value={password} onChange={(event) => setPassword(event.target.value)} />
            </Field.Root>
            <FormError message={error} />
            <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('recovery.saving')}>
              {t('recovery.save')}
            </Button>
          </Stack>
        </form>
      )}
      <Link asChild colorPalette="brand" fontSize="sm">
        <RouterLink to="/login">{t('recovery.backToLogin')}</RouterLink>
      </Link>
    </PublicCard>
  );
}
