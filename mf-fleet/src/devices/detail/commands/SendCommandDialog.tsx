import { Button, errorMessage, Field, Input, NativeSelect, Stack, Text } from '@rastro/shared';
import type { Device } from '@rastro/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackingHttp } from '../../../api/clients';
import { PanelDialog } from '../../../entity/PanelDialog';
import type { NoticeMessage } from '../../../entity/Notice';
import { Notice } from '../../../entity/Notice';
import { commandParameters, commandTypes, commandTypesFor, savedCommandsFor, sendCommand } from './commandApi';
import type { SavedCommand } from './commandApi';

/** SPEC §3 send command: the device's saved commands, or a type with its parameters (not for limitCommands users). */
export function SendCommandDialog({ device, savedOnly, onClose, onSent }: { device: Device; savedOnly: boolean; onClose(): void; onSent(message: NoticeMessage): void }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<SavedCommand[]>([]);
  const [types, setTypes] = useState<string[]>([]);
  const [choice, setChoice] = useState('');
  const [parameters, setParameters] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<NoticeMessage | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    savedCommandsFor(trackingHttp, device.id).then(setSaved, () => setSaved([]));
    if (!savedOnly) commandTypesFor(trackingHttp, device.id).then((known) => setTypes(known.length ? known : [...commandTypes]), () => setTypes([...commandTypes]));
  }, [device.id, savedOnly]);

  const chosenSaved = choice.startsWith('saved:') ? saved.find((command) => `saved:${command.id}` === choice) : undefined;
  const chosenType = choice.startsWith('type:') ? choice.slice(5) : undefined;

  const send = async () => {
    setSending(true);
    setNotice(null);
    try {
      const outcome = chosenSaved
        ? await sendCommand(trackingHttp, { id: chosenSaved.id, description: chosenSaved.description, deviceId: device.id, type: chosenSaved.type, textChannel: chosenSaved.textChannel ?? false, attributes: chosenSaved.attributes })
        : await sendCommand(trackingHttp, { deviceId: device.id, type: chosenType ?? 'custom', attributes: parameters });
      onSent({ kind: outcome === 'queued' ? 'info' : 'success', text: t(outcome === 'queued' ? 'fleet.command.queued' : 'fleet.command.sent') });
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error, 'fleet.common.unexpected') });
    } finally {
      setSending(false);
    }
  };

  return (
    <PanelDialog
      title={t('fleet.command.title')}
      onClose={onClose}
      testId="send-command-dialog"
      footer={
        <Button colorPalette="blue" disabled={!choice} loading={sending} onClick={send} data-testid="send-command">
          {t('fleet.command.send')}
        </Button>
      }
    >
      <Stack gap="3">
        {savedOnly && <Text fontSize="sm">{t('fleet.command.limited')}</Text>}
        <NativeSelect.Root size="sm">
          <NativeSelect.Field aria-label={t('fleet.command.type')} data-testid="command-choice" value={choice} onChange={(event) => setChoice(event.target.value)}>
            <option value="">{t('fleet.command.choose')}</option>
            {saved.map((command) => (
              <option key={command.id} value={`saved:${command.id}`}>
                {t('fleet.command.saved')}: {command.description || t(`fleet.command.types.${command.type}`, { defaultValue: command.type })}
              </option>
            ))}
            {types.map((type) => (
              <option key={type} value={`type:${type}`}>
                {t(`fleet.command.types.${type}`, { defaultValue: type })}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {chosenType &&
          (commandParameters[chosenType] ?? []).map((name) => (
            <Field.Root key={name}>
              <Field.Label>{t(`fleet.command.params.${name}`)}</Field.Label>
              <Input size="sm" data-testid={`command-param-${name}`} value={parameters[name] ?? ''} onChange={(event) => setParameters({ ...parameters, [name]: event.target.value })} />
            </Field.Root>
          ))}
        <Notice notice={notice} />
      </Stack>
    </PanelDialog>
  );
}
