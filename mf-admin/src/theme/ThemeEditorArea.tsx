import { Badge, Box, Button, Grid, Heading, HStack, Stack, Text, errorMessage, rastroAttributeKeys, useConfirm, useRouterBridge, useLoaded, useSessionStore, LoadState, Outcome } from '@rastro/shared';
import type { AreaProps, OutcomeMessage } from '@rastro/shared';
import type { ThemeEdit } from '@rastro/shared/contract';
import { Undo2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerAdminCatalogs } from '../locales/catalog';
import { contrastChecks, type ContrastCheck } from './contrast';
import { fieldsOf } from '../form/declaredFields';
import { FieldsForm } from '../form/FieldsForm';
import { useFieldsForm } from '../form/useFieldsForm';
import { ImageSlotControl } from './ImageSlotControl';
import { themeApi, type ThemeApi } from './themeApi';
import { previewTheme, themeFields, themeImages, themeOverridesOf, themeSections, themeValuesOf } from './themeFields';
import { ThemePreview } from './ThemePreview';

registerAdminCatalogs();

/**
 * The domain whose theme is edited: `?domain=` (from the resellers screen); else a reseller's own
 * domain, wherever it opened the editor; else (an administrator) the page's own.
 */
function useTargetDomain(): string | undefined {
  const search = useRouterBridge((state) => state.search);
  const user = useSessionStore((state) => state.user);
  const own = user && !user.administrator ? user.attributes[rastroAttributeKeys.resellerDomain] : undefined;
  return new URLSearchParams(search).get('domain') ?? (typeof own === 'string' && own ? own : undefined);
}

/**
 * `/theme` (administrators, and resellers for their own domain; paid edition): SPEC §2's sections
 * general, login screen, logos and colours, with the contrast check and a live preview; saved per
 * domain with `PUT /rastro/theme`, undoable (the gateway keeps the version a save replaced).
 */
export function ThemeEditorArea({ api = themeApi }: Partial<AreaProps> & { api?: ThemeApi }) {
  const domain = useTargetDomain();
  const load = useCallback(() => api.edit(domain), [api, domain]);
  const { loaded, reload } = useLoaded(load);
  // Kept here: the editor starts again from the gateway's answer after a save, its message stays.
  const [outcome, setOutcome] = useState<OutcomeMessage>(null);
  if (loaded.status !== 'ready') return <LoadState loaded={loaded} onRetry={reload} testId="admin" />;
  return <ThemeEditor key={JSON.stringify(loaded.value)} edit={loaded.value} api={api} onChanged={reload} domain={domain} outcome={outcome} setOutcome={setOutcome} />;
}

interface ThemeEditorProps {
  edit: ThemeEdit;
  api: ThemeApi;
  onChanged(): void;
  domain: string | undefined;
  outcome: OutcomeMessage;
  setOutcome(outcome: OutcomeMessage): void;
}

function ThemeEditor({ edit, api, onChanged, domain, outcome, setOutcome }: ThemeEditorProps) {
  const { t } = useTranslation();
  const { dialog, confirm } = useConfirm();
  const form = useFieldsForm(themeFields, () => themeValuesOf(edit.effective));
  const { values } = form;
  const [busy, setBusy] = useState(false);
  const preview = useMemo(() => previewTheme(edit.effective, values), [edit.effective, values]);
  const checks = useMemo(() => ({ colours: contrastChecks(preview.colors), darkColours: contrastChecks(preview.colors.dark ?? preview.colors) }), [preview.colors]);
  const target = edit.domain === '*' ? t('admin.theme.defaultDomain') : edit.domain;

  const act = async (work: () => Promise<string>) => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ kind: 'success', text: await work() });
      onChanged();
    } catch (error) {
      form.refused(error);
      setOutcome({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    if (!form.check()) return setOutcome({ kind: 'error', text: t('admin.form.fix') });
    void act(async () => {
      await api.save(themeOverridesOf(edit.own, edit.effective, values), domain);
      return t('admin.theme.saved', { domain: target });
    });
  };

  const undo = async () => {
    if (!(await confirm({ message: t('admin.theme.undoConfirm', { domain: target }), confirmLabel: t('admin.theme.undo') }))) return;
    void act(async () => {
      await api.undo(domain);
      return t('admin.theme.undone');
    });
  };

  return (
    <Stack gap="4" p="3" data-testid="theme-editor">
      <HStack justify="space-between" wrap="wrap">
        <Text>
          {t('admin.theme.editing')} <Badge data-testid="theme-domain">{target}</Badge>
        </Text>
        <HStack>
          <Button size="sm" variant="outline" disabled={busy || edit.previous === null} onClick={() => void undo()} data-testid="theme-undo">
            <Undo2 size={16} aria-hidden />
            {t('admin.theme.undo')}
          </Button>
          <Button size="sm" colorPalette="brand" loading={busy} onClick={save} data-testid="theme-save">
            {t('admin.theme.save')}
          </Button>
        </HStack>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t('admin.theme.appliesOnReload')}
      </Text>
      <Outcome outcome={outcome} testId="theme-outcome" />
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 20rem)' }} gap="4" alignItems="start">
        <Stack gap="5">
          {themeSections.map((section) => (
            <Box as="section" key={section} aria-labelledby={`theme-section-${section}`} borderWidth="1px" borderRadius="md" p="3" data-testid={`theme-section-${section}`}>
              <Heading as="h3" size="sm" id={`theme-section-${section}`} mb="3">
                {t(`admin.theme.sections.${section}`)}
              </Heading>
              <Stack gap="3">
                <FieldsForm idPrefix="theme" fields={fieldsOf(themeFields, section)} values={values} errors={form.errors} disabled={busy} onChange={form.change} />
                {themeImages[section].map((slot) => (
                  <ImageSlotControl key={slot} slot={slot} url={edit.effective.images[slot] ?? null} api={api} domain={domain} onChanged={onChanged} />
                ))}
                {(section === 'colours' || section === 'darkColours') && <ContrastList checks={checks[section]} dark={section === 'darkColours'} />}
              </Stack>
            </Box>
          ))}
        </Stack>
        <Stack gap="4" position={{ lg: 'sticky' }} top="0">
          <ThemePreview theme={preview} />
          <ThemePreview theme={{ ...preview, colors: preview.colors.dark ?? preview.colors }} dark />
        </Stack>
      </Grid>
      {dialog}
    </Stack>
  );
}

/**
 * WCAG AA of the text the product draws on one mode's colours. In dark mode the theme's text
 * colour is the light one, so its own wording (`contrastDark`) asks for a darker background.
 */
function ContrastList({ checks, dark }: { checks: ContrastCheck[]; dark: boolean }) {
  const { t } = useTranslation();
  const keys = dark ? 'admin.theme.contrastDark' : 'admin.theme.contrast';
  const testId = dark ? 'theme-contrast-dark' : 'theme-contrast';
  return (
    <Stack as="ul" gap="1" aria-label={t(`${keys}.title`)} data-testid={testId}>
      {checks.map((check) => (
        <Box as="li" key={check.id} listStyleType="none" fontSize="sm" data-testid={`contrast-${dark ? 'dark-' : ''}${check.id}`} data-passes={check.passes}>
          <Badge colorPalette={check.passes ? 'green' : 'red'} mr="2">
            {check.passes ? t('admin.theme.contrast.pass') : t('admin.theme.contrast.fail')}
          </Badge>
          {t(`${keys}.${check.id}`, { light: check.light, dark: check.dark })}
          {!check.passes && <Text color="fg.error">{t(check.drawn === 'light' ? 'admin.theme.contrast.lightFails' : `${keys}.darkFails`)}</Text>}
        </Box>
      ))}
    </Stack>
  );
}
