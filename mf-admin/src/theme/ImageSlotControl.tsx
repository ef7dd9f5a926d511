import { Box, Button, HStack, Image, Text, errorMessage, useConfirm } from '@rastro/shared';
import type { ThemeImageSlot } from '@rastro/shared/contract';
import { THEME_IMAGE_MAX_BYTES } from '@rastro/shared/contract';
import { Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThemeApi } from './themeApi';

/** One theme image (SPEC §2 logos, login background): what is there, upload a new one, remove it. Saved at once. */
export function ImageSlotControl({ slot, url, api, domain, onChanged }: { slot: ThemeImageSlot; url: string | null; api: ThemeApi; domain?: string; onChanged(): void }) {
  const { t } = useTranslation();
  const { dialog, confirm } = useConfirm();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `theme-image-${slot}`;
  const label = t(`admin.theme.images.${slot}`);

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      onChanged();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File | undefined) => {
    if (!file) return;
    // The gateway refuses larger ones too; said here before the upload is spent.
    if (file.size > THEME_IMAGE_MAX_BYTES) return setError(t('admin.theme.images.tooLarge'));
    void run(() => api.uploadImage(slot, file, domain));
  };
  const remove = async () => {
    if (await confirm({ message: t('admin.theme.images.removeConfirm', { image: label }), danger: true })) void run(() => api.removeImage(slot, domain));
  };

  return (
    <Box role="group" aria-labelledby={`${id}-label`} data-testid={id}>
      <Text id={`${id}-label`} fontSize="sm" fontWeight="medium">
        {label}
      </Text>
      <HStack gap="2" mt="1" wrap="wrap">
        <Box w="20" h="12" borderWidth="1px" borderRadius="sm" display="flex" alignItems="center" justifyContent="center" bg="bg.subtle">
          {url ? <Image src={url} alt={label} maxW="100%" maxH="100%" objectFit="contain" /> : <Text fontSize="xs" color="fg.muted">{t('admin.theme.images.none')}</Text>}
        </Box>
        <input ref={input} id={id} aria-label={label} type="file" accept="image/png,image/jpeg,image/svg+xml,image/webp,image/x-icon" hidden onChange={(event) => upload(event.target.files?.[0])} />
        <Button size="xs" variant="outline" loading={busy} onClick={() => input.current?.click()}>
          <Upload size={14} aria-hidden />
          {t('admin.theme.images.upload')}
        </Button>
        {url && (
          <Button size="xs" variant="ghost" colorPalette="red" disabled={busy} onClick={() => void remove()}>
            <Trash2 size={14} aria-hidden />
            {t('admin.theme.images.remove')}
          </Button>
        )}
      </HStack>
      {error && (
        <Text role="alert" fontSize="sm" color="fg.error">
          {error}
        </Text>
      )}
      {dialog}
    </Box>
  );
}
