import { Box, Button, formatNumber, Grid, Stack, Text, useDevicesStore, useServerStore, useSessionStore } from '@rastro/shared';
import { ChartColumn } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReportFilter } from '../filter/filterStore';
import { periodRange } from '../filter/period';
import { eventsReport, stopsReport, summaryReport, tripsReport } from '../reports/definitions';
import { fetchReport } from '../reports/fetchReport';
import type { ReportAnswer } from '../reports/fetchReport';
import { rowArray } from '../rows/rowList';
import type { ReportKind } from '../reports/reportKinds';
import { formatDistance, formatDuration, unitSettingsOf } from '../units/userUnits';
import type { UnitSettings } from '../units/userUnits';
import { fleetOverview, overviewFigures } from './overview';
import type { FigureSeries, OverviewFigure } from './overview';

const BAR_WIDTH = 6;

/** A figure's days as small bars: the shape of the period at a glance (the total is the text). */
function DayBars({ series, label }: { series: FigureSeries; label: string }) {
  const top = Math.max(...series.perDay, 1);
  return (
    <svg width={series.perDay.length * BAR_WIDTH} height="24" role="img" aria-label={label}>
      {series.perDay.map((value, day) => (
        <rect key={day} x={day * BAR_WIDTH} y={24 - (value / top) * 24} width={BAR_WIDTH - 1} height={(value / top) * 24} fill="currentColor" opacity="0.6" />
      ))}
    </svg>
  );
}

function figureText(figure: OverviewFigure, total: number, units: UnitSettings): string {
  if (figure === 'distance') return formatDistance(total, units);
  if (figure === 'driving' || figure === 'idle') return formatDuration(total);
  return formatNumber(total, units.language, 0);
}

/**
 * The fleet at a glance over the filter's period (issue 18): distance, driving and idle time, stops,
 * overspeed events and devices online now, each with its days as bars. Loaded on request, since it
 * reads four reports over every device; a figure whose report the user may not open is left out.
 */
export function FleetOverview({ allowed }: { allowed: ReadonlySet<ReportKind> }) {
  const { t, i18n } = useTranslation();
  const user = useSessionStore((state) => state.user);
  const server = useServerStore((state) => state.server);
  const devices = useDevicesStore((state) => state.byId);
  const filter = useReportFilter((state) => state.filter);
  const units = useMemo(() => unitSettingsOf(user, server, i18n.language), [user, server, i18n.language]);
  const [figures, setFigures] = useState<ReturnType<typeof fleetOverview> | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const online = Object.values(devices).filter((device) => device.status === 'online').length;

  const load = async () => {
    setState('loading');
    const range = periodRange(filter.period, units.timeZone);
    const everyDevice = { ...filter, deviceIds: Object.values(devices).map((device) => device.id), groupIds: [], daily: true, eventTypes: ['deviceOverspeed'] };
    const when = <Row,>(kind: ReportKind, read: () => Promise<ReportAnswer<Row>>) => (allowed.has(kind) ? read().then((answer) => rowArray(answer.rows)) : Promise.resolve(undefined));
    try {
      const [summary, trips, stops, overspeed] = await Promise.all([
        when('summary', () => fetchReport(summaryReport, everyDevice, range)),
        when('trips', () => fetchReport(tripsReport, everyDevice, range)),
        when('stops', () => fetchReport(stopsReport, everyDevice, range)),
        when('events', () => fetchReport(eventsReport, everyDevice, range)),
      ]);
      setFigures(fleetOverview({ summary, trips, stops, overspeed }, range, units.timeZone));
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <Box as="section" aria-labelledby="fleet-overview-title" borderWidth="1px" borderRadius="md" p="2" data-testid="fleet-overview">
      <Stack gap="2">
        <Text id="fleet-overview-title" fontWeight="semibold">
          {t('reportScreens.overview.title')} · {t(`reportScreens.periods.${filter.period.shortcut}`)}
        </Text>
        <Grid templateColumns="repeat(auto-fill, minmax(9rem, 1fr))" gap="2">
          <Box data-testid="overview-online">
            <Text fontSize="xs" color="fg.muted">
              {t('reportScreens.overview.online')}
            </Text>
            <Text fontWeight="semibold">{formatNumber(online, units.language, 0)}</Text>
          </Box>
          {figures &&
            overviewFigures.map((figure) => {
              const series = figures[figure];
              if (!series) return null;
              const name = t(`reportScreens.overview.${figure}`);
              return (
                <Box key={figure} data-testid={`overview-${figure}`}>
                  <Text fontSize="xs" color="fg.muted">
                    {name}
                  </Text>
                  <Text fontWeight="semibold">{figureText(figure, series.total, units)}</Text>
                  <DayBars series={series} label={t('reportScreens.overview.perDay', { figure: name })} />
                </Box>
              );
            })}
        </Grid>
        {state === 'failed' && (
          <Text fontSize="sm" role="alert">
            {t('reportScreens.overview.failed')}
          </Text>
        )}
        <Button size="xs" variant="outline" alignSelf="flex-start" loading={state === 'loading'} onClick={() => void load()} data-testid="overview-load">
          <ChartColumn aria-hidden /> {t('reportScreens.overview.load')}
        </Button>
      </Stack>
    </Box>
  );
}
