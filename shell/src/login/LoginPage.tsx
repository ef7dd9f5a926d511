import {
  ApiError,
  Box,
  Button,
  Checkbox,
  errorCodeMessage,
  Field,
  Flex,
  Input,
  Link,
  loginFailureFrom,
  Spinner,
  Stack,
  Text,
  useServerStore,
  useSessionStore,
} from '@rastro/shared/core';
import type { LoginFailure } from '@rastro/shared/core';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormError, PublicCard } from '../public/PublicCard';
import { safeReturnPath } from '../routing/guard';
import { DRIVER_HOME_PATH, HOME_PATH } from '../routing/routeTable';
import { requestTrustUnlock, signIn, signInWithShare } from '../session/session';
import { useThemeStore } from '../theme/theme';
import { validateLogin } from './loginValidation';
import { ShareLinkAccess } from './ShareLinkAccess';
import { SuspendedNotice, isSuspension } from './SuspendedNotice';

/** `/login`, the driver login `/motorista` (lands on /qr-driver), and `/share/<token>` (signs in with the link first). */
export type LoginMode = 'login' | 'driver' | 'share';

export function LoginPage({ mode = 'login' }: { mode?: LoginMode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token } = useParams();
  const authenticated = useSessionStore((state) => state.status === 'authenticated');
  const sessionEnded = useSessionStore((state) => state.ended);
  // The register link needs the server to allow it and the domain's theme not to hide it.
  const registrationOpen = useServerStore((state) => state.server?.registration === true);
  const loginSettings = useThemeStore((state) => state.theme?.login);
  const showRegister = registrationOpen && loginSettings?.showRegisterLink !== false;
  const showSharedLinkAccess = loginSettings?.showSharedLinkAccess !== false;
  const landing = safeReturnPath(params.get('to'), mode === 'driver' ? DRIVER_HOME_PATH : HOME_PATH);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [unlocking, setUnlocking] = useState(false);
  const [unlockError, setUnlockError] = useState<string | null>(null);
  const share = useShareSignIn(mode === 'share' ? token : undefined, setFailure);

  useEffect(() => {
    if (share === 'done') navigate(HOME_PATH, { replace: true });
  }, [share, navigate]);

  if (authenticated && mode !== 'share') return <Navigate to={landing} replace />;

  const attempt = async (signInNow: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    setUnlockError(null);
    try {
      await signInNow();
      navigate(landing, { replace: true });
    } catch (caught) {
      setFailure(loginFailureFrom(caught));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateLogin({ email, password });
    if (problem) {
      setFailure({ code: problem, trustAvailable: false, invoices: [] });
      return;
    }
    void attempt(() => signIn(email.trim(), password, { remember }));
  };

  const trustUnlock = async () => {
    setUnlocking(true);
    setUnlockError(null);
    try {
      await requestTrustUnlock(email.trim(), password, { remember });
      navigate(landing, { replace: true });
    } catch (caught) {
      const code = unlockRefusalCode(caught);
      // Reactivated meanwhile: an ordinary sign-in now works.
      if (code === 'ACCOUNT_NOT_SUSPENDED') {
        void attempt(() => signIn(email.trim(), password, { remember }));
        return;
      }
      // Spent or not allowed: the notice stops offering it.
      if (code === 'TRUST_UNLOCK_ALREADY_USED' || code === 'TRUST_UNLOCK_NOT_ALLOWED') setFailure((shown) => shown && { ...shown, code: 'ACCOUNT_IS_SUSPENDED', trustAvailable: false });
      setUnlockError(errorCodeMessage(code));
    } finally {
      setUnlocking(false);
    }
  };

  if (share === 'signing-in') {
    return (
      <PublicCard title={t('login.shareTitle')}>
        <Flex gap="2" align="center" justify="center" role="status">
          <Spinner size="sm" />
          <Text>{t('login.shareOpening')}</Text>
        </Flex>
      </PublicCard>
    );
  }

  return (
    <PublicCard title={mode === 'driver' ? t('login.driverTitle') : t('login.title')}>
      <form onSubmit={submit} noValidate aria-label={mode === 'driver' ? t('login.driverTitle') : t('login.title')}>
        <Stack gap="4">
          {sessionEnded && !failure && (
            <Text role="status" fontSize="sm" bg="yellow.100" color="yellow.900" px="3" py="2" borderRadius="md" data-testid="session-ended">
              {t('login.sessionEnded')}
            </Text>
          )}
          <Field.Root>
            <Field.Label htmlFor="login-email">{t('login.email')}</Field.Label>
            <Input id="login-email" name="email" autoComplete="username" autoFocus value={email} onChange={(event) => setEmail(event.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label htmlFor="login-password">{t('login.password')}</Field.Label>
            <Input id="login-password" name="password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          </Field.Root>
          <Checkbox.Root checked={remember} onCheckedChange={(change) => setRemember(change.checked === true)} colorPalette="brand">
            <Checkbox.HiddenInput name="remember" />
            <Checkbox.Control />
            <Checkbox.Label>{t('login.rememberMe')}</Checkbox.Label>
          </Checkbox.Root>
          {failure && isSuspension(failure.code) ? (
            <SuspendedNotice failure={failure} unlocking={unlocking} unlockError={unlockError} onTrustUnlock={() => void trustUnlock()} />
          ) : (
            <FormError message={failure ? errorCodeMessage(failure.code) : null} />
          )}
          <Button type="submit" colorPalette="brand" loading={busy} loadingText={t('login.signingIn')}>
            {t('login.signIn')}
          </Button>
          <Flex justify="space-between" gap="2" wrap="wrap" fontSize="sm">
            <Link asChild colorPalette="brand">
              <RouterLink to="/login/recover">{t('login.recoverPassword')}</RouterLink>
            </Link>
            {showRegister && mode !== 'driver' && (
              <Link asChild colorPalette="brand">
                <RouterLink to="/register">{t('login.register')}</RouterLink>
              </Link>
            )}
          </Flex>
        </Stack>
      </form>
      {mode !== 'driver' && showSharedLinkAccess && (
        <Box>
          <ShareLinkAccess />
        </Box>
      )}
    </PublicCard>
  );
}

/** Why a trust unlock was refused, as a SPEC §8-style code; a gateway without the endpoint (404) has none to offer. */
function unlockRefusalCode(caught: unknown): string {
  if (caught instanceof ApiError && caught.status === 404) return 'TRUST_UNLOCK_UNAVAILABLE';
  return caught instanceof ApiError ? caught.code : loginFailureFrom(caught).code;
}

type ShareSignIn = 'idle' | 'signing-in' | 'done' | 'failed';

/** `/share/<token>`: signs in with the link's token once; a refusal (INVALID_SHARE) leaves the login screen with its message. */
function useShareSignIn(token: string | undefined, onFailure: (failure: LoginFailure) => void): ShareSignIn {
  const [state, setState] = useState<ShareSignIn>(token ? 'signing-in' : 'idle');
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!token || tried.current === token) return;
    tried.current = token;
    setState('signing-in');
    signInWithShare(token).then(
      () => setState('done'),
      (caught: unknown) => {
        onFailure(loginFailureFrom(caught));
        setState('failed');
      },
    );
  }, [token, onFailure]);
  return state;
}
