import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Field, Grid, Heading, HStack, Input, LabelledSelect, registerCatalogs, Spinner, Stack, Table, Text, errorMessage, formatDate, useDevicesStore, useRouterBridge } from '@rastro/shared';
import type { AuditEntry } from '@rastro/shared/contract';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { trackingHttp } from '../server/clients';
import { LogDetail } from './LogDetail';
import { auditLogsEnUS } from './locales/en-US';
import { auditLogsEs } from './locales/es';
import { auditLogsPtBR } from './locales/pt-BR';
import { logsCsv } from './logsCsv';
import { filtersFromSearch, NO_FILTERS, searchOfFilters, type LogFilters } from './logsQuery';
import { fetchLogPage, useLogPages } from './useLogPages';

registerCatalogs({ 'pt-BR': auditLogsPtBR, es: auditLogsEs, 'en-US': auditLogsEnUS }, (catalog) => ({ auditLogs: catalog }));

const ROW_HEIGHT = 44;
/** The CSV holds at most this many entries (the newest): beyond it, narrow the filters. */
const EXPORT_MAX = 20_000;
const ACTIONS = Object.keys(auditLogsPtBR.actions);
const OBJECT_TYPES = Object.keys(auditLogsPtBR.objectTypes);

interface UserChoice {
  id: number;
  name: string;
}

/** `/logs` (administrators, paid edition): who did what, when and from where, filtered, paged by cursor, exportable. */
export function LogsArea() {
  const { t, i18n } = useTranslation();
  const search = useRouterBridge((state) => state.search);
  const navigate = useRouterBridge((state) => state.navigate);
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const devices = useDevicesStore((state) => state.byId);
  const [users, setUsers] = useState<UserChoice[]>([]);
  const [chosen, setChosen] = useState<AuditEntry | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);
  const pages = useLogPages(filters);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    trackingHttp.json<UserChoice[]>('/users').then(
      (list) => setUsers(list.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))),
      () => setUsers([]),
    );
  }, []);

  // eslint-disable-next-line react-hooks/incompatible-library -- the list renders again with every scroll; nothing memoised reads it
  const virtualizer = useVirtualizer({ count: pages.items.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 10, initialRect: { width: 800, height: 480 } });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.at(-1)?.index ?? -1;
  const { more, loading, loadMore } = pages;
  useEffect(() => {
    // The next page is asked for while the end is still a screen away.
    if (more && !loading && lastShown >= pages.items.length - 20) loadMore();
  }, [lastShown, more, loading, loadMore, pages.items.length]);

  const setFilter = (name: keyof LogFilters, value: string) => navigate(`/logs${searchOfFilters({ ...filters, [name]: value })}`, { replace: true });
  const userName = (entry: AuditEntry) => entry.userName ?? entry.userEmail ?? (entry.userId === null ? t('auditLogs.system') : `#${entry.userId}`);
  const label = (group: 'actions' | 'objectTypes', value: string) => t(`auditLogs.${group}.${value}`, { defaultValue: value });
  const deviceName = (id: number | null) => (id === null ? '' : (devices[id]?.name ?? `#${id}`));

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const entries: AuditEntry[] = [];
      let cursor: string | null = null;
      do {
        const page = await fetchLogPage(filters, cursor, 200);
        entries.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor && entries.length < EXPORT_MAX);
      const url = URL.createObjectURL(new Blob([logsCsv(entries)], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `rastro-logs-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (failure) {
      setExportError(failure);
    } finally {
      setExporting(false);
    }
  };

  const select = (name: 'device' | 'user' | 'action' | 'objectType', options: Array<{ value: string; label: string }>) => {
    const value = filters[name];
    // A value from the URL that no list holds (a device out of reach) is still shown.
    const unlisted = value && !options.some((option) => option.value === value) ? [{ value, label: `#${value}` }] : [];
    return <LabelledSelect id={`logs-filter-${name}`} label={t(`auditLogs.filters.${name}`)} value={value} options={[{ value: '', label: t('auditLogs.filters.any') }, ...unlisted, ...options]} onChange={(chosen) => setFilter(name, chosen)} />;
  };
  const day = (name: 'from' | 'to') => (
    <Field.Root>
      <Field.Label htmlFor={`logs-filter-${name}`}>{t(`auditLogs.filters.${name}`)}</Field.Label>
      <Input id={`logs-filter-${name}`} data-testid={`logs-filter-${name}`} size="sm" type="date" value={filters[name]} onChange={(event) => setFilter(name, event.target.value)} />
    </Field.Root>
  );

  const before = rows[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (rows.at(-1)?.end ?? 0);
  return (
    <Stack p="4" gap="3" data-testid="logs-area">
      <Heading as="h2" size="md">
        {t('auditLogs.title')}
      </Heading>
      <Grid templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }} gap="2">
        {select('user', users.map((user) => ({ value: String(user.id), label: user.name })))}
        {select('device', Object.values(devices).sort((a, b) => a.name.localeCompare(b.name)).map((device) => ({ value: String(device.id), label: device.name })))}
        {select('action', ACTIONS.map((action) => ({ value: action, label: label('actions', action) })))}
        {select('objectType', OBJECT_TYPES.map((type) => ({ value: type, label: label('objectTypes', type) })))}
        {day('from')}
        {day('to')}
      </Grid>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => navigate(`/logs${searchOfFilters(NO_FILTERS)}`, { replace: true })}>
          {t('auditLogs.filters.clear')}
        </Button>
        <Button size="sm" colorPalette="blue" loading={exporting} loadingText={t('auditLogs.exporting')} onClick={() => void exportCsv()} data-testid="logs-export">
          <Download aria-hidden /> {t('auditLogs.export')}
        </Button>
        <Text fontSize="sm" color="fg.muted" role="status" data-testid="logs-count">
          {t('auditLogs.count', { count: pages.items.length })}
        </Text>
      </HStack>
      {Boolean(exportError) && <Text role="alert" color="fg.error">{errorMessage(exportError, 'auditLogs.exportFailed')}</Text>}
      {Boolean(pages.error) && <Text role="alert" color="fg.error">{errorMessage(pages.error, 'auditLogs.loadFailed')}</Text>}
      {pages.items.length === 0 && !pages.loading && !pages.error && <Text data-testid="logs-empty">{t('auditLogs.empty')}</Text>}
      {pages.items.length > 0 && (
        <Box ref={scroller} overflow="auto" maxH="55vh" borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t('auditLogs.title')} data-testid="logs-table">
          <Table.Root size="sm" stickyHeader>
            <Table.Header>
              <Table.Row>
                {(['at', 'who', 'what', 'where'] as const).map((column) => (
                  <Table.ColumnHeader key={column}>{t(`auditLogs.columns.${column}`)}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {before > 0 && <tr aria-hidden style={{ height: before }} />}
              {rows.map((row) => {
                const entry = pages.items[row.index] as AuditEntry;
                const open = () => setChosen(entry);
                return (
                  <Table.Row
                    key={entry.id}
                    data-testid="log-row"
                    data-action={entry.action}
                    style={{ height: ROW_HEIGHT }}
                    cursor="pointer"
                    tabIndex={0}
                    aria-current={chosen?.id === entry.id ? true : undefined}
                    onClick={open}
                    onKeyDown={(event) => (event.key === 'Enter' || event.key === ' ') && open()}
                  >
                    <Table.Cell whiteSpace="nowrap">{formatDate(entry.at, i18n.language)}</Table.Cell>
                    <Table.Cell>{userName(entry)}</Table.Cell>
                    <Table.Cell>
                      {label('actions', entry.action)} · {label('objectTypes', entry.objectType)}
                      {entry.objectId !== null ? ` #${entry.objectId}` : ''}
                      {entry.deviceId !== null && entry.deviceId !== entry.objectId ? ` · ${deviceName(entry.deviceId)}` : ''}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{[entry.domain, entry.clientIp].filter(Boolean).join(' · ')}</Table.Cell>
                  </Table.Row>
                );
              })}
              {after > 0 && <tr aria-hidden style={{ height: after }} />}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {pages.loading && <Spinner size="sm" aria-label={t('auditLogs.loading')} />}
      {chosen && <LogDetail entry={chosen} onClose={() => setChosen(null)} />}
    </Stack>
  );
}
