import { Button, errorMessage, HStack, Input, Stack, Text, useSessionStore, WAY_BACK_HEADER, writePreference } from '@rastro/shared';
import type { User } from '@rastro/shared';
import { Copy, KeyRound, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackingHttp } from '../api/clients';
import { Notice } from '../entity/Notice';
import type { NoticeMessage } from '../entity/Notice';
import { LinksButton } from '../links/LinksButton';
import { canActAs } from './userFields';

/** An API token the user asks for: a year, as Traccar's own screen offers. */
const TOKEN_DAYS = 365;

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/**
 * "Log in as": switches this browser's session to the user (POST /api/session/{id}) and keeps the
 * way back its answer carries (a one-use token the gateway honours only from this new session, and
 * forgets when it signs out), which the shell offers; then the page starts again.
 */
export async function actAs(target: Pick<User, 'id'>, editor: Pick<User, 'name'>): Promise<void> {
  const response = await trackingHttp.request(`/session/${target.id}`, { method: 'POST' });
  const wayBack = response.headers.get(WAY_BACK_HEADER);
  if (wayBack) writePreference('actingAs', { token: wayBack, name: editor.name });
  window.location.assign('/home');
}

/** Under the user form: its links, "log in as", and (on one's own account) an API token to generate and copy. */
export function UserExtras({ entity }: { entity: User | null }) {
  const { t } = useTranslation();
  const editor = useSessionStore((state) => state.user);
  const [token, setToken] = useState('');
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [busy, setBusy] = useState(false);
  if (!entity) return <Text color="fg.muted" fontSize="sm">{t('fleet.users.selectFirst')}</Text>;
  const own = editor?.id === entity.id;

  const run = async (action: () => Promise<void>, errorKey: string) => {
    setBusy(true);
    setNotice(null);
    try {
      await action();
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, errorKey) });
    } finally {
      setBusy(false);
    }
  };
  const generate = () =>
    run(async () => {
      const response = await trackingHttp.request('/session/token', { method: 'POST', form: { expiration: inHours(TOKEN_DAYS * 24) }, accept: 'text/plain' });
      setToken(await response.text());
    }, 'fleet.users.tokenError');
  const copy = () =>
    run(async () => {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(token);
      setNotice({ kind: 'success', text: t('fleet.users.tokenCopied') });
    }, 'fleet.users.copyError');

  return (
    <Stack gap="2" borderTopWidth="1px" pt="2">
      <HStack gap="2" wrap="wrap">
        <LinksButton owner={{ key: 'userId', id: entity.id, area: own ? 'ownAccount' : 'users' }} name={entity.name} />
        {editor && !own && canActAs(entity, editor) && (
          <Button size="xs" variant="outline" loading={busy} onClick={() => void run(() => actAs(entity, editor), 'fleet.users.actAsError')} data-testid="user-act-as">
            <LogIn aria-hidden />
            {t('fleet.users.actAs')}
          </Button>
        )}
      </HStack>
      {own && (
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="medium">
            {t('fleet.users.token')}
          </Text>
          <HStack gap="2">
            <Input size="sm" readOnly value={token} placeholder={t('fleet.users.tokenPlaceholder')} aria-label={t('fleet.users.token')} data-testid="user-token" />
            <Button size="xs" variant="outline" onClick={() => void generate()} disabled={busy}>
              <KeyRound aria-hidden />
              {t('fleet.users.tokenGenerate')}
            </Button>
            <Button size="xs" variant="outline" onClick={() => void copy()} disabled={!token || busy}>
              <Copy aria-hidden />
              {t('fleet.users.tokenCopy')}
            </Button>
          </HStack>
        </Stack>
      )}
      <Notice notice={notice} />
    </Stack>
  );
}
