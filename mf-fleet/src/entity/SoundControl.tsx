import { HStack, IconButton, NativeSelect, presetSounds, presetSoundUrl } from '@rastro/shared';
import { Play } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** The sound field's choices besides the presets: silence, or an address given in another field. */
export const MUTE_SOUND = 'mute';
export const CUSTOM_SOUND = 'custom';

function play(url: string): void {
  // A browser may refuse (no audio device): hearing the preset is a courtesy, not a step of the form.
  void new Audio(url).play().catch(() => undefined);
}

/** SPEC §3 sound: mute, audio1…audio24 (each with a play button to hear it) or a custom address. */
export function SoundControl({ id, input, value }: { id: string; input: UseFormRegisterReturn; value: string }) {
  const { t } = useTranslation();
  const url = presetSoundUrl(value);
  return (
    <HStack gap="2">
      <NativeSelect.Root size="sm" flex="1">
        <NativeSelect.Field id={id} {...input}>
          <option value={MUTE_SOUND}>{t('fleet.sound.mute')}</option>
          {presetSounds.map((preset) => (
            <option key={preset} value={preset}>
              {t('fleet.sound.preset', { number: preset.slice('audio'.length) })}
            </option>
          ))}
          <option value={CUSTOM_SOUND}>{t('fleet.sound.custom')}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <IconButton size="sm" variant="outline" aria-label={t('fleet.sound.play')} disabled={!url} onClick={() => url && play(url)} data-testid="sound-play">
        <Play aria-hidden />
      </IconButton>
    </HStack>
  );
}
