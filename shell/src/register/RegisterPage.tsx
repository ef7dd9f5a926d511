import { createTrackingApi, Field, Input } from '@rastro/shared/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicForm } from '../public/PublicForm';
import { usePublicSubmit } from '../public/usePublicSubmit';
import { validateRegistration } from './registrationValidation';
import type { RegistrationInput, RegistrationProblems } from './registrationValidation';

const api = createTrackingApi();

const fields: Array<{ name: keyof RegistrationInput; labelKey: string; type: string; autoComplete: string }> = [
  { name: 'name', labelKey: 'register.name', type: 'text', autoComplete: 'name' },
  { name: 'email', labelKey: 'register.email', type: 'email', autoComplete: 'email' },
  { name: 'password', labelKey: 'register.password', type: 'password', autoComplete: 'new-password' },
];

/** `/register`: a new account without a session (`POST /api/users`); the server decides whether registration is open. */
export function RegisterPage() {
  const { t } = useTranslation();
  const [input, setInput] = useState<RegistrationInput>({ name: '', email: '', password: '' });
  const [problems, setProblems] = useState<RegistrationProblems>({});
  const { busy, done, error, setError, run } = usePublicSubmit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegistration(input);
    setProblems(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    await run(() => api.users.register({ name: input.name.trim(), email: input.email.trim(), password: input.password }));
  };

  return (
    <PublicForm
      title={t('register.title')}
      done={done}
      doneMessage={t('register.done')}
      error={error}
      busy={busy}
      submitLabel={t('register.submit')}
      busyLabel={t('register.submitting')}
      onSubmit={submit}
    >
      {fields.map((field, index) => (
        <Field.Root key={field.name} invalid={Boolean(problems[field.name])}>
          <Field.Label htmlFor={`register-${field.name}`}>{t(field.labelKey)}</Field.Label>
          <Input
            id={`register-${field.name}`}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            autoFocus={index === 0}
            value={input[field.name]}
            onChange={(event) => setInput((current) => ({ ...current, [field.name]: event.target.value }))}
          />
          {problems[field.name] && <Field.ErrorText>{t(problems[field.name] ?? '')}</Field.ErrorText>}
        </Field.Root>
      ))}
    </PublicForm>
  );
}
