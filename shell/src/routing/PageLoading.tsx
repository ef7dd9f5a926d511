import { Box, Spinner } from '@rastro/shared/core';
import { useTranslation } from 'react-i18next';

/** The whole-page spinner: while the session is checked, or while a screen's code loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Box h="100%" display="flex" alignItems="center" justifyContent="center">
      <Spinner size="lg" color="brand.solid" aria-label={t('app.loading')} />
    </Box>
  );
}
