import { Box, Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { RASTRO_VERSION, useSessionStore } from '@rastro/shared';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { signIn } from '../session/session';
import { loginErrorMessage } from './loginError';

/** Only same-site paths are followed after login, so `?to=` cannot send a user elsewhere. */
export function safeReturnPath(to: string | null): string {
  return to && to.startsWith('/') && !to.startsWith('//') && !to.startsWith('/login') ? to : '/home';
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const authenticated = useSessionStore((state) => state.status === 'authenticated');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const returnPath = safeReturnPath(params.get('to'));

  if (authenticated) return <Navigate to={returnPath} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(t('errors.FILL_ALL_FIELDS'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password);
      navigate(returnPath, { replace: true });
    } catch (caught) {
      setError(loginErrorMessage(caught, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box minH="100%" display="flex" alignItems="center" justifyContent="center" bg="gray.50" p="4">
      <Box asChild w="full" maxW="sm" bg="white" p="8" borderRadius="lg" boxShadow="md">
        <form onSubmit={submit} noValidate>
        <Stack gap="5">
          <Heading size="2xl" color="brand.700" textAlign="center">
            {t('app.name')}
          </Heading>
          <Heading as="h2" size="md" textAlign="center">
            {t('login.title')}
          </Heading>
          <Field.Root>
            <Field.Label htmlFor="login-email">{t('login.email')}</Field.Label>
            <Input id="login-email" name="email" autoComplete="username" autoFocus value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label htmlFor="login-password">{t('login.password')}</Field.Label>
            <Input id="login-password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </Field.Root>
          {error && (
            <Text role="alert" color="red.600" fontSize="sm">
              {error}
            </Text>
          )}
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('login.signingIn')}>
            {t('login.signIn')}
          </Button>
          <Text fontSize="xs" color="gray.500" textAlign="center">
            {t('app.version', { version: RASTRO_VERSION })}
          </Text>
        </Stack>
        </form>
      </Box>
    </Box>
  );
}
