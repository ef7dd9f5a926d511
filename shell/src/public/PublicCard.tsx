import { RASTRO_VERSION } from '@rastro/shared/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../language/LanguageSwitcher';
import { logoWidthPercent, useThemeStore } from '../theme/theme';
import './public.css';

/**
 * The frame of every public screen: the product name, one card that fits a phone, the language
 * switcher and the version. Plain elements and CSS (public.css), no Chakra: the login draws with
 * it before the design system is downloaded.
 */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
  const appName = theme?.appName ?? t('app.name');
  const background = theme?.images.loginBackground;
  return (
    <div className="rastro-public" style={background ? { backgroundImage: `url("${background}")` } : undefined} data-testid="public-screen">
      <main className="rastro-card">
        {theme?.images.loginLogo && (
          <img className="rastro-logo" src={theme.images.loginLogo} alt={appName} style={{ width: `${logoWidthPercent(undefined, theme.logoWidth)}%` }} data-testid="login-logo" />
        )}
        <p className="rastro-app-name" data-testid="app-name">
          {theme?.login.title ?? appName}
        </p>
        <h1 className="rastro-title">{title}</h1>
        {children}
        <div className="rastro-footer">
          <LanguageSwitcher />
          <span className="rastro-version">{t('app.version', { version: RASTRO_VERSION })}</span>
        </div>
      </main>
    </div>
  );
}

/** A form's error line, announced to screen readers as it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rastro-error">
      {message}
    </p>
  );
}

/** A form's success line. */
export function FormSuccess({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="rastro-success">
      {message}
    </p>
  );
}
