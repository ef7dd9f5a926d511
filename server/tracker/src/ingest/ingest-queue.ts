import type { NewPosition } from '../entities/position';
import type { PositionIngest, StatusChange } from './position-ingest';

interface Waiting {
  positions: readonly NewPosition[];
  statusChanges: readonly StatusChange[];
  done: () => void;
  failed: (error: unknown) => void;
}

/**
 * Groups the reports of many concurrent senders (one HTTP request per fix on the OsmAnd port)
 * into one ingest step: what arrives in the same turn of the event loop, or while the previous
 * step is being written, goes into the next step — one INSERT, one event pass, one socket fan-out
 * for all of them instead of one per position. Under no load a report is stored at once; each
 * `submit` resolves when its positions are stored (so a sender hears 200 only then) and rejects
 * if the step failed.
 */
/**
 * Completes a whole step's positions, in the order they arrived, before they are ingested: what
 * depends on the fix before (the odometer) is worked out here, where reports of one device that
 * arrived together can follow one another.
 */
export type StepPreparation = (positions: readonly NewPosition[]) => Promise<readonly NewPosition[]> | readonly NewPosition[];

export class IngestQueue {
  private waiting: Waiting[] = [];
  private draining: Promise<void> | null = null;

  constructor(
    private readonly ingest: Pick<PositionIngest, 'ingest'>,
    private readonly prepare: StepPreparation = (positions) => positions,
  ) {}

  submit(positions: readonly NewPosition[], statusChanges: readonly StatusChange[] = []): Promise<void> {
    return new Promise((done, failed) => {
      this.waiting.push({ positions, statusChanges, done, failed });
      this.draining ??= this.drain().finally(() => (this.draining = null));
    });
  }

  /** Resolves once everything submitted so far is stored. */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    // Let the requests already read in this turn join the first step.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.waiting.length > 0) {
      const step = this.waiting;
      this.waiting = [];
      try {
        await this.ingest.ingest(
          await this.prepare(step.flatMap((entry) => entry.positions)),
          step.flatMap((entry) => entry.statusChanges),
          new Date(),
        );
        for (const entry of step) entry.done();
      } catch (error) {
        for (const entry of step) entry.failed(error);
      }
    }
  }
}
