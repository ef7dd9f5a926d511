import { ApiError, errorCodeMessage, loginFailureFrom, useServerStore, useSessionStore } from '@rastro/shared/core';
import type { LoginFailure } from '@rastro/shared/core';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
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

/** Goes to another address of the app: the router's navigate inside the app, the start's own before it is loaded. */
export type Navigate = (to: string, options?: { replace?: boolean }) => void;

export interface LoginPageProps {
  mode?: LoginMode;
  /** `/share/<token>`: the link's token. */
  token?: string;
  /** The `?to=` the guard gave: where a sign-in lands, if it is a screen behind the login. */
  returnTo?: string | null;
  navigate: Navigate;
  /** Called as a sign-in starts: the start fetches the app meanwhile. */
  onSigningIn?(): void;
}

/**
 * The login, in plain elements and CSS (public.css): it is the page's first screen, drawn before
 * Chakra, the router and the federation runtime are downloaded (README, "Front-end weight").
 */
export function LoginPage({ mode = 'login', token, returnTo = null, navigate, onSigningIn }: LoginPageProps) {
  const { t } = useTranslation();
  const sessionEnded = useSessionStore((state) => state.ended);
  // The register link needs the server to allow it and the domain's theme not to hide it.
  const registrationOpen = useServerStore((state) => state.server?.registration === true);
  const loginSettings = useThemeStore((state) => state.theme?.login);
  const showRegister = registrationOpen && loginSettings?.showRegisterLink !== false;
  const showSharedLinkAccess = loginSettings?.showSharedLinkAccess !== false;
  const landing = safeReturnPath(returnTo, mode === 'driver' ? DRIVER_HOME_PATH : HOME_PATH);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [unlocking, setUnlocking] = useState(false);
  const [unlockError, setUnlockError] = useState<string | null>(null);
  const share = useShareSignIn(mode === 'share' ? token : undefined, setFailure, onSigningIn);

  useEffect(() => {
    if (share === 'done') navigate(HOME_PATH, { replace: true });
  }, [share, navigate]);

  const attempt = async (signInNow: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    setUnlockError(null);
    onSigningIn?.();
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
    onSigningIn?.();
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

  // A same-page link: the app's own navigation, a new tab or window as the browser would.
  const follow = (to: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };

  if (share === 'signing-in') {
    return (
      <PublicCard title={t('login.shareTitle')}>
        <div className="rastro-status" role="status">
          <span className="rastro-spinner" aria-hidden="true" />
          <span>{t('login.shareOpening')}</span>
        </div>
      </PublicCard>
    );
  }

  const title = mode === 'driver' ? t('login.driverTitle') : t('login.title');
  return (
    <PublicCard title={title}>
      <form onSubmit={submit} noValidate aria-label={title} className="rastro-stack">
        {sessionEnded && !failure && (
          <p role="status" className="rastro-notice" data-testid="session-ended">
            {t('login.sessionEnded')}
          </p>
        )}
        <div className="rastro-field">
          <label className="rastro-label" htmlFor="login-email">
            {t('login.email')}
          </label>
          <input className="rastro-input" id="login-email" name="email" autoComplete="username" autoFocus value={email} onChange={(event) => setEmail(event.target.value)} />
        </div>
        <div className="rastro-field">
          <label className="rastro-label" htmlFor="login-password">
            {t('login.password')}
          </label>
          <input
            className="rastro-input"
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <label className="rastro-check">
          <input type="checkbox" name="remember" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
          <span>{t('login.rememberMe')}</span>
        </label>
        {failure && isSuspension(failure.code) ? (
          <SuspendedNotice failure={failure} unlocking={unlocking} unlockError={unlockError} onTrustUnlock={() => void trustUnlock()} />
        ) : (
          <FormError message={failure ? errorCodeMessage(failure.code) : null} />
        )}
        <button type="submit" className="rastro-button" disabled={busy} aria-busy={busy}>
          {busy && <span className="rastro-spinner" aria-hidden="true" />}
          {busy ? t('login.signingIn') : t('login.signIn')}
        </button>
        <div className="rastro-links">
          <a className="rastro-link" href="/login/recover" onClick={follow('/login/recover')}>
            {t('login.recoverPassword')}
          </a>
          {showRegister && mode !== 'driver' && (
            <a className="rastro-link" href="/register" onClick={follow('/register')}>
              {t('login.register')}
            </a>
          )}
        </div>
      </form>
      {mode !== 'driver' && showSharedLinkAccess && <ShareLinkAccess navigate={navigate} />}
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
function useShareSignIn(token: string | undefined, onFailure: (failure: LoginFailure) => void, onSigningIn?: () => void): ShareSignIn {
  const [state, setState] = useState<ShareSignIn>(token ? 'signing-in' : 'idle');
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (!token || tried.current === token) return;
    tried.current = token;
    setState('signing-in');
    onSigningIn?.();
    signInWithShare(token).then(
      () => setState('done'),
      (caught: unknown) => {
        onFailure(loginFailureFrom(caught));
        setState('failed');
      },
    );
  }, [token, onFailure, onSigningIn]);
  return state;
}
