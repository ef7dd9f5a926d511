import { Box, Button, Heading, Spinner, Stack, Text } from '@rastro/shared/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { safeReturnPath } from '../routing/guard';
import { loadServerInfo } from '../session/serverInfo';

/** How often the maintenance page asks whether the server is back. */
export const MAINTENANCE_RETRY_MS = 5_000;

/** Where the user was going when the server could not be reached (set by the route guard). */
export interface MaintenanceState {
  from?: string;
}

function returnPathFrom(state: unknown): string {
  const from = (state as MaintenanceState | null)?.from ?? null;
  // A public screen (the login) is a fine place to return to as well.
  return from && (from.startsWith('/login') || from.startsWith('/register') || from.startsWith('/motorista') || from.startsWith('/share/')) ? from : safeReturnPath(from);
}

/** Shown when the server cannot be loaded; it returns by itself, to where the user was going, when the server answers again. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [checking, setChecking] = useState(false);
  const returnPath = returnPathFrom(location.state);

  const retry = useCallback(async () => {
    setChecking(true);
    const ok = await loadServerInfo();
    setChecking(false);
    if (ok) navigate(returnPath, { replace: true });
  }, [navigate, returnPath]);

  useEffect(() => {
    const timer = setInterval(() => void retry(), MAINTENANCE_RETRY_MS);
    return () => clearInterval(timer);
  }, [retry]);

  return (
    <Box as="main" minH="100%" display="flex" alignItems="center" justifyContent="center" p="6">
      <Stack gap="4" align="center" textAlign="center" maxW="md">
        <Heading as="h1" size="lg">
          {t('maintenance.title')}
        </Heading>
        <Text>{t('maintenance.body')}</Text>
        <Spinner aria-hidden />
        <Button onClick={() => void retry()} loading={checking} loadingText={t('maintenance.retrying')}>
          {t('remote.retry')}
        </Button>
      </Stack>
    </Box>
  );
}
