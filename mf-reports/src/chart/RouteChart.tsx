import { bus, Box, Field, NativeSelect } from '@rastro/shared';
import type { Position } from '@rastro/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { chartSeries } from '../reports/definitions';
import type { UnitSettings } from '../units/userUnits';

const HEIGHT = 180;

/**
 * The route's numbers over time (speed, altitude, fuel, battery or any numeric attribute), for the
 * chosen series, with a cursor that follows the map's playback (the bus's route:cursor).
 */
export default function RouteChart({ positions, units }: { positions: Position[]; units: UnitSettings }) {
  const { t, i18n } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const series = useMemo(() => chartSeries(positions, units), [positions, units]);
  const [key, setKey] = useState('speed');
  const chosen = series.find((item) => item.key === key) ?? series[0];
  const times = useMemo(() => positions.map((position) => Date.parse(position.fixTime ?? '') / 1000), [positions]);
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
        cursor: { drag: { x: false, y: false } },
        series: [{}, { label: chosen.key, stroke: '#2563eb', width: 1.5, spanGaps: true }],
      },
      [times, chosen.values],
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
    return () => {
      bus.off('route:cursor', onCursor);
      resize.disconnect();
      plot.destroy();
    };
  }, [chosen, times, units.timeZone]);

  return (
    <Box data-testid="route-chart">
      <Field.Root>
        <Field.Label htmlFor="route-chart-series">{t('reportScreens.chart.series')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field id="route-chart-series" value={chosen?.key} onChange={(event) => setKey(event.target.value)}>
            {series.map((item) => (
              <option key={item.key} value={item.key}>
                {label(item.key)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Box ref={holder} mt="2" role="img" aria-label={`${t('reportScreens.chart.title')}: ${label(chosen?.key ?? '')}`} />
    </Box>
  );
}
