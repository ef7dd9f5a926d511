import { AreaError, Box, Spinner, Text } from '@rastro/shared';
import type { AreaParcel, RemoteName } from '@rastro/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mountRootParcel } from 'single-spa';
import Parcel from 'single-spa-react/parcel';
import { loadAreaParcel } from './federation';
import { useRemotesStore } from './remotesStore';

export interface RemoteAreaProps {
  remote: RemoteName;
  area: string;
}

type AreaState = { status: 'loading' } | { status: 'ready'; parcel: AreaParcel } | { status: 'failed' | 'crashed' };

/**
 * Mounts one area of one remote. Whatever goes wrong in there — manifest missing, too slow, a
 * script error, a crash while mounting — stays in this box, with a retry.
 */
export function RemoteArea({ remote, area }: RemoteAreaProps) {
  const { t } = useTranslation();
  const remotesStatus = useRemotesStore((state) => state.status);
  const enabled = useRemotesStore((state) => Boolean(state.entries[remote]));
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<AreaState>({ status: 'loading' });

  useEffect(() => {
    void useRemotesStore.getState().ensureLoaded();
  }, [attempt]);

  useEffect(() => {
    if (remotesStatus !== 'ready' || !enabled) return;
    let cancelled = false;
    loadAreaParcel(remote, area).then(
      (parcel) => !cancelled && setState({ status: 'ready', parcel }),
      (error: unknown) => {
        console.error(`[rastro] ${remote}/${area} failed to load`, error);
        if (!cancelled) setState({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [remote, area, remotesStatus, enabled, attempt]);

  const retry = () => {
    useRemotesStore.getState().resetRemote(remote);
    setState({ status: 'loading' });
    setAttempt((value) => value + 1);
  };

  if (remotesStatus === 'failed' || state.status === 'failed' || state.status === 'crashed') {
    return <AreaError name={remote} kind={state.status === 'crashed' ? 'crashed' : 'failed'} onRetry={retry} />;
  }
  // A tenant may switch a remote off: its area simply is not there.
  if (remotesStatus === 'ready' && !enabled) return null;
  if (state.status !== 'ready') {
    return (
      <Box p="4" display="flex" gap="2" alignItems="center" data-testid={`area-loading-${remote}`}>
        <Spinner size="sm" />
        <Text>{t('remote.loading')}</Text>
      </Box>
    );
  }
  return (
    <Parcel
      key={attempt}
      config={state.parcel}
      mountParcel={mountRootParcel}
      area={area}
      wrapWith="div"
      wrapStyle={{ height: '100%', width: '100%' }}
      handleError={(error: Error) => {
        console.error(`[rastro] ${remote}/${area} crashed`, error);
        setState({ status: 'crashed' });
      }}
    />
  );
}
