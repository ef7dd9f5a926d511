import { Box, Button, Stack } from '@chakra-ui/react';
import { useRouterBridge } from '@rastro/shared';
import { useTranslation } from 'react-i18next';
import { reportKinds } from './reportKinds';

/** `/reports`: the report chooser. Navigation goes through the shell's router bridge. */
export function ReportChooserArea() {
  const { t } = useTranslation();
  const navigate = useRouterBridge((state) => state.navigate);
  const pathname = useRouterBridge((state) => state.pathname);
  return (
    <Box as="nav" aria-label={t('reports.title')} p="2">
      <Stack gap="1">
        {reportKinds.map(({ kind, path }) => (
          <Button key={kind} variant={pathname === path ? 'subtle' : 'ghost'} justifyContent="flex-start" onClick={() => navigate(path)}>
            {t(`reports.kinds.${kind}`)}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}
