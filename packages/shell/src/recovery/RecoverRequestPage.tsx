import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { createTrackingApi } from '@rastro/shared';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormError, FormSuccess, PublicCard } from '../public/PublicCard';
import { messageForCode } from '../public/errorMessage';
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
      setError(messageForCode(problem, t));
      return;
    }
    await run(() => api.session.requestPasswordReset(email.trim(), window.location.origin));
  };

  return (
    <PublicCard title={t('recovery.title')}>
      {sent ? (
        <FormSuccess message={t('recovery.sent')} />
      ) : (
        <form onSubmit={submit} noValidate aria-label={t('recovery.title')}>
          <Stack gap="4">
            <Text fontSize="sm">{t('recovery.intro')}</Text>
            <Field.Root>
              <Field.Label htmlFor="recover-email">{t('recovery.email')}</Field.Label>
              <Input id="recover-email" name="email" type="email" autoComplete="email" autoFocus value={email} onChange={(event) => setEmail(event.target.value)} />
            </Field.Root>
            <FormError message={error} />
            <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('recovery.sending')}>
              {t('recovery.send')}
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
