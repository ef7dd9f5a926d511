import { Box, Flex, Heading, Image, RASTRO_VERSION, Stack, Text } from '@rastro/shared/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../language/LanguageSwitcher';
import { logoWidthPercent, useThemeStore } from '../theme/theme';

/** The frame of every public screen: the product name, one card that fits a phone, the language switcher and the version. */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
  const appName = theme?.appName ?? t('app.name');
  const background = theme?.images.loginBackground;
  return (
    <Box
      minH="100%"
      display="flex"
      alignItems="center"
      justifyContent="center"
      bg="theme.background"
      backgroundImage={background ? `url("${background}")` : undefined}
      backgroundSize="cover"
      backgroundPosition="center"
      p={{ base: '3', sm: '4' }}
      data-testid="public-screen"
    >
      <Box as="main" w="full" maxW="sm" bg="white" p={{ base: '5', sm: '8' }} borderRadius="lg" boxShadow="md">
        <Stack gap="5">
          {theme?.images.loginLogo && (
            <Image src={theme.images.loginLogo} alt={appName} mx="auto" w={`${logoWidthPercent(undefined, theme.logoWidth)}%`} data-testid="login-logo" />
          )}
          <Heading as="p" size="2xl" color="brand.700" textAlign="center" data-testid="app-name">
            {theme?.login.title ?? appName}
          </Heading>
          <Heading as="h1" size="md" textAlign="center">
            {title}
          </Heading>
          {children}
          <Flex justify="space-between" align="center" gap="2" wrap="wrap">
            <LanguageSwitcher />
            <Text fontSize="xs" color="gray.500">
              {t('app.version', { version: RASTRO_VERSION })}
            </Text>
          </Flex>
        </Stack>
      </Box>
    </Box>
  );
}

/** A form's error line, announced to screen readers as it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Text role="alert" color="red.600" fontSize="sm">
      {message}
    </Text>
  );
}

/** A form's success line. */
export function FormSuccess({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Text role="status" color="green.700" fontSize="sm">
      {message}
    </Text>
  );
}
