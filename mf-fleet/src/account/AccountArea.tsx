import { bus, clearPreference, LANGUAGE_ATTRIBUTE, Stack, useRouterBridge, useSessionStore, writePreference } from '@rastro/shared';
import type { User } from '@rastro/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackingHttp } from '../api/clients';
import { createEntityApi } from '../entity/entityApi';
import { registerEntityCatalogs } from '../entity/entityCatalogs';
import { EntityForm } from '../entity/EntityForm';
import { Notice } from '../entity/Notice';
import type { NoticeMessage } from '../entity/Notice';
import { registerFleetCatalogs } from '../locales/catalog';
import { accountEntity } from './accountEntity';
import type { AccountValues } from './accountEntity';
import { AccountFixedFields } from './AccountFixedFields';
import { accountEnUS } from './locales/en-US';
import { accountEs } from './locales/es';
import { accountPtBR } from './locales/pt-BR';
import { SharesList } from './SharesList';

registerFleetCatalogs();
registerEntityCatalogs('account', { 'pt-BR': accountPtBR, es: accountEs, 'en-US': accountEnUS });

const accountApi = createEntityApi(accountEntity, trackingHttp);
const definition = { ...accountEntity, FormExtras: AccountFixedFields };

/**
 * The whole page follows a save at once: the session store gets the saved account (language,
 * units, map defaults read from it); a language chosen here also replaces the one picked with the
 * login's switcher in this browser, which would otherwise win over the account's.
 */
export function applySavedAccount(saved: User, previous: User | null, values: Pick<AccountValues, 'muted'>): void {
  if (saved.attributes[LANGUAGE_ATTRIBUTE] !== previous?.attributes[LANGUAGE_ATTRIBUTE]) clearPreference('language');
  writePreference('isMuted', values.muted);
  bus.emit('sound:muteChanged', values.muted);
  useSessionStore.getState().signedIn(saved);
}

/** `/account`: the user's own profile and preferences, what only others may change shown as it is, and the user's shared links. */
export function AccountArea() {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const navigate = useRouterBridge((state) => state.navigate);
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  // A new form after each save: the typed password leaves the inputs.
  const [version, setVersion] = useState(0);
  if (!user) return null;
  return (
    <Stack gap="0" data-testid="account-area">
      <Notice notice={notice} />
      <EntityForm
        key={version}
        definition={definition}
        entity={user}
        api={accountApi}
        canSave
        canDelete={false}
        title={t('fleet.account.title')}
        onSaved={(saved, values) => {
          applySavedAccount(saved, user, values);
          setNotice({ kind: 'success', text: t('fleet.account.saved') });
          setVersion((value) => value + 1);
        }}
        onCancel={() => navigate('/home')}
      />
      <SharesList />
    </Stack>
  );
}
