import { bus, Box, HStack, LabelledSelect, useDevicesStore } from '@rastro/shared';
import type { Position } from '@rastro/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartKeys, chartSeries, routeRowsOf } from '../reports/definitions';
import type { RowList } from '../rows/rowList';
import { deviceRuns } from '../rows/routeColumns';
import { axisTimes } from '../units/userUnits';
import type { UnitSettings } from '../units/userUnits';

const HEIGHT = 180;

/**
 * The route's numbers over time (speed, altitude, fuel, battery or any numeric attribute) of one
 * device (the first of the route unless another is chosen), for the chosen series. Its cursor
 * follows the map's playback (the bus's route:cursor), and moving over the chart moves the playback
 * (route:seekRequested), so the map's markers show where the device was at that moment.
 */
export default function RouteChart({ positions, units }: { positions: RowList<Position>; units: UnitSettings }) {
  const { t, i18n } = useTranslation();
  const names = useDevicesStore((state) => state.byId);
  const holder = useRef<HTMLDivElement>(null);
  // Read from the route's columns: a month of fixes is never walked as objects here.
  const route = useMemo(() => routeRowsOf(positions), [positions]);
  const runs = useMemo(() => deviceRuns(route.columns), [route]);
  const deviceIds = useMemo(() => runs.map((run) => run.deviceId), [runs]);
  const [deviceId, setDeviceId] = useState<number | undefined>();
  const run = runs.find((item) => item.deviceId === deviceId) ?? runs[0];
  const shownDevice = run?.deviceId;
  const keys = useMemo(() => (run ? chartKeys(route, run) : []), [route, run]);
  const [key, setKey] = useState('speed');
  const chosenKey = keys.includes(key) ? key : keys[0];
  // A month's series thinned to what the chart's width can show (its peaks kept): see chartSeries.
  const chosen = useMemo(() => (run && chosenKey ? { key: chosenKey, ...chartSeries(route, run, chosenKey, units) } : undefined), [route, run, chosenKey, units]);
  const label = (name: string) => (i18n.exists(`reportScreens.chart.${name}`) ? t(`reportScreens.chart.${name}`) : name);

  useEffect(() => {
    const element = holder.current;
    if (!element || !chosen) return;
    const plot = new uPlot(
      {
        width: element.clientWidth || 320,
        height: HEIGHT,
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), units.timeZone),
        legend: { show: false },
        // The time axis in the user's language, zone and clock (uPlot's own labels are English).
        axes: [{ values: (_plot, splits) => axisTimes(splits, units) }, {}],
        cursor: { drag: { x: false, y: false } },
        series: [{}, { label: chosen.key, stroke: '#2563eb', width: 1.5, spanGaps: true }],
      },
      [chosen.times, chosen.values],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth || 320, height: HEIGHT }));
    resize.observe(element);
    const onCursor = (time: number | null) => {
      if (time === null) return plot.setCursor({ left: -10, top: -10 });
      plot.setCursor({ left: plot.valToPos(time / 1000, 'x'), top: HEIGHT / 2 });
      element.dataset.cursor = String(time);
    };
    bus.on('route:cursor', onCursor);
    // The pointer's time over the plot area; the map answers with route:cursor, which draws the cursor here.
    const onMove = (event: MouseEvent) => {
      const seconds = plot.posToVal(event.offsetX, 'x');
      if (Number.isFinite(seconds)) bus.emit('route:seekRequested', Math.round(seconds * 1000));
    };
    plot.over.addEventListener('mousemove', onMove);
    return () => {
      plot.over.removeEventListener('mousemove', onMove);
      bus.off('route:cursor', onCursor);
      resize.disconnect();
      plot.destroy();
    };
  }, [chosen, units]);

  return (
    <Box data-testid="route-chart">
      <HStack gap="2" align="end">
        {deviceIds.length > 1 && (
          <LabelledSelect id="route-chart-device" label={t('reportScreens.chart.device')} value={String(shownDevice)} onChange={(value) => setDeviceId(Number(value))} options={deviceIds.map((id) => ({ value: String(id), label: names[id]?.name ?? String(id) }))} />
        )}
        <LabelledSelect id="route-chart-series" label={t('reportScreens.chart.series')} value={chosen?.key ?? ''} onChange={setKey} options={keys.map((item) => ({ value: item, label: label(item) }))} />
      </HStack>
      <Box ref={holder} mt="2" role="img" aria-label={`${t('reportScreens.chart.title')}: ${label(chosen?.key ?? '')}`} />
    </Box>
  );
}
