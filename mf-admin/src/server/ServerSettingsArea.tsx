import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Heading, HStack, MapViewPick, Spinner, Stack, Text, errorMessage, useConfirm, useRouterBridge, useServerStore } from '@rastro/shared';
import type { MapViewValues, Server } from '@rastro/shared';
import { serverSchema } from '@rastro/shared/contract';
import { useTranslation } from 'react-i18next';
import { fieldsOf } from '../form/declaredFields';
import { FieldsForm } from '../form/FieldsForm';
import { useFieldsForm } from '../form/useFieldsForm';
import { trackingHttp } from './clients';
import { applySettingValues, settingFields, settingSections, settingValuesOf } from './settingsFields';

type Notice = { kind: 'status' | 'alert'; text: string } | null;

/** `/server` (administrators): every server setting of SPEC §3, saved with `PUT /api/server`, and the restart. */
export function ServerSettingsArea() {
  const server = useServerStore((state) => state.server);
  return server ? <ServerSettingsForm server={server} /> : <Spinner m="4" />;
}

function ServerSettingsForm({ server }: { server: Server }) {
  const { t } = useTranslation();
  const navigate = useRouterBridge((state) => state.navigate);
  const { dialog, confirm } = useConfirm();
  const form = useFieldsForm(settingFields, () => settingValuesOf(server));
  const { reset } = form;
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const dirty = useRef(false);

  // Another administrator's save (the socket refreshes the store) shows here, unless this form has edits of its own.
  useEffect(() => {
    if (!dirty.current) reset(settingValuesOf(server));
  }, [server, reset]);

  const change = (name: string, value: string | boolean) => {
    dirty.current = true;
    form.change(name, value);
  };

  // The map defaults from where the live map behind the panel rests.
  const pickMapView = (view: MapViewValues) => {
    change('latitude', view.latitude);
    change('longitude', view.longitude);
    change('zoom', view.zoom);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) {
      setNotice({ kind: 'alert', text: t('admin.form.fix') });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const saved: Server = serverSchema.parse(await trackingHttp.json('/server', { method: 'PUT', json: applySettingValues(server, form.values) }));
      dirty.current = false;
      const { config } = useServerStore.getState();
      if (config) useServerStore.getState().loaded(saved, config);
      reset(settingValuesOf(saved));
      setNotice({ kind: 'status', text: t('serverSettings.saved') });
    } catch (error) {
      setNotice({ kind: 'alert', text: form.refused(error) ? t('admin.form.fix') : errorMessage(error, 'serverSettings.saveFailed') });
    } finally {
      setBusy(false);
    }
  };

  const restart = async () => {
    if (!(await confirm({ message: t('serverSettings.restartConfirm'), danger: true }))) return;
    try {
      await trackingHttp.request('/server/restart', { method: 'POST' });
      setNotice({ kind: 'status', text: t('serverSettings.restarted') });
    } catch (error) {
      setNotice({ kind: 'alert', text: errorMessage(error, 'serverSettings.restartFailed') });
    }
  };

  return (
    <Box as="form" p="4" onSubmit={(event: FormEvent) => void save(event)} data-testid="server-settings">
      <Heading as="h2" size="md">
        {t('serverSettings.title')}
      </Heading>
      <Text fontSize="sm" color="fg.muted" data-testid="server-version">
        {t('serverSettings.version', { version: server.version ?? '—' })}
      </Text>
      <Stack gap="6" mt="4">
        {settingSections.map((section) => (
          <Box as="fieldset" key={section}>
            <Heading as="legend" size="sm" mb="2">
              {t(`serverSettings.sections.${section}`)}
            </Heading>
            <FieldsForm idPrefix="server-setting" columns={2} fields={fieldsOf(settingFields, section)} values={form.values} errors={form.errors} onChange={change} />
            {section === 'map' && (
              <Box mt="3">
                <MapViewPick disabled={busy} onPick={pickMapView} />
              </Box>
            )}
          </Box>
        ))}
      </Stack>
      {notice && (
        <Box role={notice.kind} mt="4" px="3" py="2" borderRadius="md" bg={notice.kind === 'alert' ? 'red.subtle' : 'green.subtle'} color={notice.kind === 'alert' ? 'red.fg' : 'green.fg'} data-testid="server-settings-notice">
          {notice.text}
        </Box>
      )}
      <HStack mt="4" gap="2" wrap="wrap">
        <Button type="submit" colorPalette="blue" loading={busy} loadingText={t('serverSettings.saving')} data-testid="server-settings-save">
          {t('serverSettings.save')}
        </Button>
        <Button variant="outline" colorPalette="red" onClick={() => void restart()} data-testid="server-restart">
          {t('serverSettings.restart')}
        </Button>
        <Button variant="ghost" onClick={() => navigate('/logs')}>
          {t('serverSettings.logs')}
        </Button>
      </HStack>
      {dialog}
    </Box>
  );
}
