import type { Period, PeriodDigest, PositionsRepository } from '../db/positions-repository';
import type { PositionRecord } from '../entities/position';
import { feedTrack } from './device-tracks';
import { summaryItem, type ReportDevice, type SummaryReportItem } from './report-items';
import { numberAttribute, odometersOf, TrackMeter, type TrackPoint } from './track';

const DAY_MS = 86_400_000;

/**
 * The periods of a summary: the whole range, or with `daily` one per calendar day (UTC, the
 * server's default time zone), the first and last cut at `from` and `to`. As in Traccar, each
 * period includes both ends, so a fix exactly at midnight counts in both days.
 */
export function summaryPeriods(from: Date, to: Date, daily: boolean): Period[] {
  if (!daily) return [{ from, to }];
  const periods: Period[] = [];
  let start = from;
  const lastMidnight = Math.floor(to.getTime() / DAY_MS) * DAY_MS;
  while (Math.floor(start.getTime() / DAY_MS) * DAY_MS < lastMidnight) {
    const nextMidnight = new Date((Math.floor(start.getTime() / DAY_MS) + 1) * DAY_MS);
    periods.push({ from: start, to: nextMidnight });
    start = nextMidnight;
  }
  periods.push({ from: start, to });
  return periods;
}

interface PeriodAccumulator {
  period: Period;
  first: TrackPoint | null;
  last: TrackPoint | null;
  maxSpeed: number;
}

/** Summary rows of one device, fed its positions oldest first (a month of fixes need not be in memory). */
export class SummaryBuilder {
  private readonly meter = new TrackMeter();
  private readonly accumulators: PeriodAccumulator[];
  /** The first period that can still receive positions. */
  private current = 0;

  constructor(
    private readonly device: ReportDevice,
    periods: Period[],
  ) {
    this.accumulators = periods.map((period) => ({ period, first: null, last: null, maxSpeed: 0 }));
  }

  add(position: PositionRecord): void {
    const point = this.meter.measure(position);
    const time = position.fixTime.getTime();
    while (this.current < this.accumulators.length && time > (this.accumulators[this.current] as PeriodAccumulator).period.to.getTime()) this.current++;
    for (let index = this.current; index < this.accumulators.length; index++) {
      const accumulator = this.accumulators[index] as PeriodAccumulator;
      if (time < accumulator.period.from.getTime()) break;
      accumulator.first ??= point;
      accumulator.last = point;
      accumulator.maxSpeed = Math.max(accumulator.maxSpeed, position.speed);
    }
  }

  /** One row per period that had positions. */
  items(): SummaryReportItem[] {
    return this.accumulators.flatMap(({ first, last, maxSpeed }) => (first && last ? [summaryItem(this.device, first, last, maxSpeed)] : []));
  }
}

export function summarize(device: ReportDevice, positions: Iterable<PositionRecord>, periods: Period[]): SummaryReportItem[] {
  const builder = new SummaryBuilder(device, periods);
  for (const position of positions) builder.add(position);
  return builder.items();
}

/**
 * A device's summary rows as Traccar's summary makes them: each needs only its period's first and
 * last fix and its top speed, which the database finds by its index, so a month of a large fleet is
 * answered without sending its fixes here. The distance is the difference of the ends' odometers, else
 * of their totalDistance (which Traccar, and this tracker, store on every fix). A period whose ends carry
 * neither (fixes stored before the tracker kept totalDistance) is measured fix by fix: the device's
 * whole track is read, as before.
 */
export async function summarizeDevice(device: ReportDevice, periods: Period[], positions: Pick<PositionsRepository, 'periodDigests' | 'track'>): Promise<SummaryReportItem[]> {
  const digests = await positions.periodDigests(device.id, periods);
  const metered = ({ first, last }: PeriodDigest) => odometersOf(first, last).fromDevice || (totalDistanceOf(first) !== undefined && totalDistanceOf(last) !== undefined);
  if (!digests.every(metered)) {
    const summary = new SummaryBuilder(device, periods);
    const [from, to] = [periods[0]?.from, periods.at(-1)?.to];
    if (from && to) await feedTrack(positions.track(device.id, from, to), summary);
    return summary.items();
  }
  return digests.map(({ first, last, maxSpeed }) => {
    const covered = (totalDistanceOf(last) ?? 0) - (totalDistanceOf(first) ?? 0);
    return summaryItem(device, { position: first, distance: 0 }, { position: last, distance: covered }, maxSpeed);
  });
}

const totalDistanceOf = (position: PositionRecord) => numberAttribute(position, 'totalDistance');
