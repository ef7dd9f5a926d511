import { Box, Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loadServerInfo } from '../session/serverInfo';

/** How often the maintenance page asks whether the server is back. */
export const MAINTENANCE_RETRY_MS = 10_000;

/** Shown when the server cannot be loaded; it returns by itself when the server answers again. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setInterval(() => {
      void loadServerInfo().then((ok) => ok && navigate('/home', { replace: true }));
    }, MAINTENANCE_RETRY_MS);
    return () => clearInterval(timer);
  }, [navigate]);

  return (
    <Box minH="100%" display="flex" alignItems="center" justifyContent="center" p="6">
      <Stack gap="4" align="center" textAlign="center">
        <Heading size="lg">{t('maintenance.title')}</Heading>
        <Text>{t('maintenance.body')}</Text>
        <Spinner />
        <Button onClick={() => void loadServerInfo().then((ok) => ok && navigate('/home', { replace: true }))}>{t('remote.retry')}</Button>
      </Stack>
    </Box>
  );
}
