import { ApiError, Alert, Badge, Box, Button, Heading, HStack, Stack, Table, Text, attributeFlag, errorMessage, rastroAttributeKeys, remoteNames, useConfirm, useRouterBridge, useLoaded, useSessionStore, LoadState, Outcome } from '@rastro/shared';
import type { AreaProps, OutcomeMessage, User } from '@rastro/shared';
import type { Reseller, ResellerUsage } from '@rastro/shared/contract';
import { Palette, Pencil, Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerAdminCatalogs } from '../locales/catalog';
import { FieldsForm } from '../form/FieldsForm';
import { useFieldsForm } from '../form/useFieldsForm';
import { ownerWithResellerAttributes, reachedLimits, remoteOn, resellerFields, resellerUpdateOf, resellerValuesOf, type ResellerRole } from './resellerFields';
import { resellersApi, type ResellersApi } from './resellersApi';

registerAdminCatalogs();

interface Row {
  reseller: Reseller;
  /** Null until counted, or when it cannot be (no service account): the screen then says nothing of limits reached. */
  usage: ResellerUsage | null;
}

interface Data {
  resellers: Reseller[];
  users: User[];
}

async function loadData(api: ResellersApi): Promise<Data> {
  const [resellers, users] = await Promise.all([api.list(), api.users().catch(() => [] as User[])]);
  return { resellers, users };
}

/**
 * What each owned domain's tree holds, counted after the list shows: counting walks every user
 * and device of the tree on the tracking server, the list need not wait for it.
 */
function useUsages(api: ResellersApi, resellers: readonly Reseller[]): ReadonlyMap<string, ResellerUsage> {
  const [usages, setUsages] = useState<ReadonlyMap<string, ResellerUsage>>(new Map());
  useEffect(() => {
    let current = true;
    for (const { domain, ownerUserId } of resellers) {
      if (ownerUserId === null) continue;
      api.usage(domain).then(
        (usage) => current && setUsages((before) => new Map(before).set(domain, usage)),
        () => undefined,
      );
    }
    return () => {
      current = false;
    };
  }, [api, resellers]);
  return usages;
}

/**
 * `/resellers`: an administrator's every reseller domain — owner, sub-reseller right, device and
 * user limits, the remotes switched on, its theme; a reseller's own domain and the sub-resellers it
 * created within its own limits. Limits are the gateway's to enforce; the screen says when one is reached.
 */
export function ResellersArea({ api = resellersApi }: Partial<AreaProps> & { api?: ResellersApi }) {
  const caller = useSessionStore((state) => state.user);
  const load = useCallback(() => loadData(api), [api]);
  const { loaded, reload } = useLoaded(load);
  const [outcome, setOutcome] = useState<OutcomeMessage>(null);
  if (!caller || loaded.status !== 'ready') return <LoadState loaded={loaded} onRetry={reload} testId="admin" />;
  return <Resellers caller={caller} data={loaded.value} api={api} onChanged={reload} outcome={outcome} setOutcome={setOutcome} />;
}

interface ResellersProps {
  caller: User;
  data: Data;
  api: ResellersApi;
  onChanged(): void;
  outcome: OutcomeMessage;
  setOutcome(outcome: OutcomeMessage): void;
}

function Resellers({ caller, data, api, onChanged, outcome, setOutcome }: ResellersProps) {
  const { t } = useTranslation();
  const { dialog, confirm } = useConfirm();
  const navigate = useRouterBridge((state) => state.navigate);
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const usages = useUsages(api, data.resellers);
  const all = data.resellers.map((reseller): Row => ({ reseller, usage: usages.get(reseller.domain) ?? null }));
  const admin = Boolean(caller.administrator);
  const own = all.find((row) => row.reseller.ownerUserId === caller.id) ?? null;
  const rows = admin ? all : all.filter((row) => row.reseller.parentUserId === caller.id);
  const maySubResell = !admin && own !== null && attributeFlag(caller.attributes, rastroAttributeKeys.canCreateSubResellers);
  const userName = (id: number | null) => (id === null ? '—' : (data.users.find((user) => user.id === id)?.name ?? `#${id}`));

  const remove = async (reseller: Reseller) => {
    if (!(await confirm({ message: t('admin.resellers.removeConfirm', { domain: reseller.domain }), danger: true }))) return;
    try {
      await api.remove(reseller.domain);
      setOutcome({ kind: 'success', text: t('admin.resellers.removed', { domain: reseller.domain }) });
      onChanged();
    } catch (error) {
      setOutcome({ kind: 'error', text: errorMessage(error) });
    }
  };

  return (
    <Stack gap="4" p="3" data-testid="resellers">
      <Outcome outcome={outcome} testId="resellers-outcome" />
      {!admin && own && <OwnDomain row={own} onEdit={() => setEditing({ row: own })} onTheme={() => navigate(`/theme?domain=${own.reseller.domain}`)} />}
      {!admin && !own && <Text data-testid="resellers-no-domain">{t('admin.resellers.noDomain')}</Text>}
      {(admin || maySubResell) && (
        <Box as="section" aria-labelledby="resellers-list-title">
          <HStack justify="space-between" mb="2">
            <Heading as="h3" size="sm" id="resellers-list-title">
              {t(admin ? 'admin.resellers.all' : 'admin.resellers.subResellers')}
            </Heading>
            <Button size="sm" colorPalette="brand" onClick={() => setEditing({ row: null })} data-testid="reseller-new">
              <Plus size={16} aria-hidden />
              {t(admin ? 'admin.resellers.new' : 'admin.resellers.newSub')}
            </Button>
          </HStack>
          {!admin && own && (
            <Text fontSize="sm" color="fg.muted" mb="2">
              {t('admin.resellers.withinOwnLimits', { devices: limitText(t, own.reseller.deviceLimit), users: limitText(t, own.reseller.userLimit) })}
            </Text>
          )}
          {rows.length === 0 ? (
            <Text data-testid="resellers-empty">{t('admin.resellers.empty')}</Text>
          ) : (
            <Table.ScrollArea>
              <Table.Root size="sm" data-testid="resellers-table">
                <Table.Header>
                  <Table.Row>
                    {(['domain', 'owner', 'subResellers', 'devices', 'users', 'remotes', 'actions'] as const).map((column) => (
                      <Table.ColumnHeader key={column}>{t(`admin.resellers.columns.${column}`)}</Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((row) => {
                    const { reseller } = row;
                    const owner = data.users.find((user) => user.id === reseller.ownerUserId);
                    return (
                      <Table.Row key={reseller.domain} data-testid={`reseller-row-${reseller.domain}`}>
                        <Table.Cell fontWeight="medium">{reseller.domain}</Table.Cell>
                        <Table.Cell>{userName(reseller.ownerUserId)}</Table.Cell>
                        <Table.Cell>{t(owner && attributeFlag(owner.attributes, rastroAttributeKeys.canCreateSubResellers) ? 'admin.resellers.yes' : 'admin.resellers.no')}</Table.Cell>
                        <Table.Cell>{usageText(t, row.usage?.devices, reseller.deviceLimit)}</Table.Cell>
                        <Table.Cell>{usageText(t, row.usage?.users, reseller.userLimit)}</Table.Cell>
                        <Table.Cell>
                          <HStack gap="1" wrap="wrap">
                            {remoteNames
                              .filter((name) => remoteOn(reseller.remotes, name))
                              .map((name) => (
                                <Badge key={name} size="sm">
                                  {t(`admin.resellers.remotes.${name}`)}
                                </Badge>
                              ))}
                          </HStack>
                        </Table.Cell>
                        <Table.Cell>
                          <HStack gap="1">
                            <Button size="xs" variant="ghost" onClick={() => navigate(`/theme?domain=${reseller.domain}`)} aria-label={t('admin.resellers.themeOf', { domain: reseller.domain })}>
                              <Palette size={14} aria-hidden />
                            </Button>
                            <Button size="xs" variant="ghost" onClick={() => setEditing({ row })} aria-label={t('admin.resellers.editOf', { domain: reseller.domain })} data-testid={`reseller-edit-${reseller.domain}`}>
                              <Pencil size={14} aria-hidden />
                            </Button>
                            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void remove(reseller)} aria-label={t('admin.resellers.removeOf', { domain: reseller.domain })}>
                              <Trash2 size={14} aria-hidden />
                            </Button>
                          </HStack>
                        </Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Box>
      )}
      {editing && (
        <ResellerForm
          key={editing.row?.reseller.domain ?? 'new'}
          row={editing.row}
          role={admin ? 'administrator' : editing.row !== null && editing.row.reseller.domain === own?.reseller.domain ? 'owner' : 'parent'}
          own={own?.reseller ?? null}
          users={data.users}
          api={api}
          onDone={(text) => {
            setEditing(null);
            setOutcome({ kind: 'success', text });
            onChanged();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {dialog}
    </Stack>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

const limitText = (t: Translate, limit: number) => (limit === -1 ? t('admin.resellers.unlimited') : String(limit));
const usageText = (t: Translate, used: number | undefined, limit: number) => (used === undefined ? limitText(t, limit) : t('admin.resellers.usage', { used, limit: limitText(t, limit) }));

/** A reseller's own domain: its limits, how much of them its tree uses, and why creating stops when one is reached. */
function OwnDomain({ row, onEdit, onTheme }: { row: Row; onEdit(): void; onTheme(): void }) {
  const { t } = useTranslation();
  const { reseller, usage } = row;
  const reached = usage ? reachedLimits(reseller, usage) : [];
  return (
    <Box as="section" aria-labelledby="reseller-own-title" borderWidth="1px" borderRadius="md" p="3" data-testid="reseller-own">
      <Heading as="h3" size="sm" id="reseller-own-title" mb="2">
        {t('admin.resellers.ownDomain', { domain: reseller.domain })}
      </Heading>
      <Stack gap="1" fontSize="sm">
        <Text>{t('admin.resellers.ownDevices', { usage: usageText(t, usage?.devices, reseller.deviceLimit) })}</Text>
        <Text>{t('admin.resellers.ownUsers', { usage: usageText(t, usage?.users, reseller.userLimit) })}</Text>
      </Stack>
      {reached.map((kind) => (
        <Alert.Root key={kind} status="warning" mt="2" data-testid={`reseller-limit-${kind}`}>
          <Alert.Indicator />
          <Alert.Description>{t(`admin.resellers.limitReached.${kind}`, { limit: kind === 'devices' ? reseller.deviceLimit : reseller.userLimit })}</Alert.Description>
        </Alert.Root>
      ))}
      <HStack mt="3">
        <Button size="sm" variant="outline" onClick={onEdit} data-testid="reseller-own-edit">
          <Pencil size={14} aria-hidden />
          {t('admin.resellers.editRemotes')}
        </Button>
        <Button size="sm" variant="outline" onClick={onTheme} data-testid="reseller-own-theme">
          <Palette size={14} aria-hidden />
          {t('admin.resellers.theme')}
        </Button>
      </HStack>
    </Box>
  );
}

interface ResellerFormProps {
  row: Row | null;
  role: ResellerRole;
  own: Reseller | null;
  users: User[];
  api: ResellersApi;
  onDone(message: string): void;
  onCancel(): void;
}

/** Creates or edits one domain with the declared fields (resellerFields.ts). */
function ResellerForm({ row, role, own, users, api, onDone, onCancel }: ResellerFormProps) {
  const { t } = useTranslation();
  const current = row?.reseller ?? null;
  const owners = useMemo(() => [{ value: '', label: t('admin.resellers.noOwner') }, ...users.map((user) => ({ value: String(user.id), label: `${user.name} (${user.email})` }))], [users, t]);
  const fields = resellerFields(role, current === null, owners);
  const form = useFieldsForm(fields, () => resellerValuesOf(current, users.find((user) => user.id === current?.ownerUserId) ?? null));
  const { values } = form;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const domain = current?.domain ?? String(values.domain ?? '').trim().toLowerCase();

  const save = async () => {
    if (!form.check()) return setError(t('admin.form.fix'));
    setBusy(true);
    setError(null);
    try {
      const saved = await api.save(domain, resellerUpdateOf(current, values));
      const owner = users.find((user) => user.id === saved.ownerUserId);
      // Only an administrator writes the reseller attributes (the gateway's privileged settings).
      const attributes = role === 'administrator' && owner ? ownerWithResellerAttributes(owner, saved.domain, values.canCreateSubResellers === true) : null;
      if (attributes) await api.saveUser(attributes);
      onDone(t('admin.resellers.saved', { domain: saved.domain }));
    } catch (failure) {
      const named = form.refused(failure);
      setError(explain(t, failure, own, named));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box as="section" aria-labelledby="reseller-form-title" borderWidth="1px" borderRadius="md" p="3" data-testid="reseller-form">
      <Heading as="h3" size="sm" id="reseller-form-title" mb="3">
        {current ? t('admin.resellers.editTitle', { domain: current.domain }) : t(role === 'parent' ? 'admin.resellers.newSub' : 'admin.resellers.new')}
      </Heading>
      <Stack as="form" gap="3" onSubmit={(event) => (event.preventDefault(), void save())}>
        <FieldsForm idPrefix="reseller" fields={fields} values={values} errors={form.errors} disabled={busy} onChange={form.change} />
        {error && (
          <Alert.Root status="error" role="alert" data-testid="reseller-form-error">
            <Alert.Indicator />
            <Alert.Description>{error}</Alert.Description>
          </Alert.Root>
        )}
        <HStack>
          <Button type="submit" size="sm" colorPalette="brand" loading={busy} data-testid="reseller-save">
            {t('admin.resellers.save')}
          </Button>
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {t('admin.resellers.cancel')}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

/** A refusal in the reader's words; a sub-reseller's limits beyond the reseller's own (the fields it names) say what its own are. */
function explain(t: Translate, failure: unknown, own: Reseller | null, namedFields: boolean): string {
  if (failure instanceof ApiError && failure.code === 'USER_DEVICE_LIMIT_REACHED' && own && namedFields)
    return t('admin.resellers.beyondOwnLimits', { devices: limitText(t, own.deviceLimit), users: limitText(t, own.userLimit) });
  return errorMessage(failure);
}
