import { Button, ControlGroup, errorCodeMessage, Field, Input, Stack, Text } from '@rastro/shared/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '../public/PublicCard';
import { shareTokenFrom, validateShareAccess } from './loginValidation';

/** "Access via shared link": a pasted link or code opens `/share/<token>`, which signs in with it. */
export function ShareLinkAccess() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
      noValidate aria-labelledby="share-access-title" data-testid="share-access">
      <Stack gap="2" borderTopWidth="1px" pt="4">
        <Text id="share-access-title" fontWeight="semibold" fontSize="sm">
          {t('login.shareAccess')}
        </Text>
        <Field.Root>
          <Field.Label htmlFor="share-link">{t('login.shareLinkLabel')}</Field.Label>
          <ControlGroup attached w="full">
            <Input id="share-link" name="share" autoComplete="off" value={link} onChange={(event) => setLink(event.target.value)} />
            <Button type="button" variant="outline" colorPalette="brand" onClick={open}>
              {t('login.shareOpen')}
            </Button>
          </ControlGroup>
        </Field.Root>
        <FormError message={error} />
      </Stack>
    </form>
  );
}
