import { errorCodeMessage } from '@rastro/shared/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../public/PublicCard';
import { shareTokenFrom, validateShareAccess } from './loginValidation';

/** "Access via shared link": a pasted link or code opens `/share/<token>`, which signs in with it. */
export function ShareLinkAccess({ navigate }: { navigate(to: string): void }) {
  const { t } = useTranslation();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);

  const open = () => {
    const problem = validateShareAccess(link);
    const token = shareTokenFrom(link);
    if (problem || !token) {
      setError(errorCodeMessage(problem ?? 'FILL_ALL_FIELDS'));
      return;
    }
    setError(null);
    navigate(`/share/${encodeURIComponent(token)}`);
  };

  return (
    // Enter in the field submits this one-field form; the button is not a submit button, so the
    // page keeps a single submit button, the sign-in one.
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        open();
      }}
      noValidate
      aria-labelledby="share-access-title"
      data-testid="share-access"
      className="rastro-section rastro-stack-tight"
    >
      <p id="share-access-title" className="rastro-section-title">
        {t('login.shareAccess')}
      </p>
      <div className="rastro-field">
        <label className="rastro-label" htmlFor="share-link">
          {t('login.shareLinkLabel')}
        </label>
        <div className="rastro-group">
          <input className="rastro-input" id="share-link" name="share" autoComplete="off" value={link} onChange={(event) => setLink(event.target.value)} />
          <button type="button" className="rastro-button rastro-button-outline" onClick={open}>
            {t('login.shareOpen')}
          </button>
        </div>
      </div>
      <FormError message={error} />
    </form>
  );
}
