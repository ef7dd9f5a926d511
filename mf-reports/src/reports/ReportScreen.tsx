import { Alert, ApiError, bus, Button, entityLists, Heading, HStack, i18n, Progress, Stack, Text, useDevicesStore, useServerStore, useSessionStore } from '@rastro/shared';
import type { RouteDisplay } from '@rastro/shared';
import { Download, MapPinned, Play, Square } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportQuery, trackingHttp, TRIPS_PAGE_SIZE, XLSX_MIME } from '../api/reportsApi';
import { useReportFilter } from '../filter/filterStore';
import { isValidDay, periodRange } from '../filter/period';
import { ReportFilter } from '../filter/ReportFilter';
import { rowArray } from '../rows/rowList';
import type { RowList } from '../rows/rowList';
import { ReportTable } from '../table/ReportTable';
import { unitSettingsOf } from '../units/userUnits';
import type { UnitSettings } from '../units/userUnits';
import type { CellContext, ReportDefinition } from './definitions';
import { fetchReport } from './fetchReport';

type Status = { name: 'idle' } | { name: 'loading'; since: number } | { name: 'ready' } | { name: 'failed'; code: string } | { name: 'cancelled' };

interface ReportScreenProps<Row> {
  definition: ReportDefinition<Row>;
  /** Drawn under the table once rows are in (the route's chart). */
  extra?(rows: RowList<Row>, units: UnitSettings): ReactNode;
  /** Draw the whole report on the map as soon as it loads (route history). */
  drawOnLoad?: boolean;
}

function useUnits(): UnitSettings {
  const user = useSessionStore((state) => state.user);
  const server = useServerStore((state) => state.server);
  const { i18n: current } = useTranslation();
  return useMemo(() => unitSettingsOf(user, server, current.language), [user, server, current.language]);
}

function useCellContext(units: UnitSettings): CellContext {
  const devices = useDevicesStore((state) => state.byId);
  const geofences = entityLists.geofences((state) => state.items);
  return useMemo(() => {
    const geofenceNames = new Map(geofences.map((geofence) => [geofence.id, geofence.name]));
    return { units, deviceName: (id) => devices[id]?.name ?? String(id), geofenceName: (id) => geofenceNames.get(id) ?? String(id) };
  }, [units, devices, geofences]);
}

/** "Viagens_2026-11-01_2026-11-07.xlsx": the report and its period, safe as a file name everywhere. */
export function spreadsheetName(title: string, firstDay: string, lastDay: string): string {
  return `${title.replace(/[^\p{L}\p{N}]+/gu, '-')}_${firstDay}${lastDay === firstDay ? '' : `_${lastDay}`}.xlsx`;
}

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // The download has its own copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

const failureKey = (code: string) => (code === 'WRITE_ACCESS_DENIED' || code === 'HTTP_403' ? 'forbidden' : code === 'TIMEOUT' ? 'timeout' : 'failed');

/** One report's screen: the shared filter, load / cancel / export / show on map, and the generic table. */
export function ReportScreen<Row>({ definition, extra, drawOnLoad = false }: ReportScreenProps<Row>) {
  const { t } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const units = useUnits();
  const context = useCellContext(units);
  const filter = useReportFilter((state) => state.filter);
  const [rows, setRows] = useState<RowList<Row>>([]);
  const [status, setStatus] = useState<Status>({ name: 'idle' });
  const [page, setPage] = useState<{ number: number; more: boolean }>({ number: 1, more: false });
  const [chosen, setChosen] = useState<string | null>(null);
  /** The tracker cut the route at its limit: the period holds more fixes than the rows. */
  const [truncated, setTruncated] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const running = useRef<AbortController | null>(null);
  const drawn = useRef(false);

  useEffect(() => {
    if (user) useReportFilter.getState().use(user.id);
  }, [user]);
  // The map gets ready to draw a route when the screen opens, not in the frame that first shows one
  // (and again on each load, for a map that was not listening yet when the screen opened).
  const drawsRoutes = (drawOnLoad && definition.display !== undefined) || definition.choose !== undefined;
  useEffect(() => {
    if (drawsRoutes) bus.emit('route:expected');
  }, [drawsRoutes]);
  // The screen's calls end with it, and the route it drew leaves the map with it.
  useEffect(
    () => () => {
      running.current?.abort();
      if (drawn.current) bus.emit('route:shown', null);
    },
    [],
  );
  // A long report counts its seconds, so the user sees it is alive and may cancel.
  useEffect(() => {
    if (status.name !== 'loading') return;
    const { since } = status;
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - since) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [status]);

  const { period } = filter;
  const periodValid = period.shortcut !== 'custom' || (isValidDay(period.customFrom) && isValidDay(period.customTo));
  const hasScope = filter.deviceIds.length > 0 || filter.groupIds.length > 0;
  const range = useCallback(() => periodRange(filter.period, units.timeZone), [filter.period, units.timeZone]);

  const draw = useCallback((display: RouteDisplay | null) => {
    drawn.current = display !== null;
    bus.emit('route:shown', display);
  }, []);

  const fetchPage = useCallback(
    async (number: number, signal: AbortSignal, onPart?: (rows: RowList<Row>) => void) => {
      const paging = definition.paged ? { page: number, limit: TRIPS_PAGE_SIZE } : undefined;
      return fetchReport(definition, filter, range(), { signal, paging, onPart });
    },
    [definition, filter, range],
  );

  const run = useCallback(
    async (number: number) => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setStatus({ name: 'loading', since: Date.now() });
      setElapsed(0);
      if (drawsRoutes) bus.emit('route:expected');
      try {
        // A long route's first rows show while the rest arrives (the table is virtualised, so each part is cheap).
        const onPart = number === 1 ? (part: RowList<Row>) => !controller.signal.aborted && setRows(part) : undefined;
        const { rows: found, truncated: cut } = await fetchPage(number, controller.signal, onPart);
        // A server that ignores paging answers everything at once: nothing more to ask.
        const more = Boolean(definition.paged) && found.length === TRIPS_PAGE_SIZE;
        setRows((previous) => {
          if (number === 1) return found;
          // Only paged reports (trips, 25 rows a page) come here: their rows are arrays.
          const kept = rowArray(previous);
          const known = new Set(kept.map((row, index) => definition.rowKey(row, index)));
          return [...kept, ...rowArray(found).filter((row, index) => !known.has(definition.rowKey(row, kept.length + index)))];
        });
        setPage({ number, more });
        setStatus({ name: 'ready' });
        if (number === 1) {
          setChosen(null);
          setTruncated(cut);
        }
        if (drawOnLoad && number === 1 && definition.display) {
          // The table draws in this task and the map in a later one: a month of fixes is work for both,
          // and together they would make one long task.
          await new Promise((resolve) => setTimeout(resolve, 0));
          // The line at once, its marks when the tracker has answered them.
          if (!controller.signal.aborted) {
            const whole = await definition.display(found, (line) => !controller.signal.aborted && draw(line));
            if (!controller.signal.aborted) draw(whole);
          }
        }
      } catch (error) {
        const code = error instanceof ApiError ? error.code : 'UNEXPECTED';
        setStatus(code === 'ABORTED' ? { name: 'cancelled' } : { name: 'failed', code });
      } finally {
        if (running.current === controller) running.current = null;
      }
    },
    [fetchPage, definition, drawOnLoad, drawsRoutes, draw],
  );

  const exportSheet = async () => {
    setExporting(true);
    try {
      const current = range();
      const response = await trackingHttp.request(`/reports/${definition.path}`, { query: reportQuery(filter, current), accept: XLSX_MIME });
      saveFile(await response.blob(), spreadsheetName(t(`reports.kinds.${definition.kind}`), current.firstDay, current.lastDay));
    } catch (error) {
      setStatus({ name: 'failed', code: error instanceof ApiError ? error.code : 'UNEXPECTED' });
    } finally {
      setExporting(false);
    }
  };

  const choose = definition.choose;
  const onChoose = choose
    ? (row: Row, key: string) => {
        setChosen(key);
        choose(row, trackingHttp).then(draw, () => setStatus({ name: 'failed', code: 'UNEXPECTED' }));
      }
    : undefined;
  const display = definition.display;
  const loading = status.name === 'loading';
  const emptyKey = definition.kind === 'route' ? 'reportScreens.noRoute' : 'reportScreens.empty';

  return (
    <Stack gap="3" p="2" data-testid={`report-${definition.kind}`}>
      <Heading as="h2" size="md">
        {t(`reports.kinds.${definition.kind}`)}
      </Heading>
      <ReportFilter timeZone={units.timeZone} uses={definition.uses} />
      {!hasScope && (
        <Text fontSize="sm" color="fg.muted">
          {t('reportScreens.chooseScope')}
        </Text>
      )}
      <HStack gap="2" wrap="wrap">
        {loading ? (
          <Button size="sm" variant="outline" data-testid="report-cancel" onClick={() => running.current?.abort()}>
            <Square aria-hidden /> {t('reportScreens.cancel')}
          </Button>
        ) : (
          <Button size="sm" data-testid="report-load" disabled={!hasScope || !periodValid} onClick={() => void run(1)}>
            <Play aria-hidden /> {t('reportScreens.load')}
          </Button>
        )}
        <Button size="sm" variant="outline" data-testid="report-export" disabled={!hasScope || !periodValid || exporting} loading={exporting} onClick={() => void exportSheet()}>
          <Download aria-hidden /> {t('reportScreens.export')}
        </Button>
        {display && (
          <Button size="sm" variant="outline" data-testid="report-show" disabled={rows.length === 0 || loading} onClick={() => void display(rows).then(draw, () => setStatus({ name: 'failed', code: 'UNEXPECTED' }))}>
            <MapPinned aria-hidden /> {t('reportScreens.showMarkers')}
          </Button>
        )}
      </HStack>
      {loading && (
        <Stack gap="1" data-testid="report-progress">
          <Progress.Root value={null} size="xs" aria-label={t('reportScreens.loading')}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text fontSize="sm" role="status">
            {t('reportScreens.loadingFor', { seconds: elapsed })}
          </Text>
        </Stack>
      )}
      {status.name === 'failed' && (
        <Alert.Root status="error" data-testid="report-failed">
          <Alert.Indicator />
          <Alert.Title>{t(`reportScreens.errors.${failureKey(status.code)}`, { code: status.code })}</Alert.Title>
        </Alert.Root>
      )}
      {status.name === 'cancelled' && (
        <Text fontSize="sm" role="status" data-testid="report-cancelled">
          {t('reportScreens.cancelled')}
        </Text>
      )}
      {status.name === 'ready' && rows.length === 0 && (
        <Text data-testid="report-empty" color="fg.muted">
          {t(emptyKey)}
        </Text>
      )}
      {rows.length > 0 && (status.name === 'ready' || loading) && (
        <>
          {truncated && (
            <Alert.Root status="warning" data-testid="report-truncated">
              <Alert.Indicator />
              <Alert.Title>{t('reportScreens.truncated')}</Alert.Title>
            </Alert.Root>
          )}
          <Text fontSize="sm" color="fg.muted" data-testid="report-count">
            {t('reportScreens.rows', { count: rows.length, formatted: rows.length.toLocaleString(i18n.language) })}
          </Text>
          <ReportTable definition={definition} rows={rows} context={context} chosen={chosen} onChoose={onChoose} busy={loading} />
          {page.more && !loading && (
            <Button size="sm" variant="ghost" data-testid="report-more" onClick={() => void run(page.number + 1)}>
              {t('reportScreens.more')}
            </Button>
          )}
          {/* The chart once every row is in: drawn again for each part of a long route, it would cost more than it shows. */}
          {!loading && extra?.(rows, units)}
        </>
      )}
    </Stack>
  );
}
