import { Button, Link, Stack } from '@rastro/shared/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormError, FormSuccess, PublicCard } from './PublicCard';

export interface PublicFormProps {
  title: string;
  /** Once the request succeeded the form gives way to `doneMessage`. */
  done: boolean;
  doneMessage: string;
  error: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (event: FormEvent) => void;
  /** The form's fields. */
  children: ReactNode;
}

/** A public screen with one form (register, recovery request, new password) and the way back to the login. */
export function PublicForm({ title, done, doneMessage, error, busy, submitLabel, busyLabel, onSubmit, children }: PublicFormProps) {
  const { t } = useTranslation();
  return (
    <PublicCard title={title}>
      {done ? (
        <FormSuccess message={doneMessage} />
      ) : (
        <form onSubmit={onSubmit} noValidate aria-label={title}>
          <Stack gap="4">
            {children}
            <FormError message={error} />
            <Button type="submit" colorPalette="brand" loading={busy} loadingText={busyLabel}>
              {submitLabel}
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
