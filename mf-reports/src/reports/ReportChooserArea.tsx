import { Box, Button, isAllowed, Stack, useLicenceStore, useRouterBridge, useServerStore, useSessionStore } from '@rastro/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FleetOverview } from '../overview/FleetOverview';
import { reportKinds } from './reportKinds';

/** The reports the signed-in user may open (SPEC §6: admins, the free edition and advanced permissions off allow all). */
export function useAllowedReports() {
  const user = useSessionStore((state) => state.user);
  const server = useServerStore((state) => state.server);
  const edition = useLicenceStore((state) => state.licence?.edition ?? 'paid');
  if (!user) return [];
  const subject = { user, server: server ?? { attributes: {} }, paidEdition: edition === 'paid' };
  return isAllowed(subject, 'reports', 'view') ? reportKinds.filter(({ permission }) => isAllowed(subject, 'reports', permission)) : [];
}

/** `/reports`: the report chooser. Navigation goes through the shell's router bridge. */
export function ReportChooserArea() {
  const { t } = useTranslation();
  const navigate = useRouterBridge((state) => state.navigate);
  const pathname = useRouterBridge((state) => state.pathname);
  const reports = useAllowedReports();
  const allowed = useMemo(() => new Set(reports.map(({ kind }) => kind)), [reports]);
  return (
    <Stack gap="2" p="2">
      {allowed.size > 0 && <FleetOverview allowed={allowed} />}
      <Box as="nav" aria-label={t('reports.title')}>
        <Stack gap="1">
          {reports.map(({ kind, path }) => (
            <Button key={kind} variant={pathname === path ? 'subtle' : 'ghost'} justifyContent="flex-start" onClick={() => navigate(path)}>
              {t(`reports.kinds.${kind}`)}
            </Button>
          ))}
        </Stack>
      </Box>
    </Stack>
  );
}
