import { Box, Flex, Heading, Image, Stack, Text, mixColour } from '@rastro/shared';
import type { Theme } from '@rastro/shared/contract';
import { Menu, User } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LIGHT_TEXT } from './contrast';

/**
 * The login screen and the top bar as the values would draw them, beside the form. Drawn with the
 * values' own colours (not the page's Chakra system, which shows the saved theme) in the shell's
 * layout; `dark` draws dark mode's (the theme's `colors` are then its dark set).
 */
export function ThemePreview({ theme, dark = false }: { theme: Theme; dark?: boolean }) {
  const { t } = useTranslation();
  const { colors, images } = theme;
  const width = `${theme.logoWidth}%`;
  // The light preview keeps its test ids; the dark one's end in `-dark`.
  const id = (name: string) => (dark ? `${name}-dark` : name);
  // Brand text on dark surfaces is the primary lightened, as the login's stylesheet draws it (public.css).
  const brandText = dark ? mixColour(colors.primary, -0.55) : colors.primary;
  return (
    <Stack gap="3" aria-label={t(dark ? 'admin.theme.preview.titleDark' : 'admin.theme.preview.title')} role="group" data-testid={id('theme-preview')}>
      <Text fontWeight="semibold" fontSize="sm">
        {t(dark ? 'admin.theme.preview.topBarDark' : 'admin.theme.preview.topBar')}
      </Text>
      <Flex h="12" px="2" gap="2" align="center" borderRadius="md" style={{ background: colors.primary, color: LIGHT_TEXT }} data-testid={id('preview-top-bar')}>
        <Menu size={18} aria-hidden />
        <Flex flex="1" h="100%" align="center" py="1">
          {images.headLogo ? (
            <Image src={images.headLogo} alt={theme.appName} w={width} maxH="100%" objectFit="contain" />
          ) : (
            <Text fontWeight="bold" truncate>
              {theme.appName}
            </Text>
          )}
        </Flex>
        <User size={18} aria-hidden />
      </Flex>
      <Text fontWeight="semibold" fontSize="sm">
        {t(dark ? 'admin.theme.preview.loginDark' : 'admin.theme.preview.login')}
      </Text>
      <Flex
        minH="64"
        p="4"
        align="center"
        justify="center"
        borderRadius="md"
        style={{ background: colors.background, backgroundImage: images.loginBackground ? `url("${images.loginBackground}")` : undefined, backgroundSize: 'cover' }}
        data-testid={id('preview-login')}
      >
        <Box w="full" maxW="60" p="4" borderRadius="md" boxShadow="md" style={{ background: colors.surface, color: colors.text }}>
          <Stack gap="2" align="stretch">
            {images.loginLogo && <Image src={images.loginLogo} alt={theme.appName} mx="auto" w={width} />}
            <Heading as="p" size="md" textAlign="center" style={{ color: brandText }} data-testid={id('preview-app-name')}>
              {theme.login.title ?? theme.appName}
            </Heading>
            <Box h="6" borderWidth="1px" borderRadius="sm" />
            <Box h="6" borderWidth="1px" borderRadius="sm" />
            <Box py="1" borderRadius="sm" textAlign="center" fontSize="sm" fontWeight="semibold" style={{ background: colors.primary, color: LIGHT_TEXT }}>
              {t('admin.theme.preview.signIn')}
            </Box>
            {theme.login.showRegisterLink && (
              <Text fontSize="xs" textAlign="center" style={{ color: brandText }}>
                {t('admin.theme.preview.register')}
              </Text>
            )}
            {theme.login.showSharedLinkAccess && (
              <Text fontSize="xs" textAlign="center" style={{ color: brandText }}>
                {t('admin.theme.preview.sharedLink')}
              </Text>
            )}
          </Stack>
        </Box>
      </Flex>
    </Stack>
  );
}
