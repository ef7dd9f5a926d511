import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Grid, Heading, HStack, Spinner, Stack, Text, ApiError, errorMessage, useConfirm, useRouterBridge, useServerStore } from '@rastro/shared';
import type { Server } from '@rastro/shared';
import { serverSchema } from '@rastro/shared/contract';
import { useTranslation } from 'react-i18next';
import { trackingHttp } from './clients';
import { SettingInput } from './SettingInput';
import { applySettingValues, checkSettings, fieldsNamed, settingSections, settingValuesOf, type SettingError, type SettingValues } from './settingsFields';

type Notice = { kind: 'status' | 'alert'; text: string } | null;

/** The names a 400 of the gateway gives (`{ code, fields }`), or none. */
function refusedFields(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  try {
    const body = JSON.parse(error.body) as { fields?: unknown };
    return Array.isArray(body.fields) ? fieldsNamed(body.fields.map(String)) : [];
  } catch {
    return [];
  }
}

/** `/server` (administrators): every server setting of SPEC §3, saved with `PUT /api/server`, and the restart. */
export function ServerSettingsArea() {
  const { t } = useTranslation();
  const server = useServerStore((state) => state.server);
  const navigate = useRouterBridge((state) => state.navigate);
  const { dialog, confirm } = useConfirm();
  const [values, setValues] = useState<SettingValues | null>(null);
  const [errors, setErrors] = useState<Record<string, SettingError>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const dirty = useRef(false);

  // Another administrator's save (the socket refreshes the store) shows here, unless this form has edits of its own.
  useEffect(() => {
    if (server && !dirty.current) setValues(settingValuesOf(server));
  }, [server]);

  if (!server || !values) return <Spinner m="4" />;

  const change = (name: string, value: string | boolean) => {
    dirty.current = true;
    setValues({ ...values, [name]: value });
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const next = applySettingValues(server, values);
    const found = checkSettings(next);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setNotice({ kind: 'alert', text: t('serverSettings.checkForm') });
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const saved: Server = serverSchema.parse(await trackingHttp.json('/server', { method: 'PUT', json: next }));
      dirty.current = false;
      const { config } = useServerStore.getState();
      if (config) useServerStore.getState().loaded(saved, config);
      setValues(settingValuesOf(saved));
      setNotice({ kind: 'status', text: t('serverSettings.saved') });
    } catch (error) {
      const named = refusedFields(error);
      if (named.length > 0) setErrors(Object.fromEntries(named.map((name) => [name, { key: 'serverSettings.invalid.choice' }])));
      setNotice({ kind: 'alert', text: named.length > 0 ? t('serverSettings.checkForm') : errorMessage(error, 'serverSettings.saveFailed') });
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
          <Box as="fieldset" key={section.id}>
            <Heading as="legend" size="sm" mb="2">
              {t(`serverSettings.sections.${section.id}`)}
            </Heading>
            <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="3">
              {section.fields.map((setting) => (
                <SettingInput key={setting.name} setting={setting} value={values[setting.name] ?? ''} error={errors[setting.name]} onChange={(value) => change(setting.name, value)} />
              ))}
            </Grid>
          </Box>
        ))}
      </Stack>
      {notice && (
        <Box role={notice.kind} mt="4" px="3" py="2" borderRadius="md" bg={notice.kind === 'alert' ? 'red.50' : 'green.50'} color={notice.kind === 'alert' ? 'red.800' : 'green.800'} data-testid="server-settings-notice">
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
