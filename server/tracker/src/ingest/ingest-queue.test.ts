import { fix } from '../events/test-fixes';
import { IngestQueue } from './ingest-queue';
import type { PositionIngest } from './position-ingest';

/** An ingest that records each step and takes `delayMs` to store it. */
function recordingIngest(delayMs = 0, fail = false) {
  const steps: Array<{ deviceIds: number[]; statuses: number }> = [];
  const ingest: Pick<PositionIngest, 'ingest'> = {
    async ingest(positions, statusChanges = []) {
      steps.push({ deviceIds: positions.map((position) => position.deviceId), statuses: statusChanges.length });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (fail) throw new Error('disk full');
      return [];
    },
  };
  return { ingest, steps };
}

describe('IngestQueue: concurrent reports stored together', () => {
  it('stores the reports of one turn in one step, and those that arrive meanwhile in the next', async () => {
    const { ingest, steps } = recordingIngest(20);
    const queue = new IngestQueue(ingest);
    const first = [1, 2, 3].map((deviceId) => queue.submit([fix(deviceId)], [{ deviceId, status: 'online' }]));
    await new Promise((resolve) => setTimeout(resolve, 5)); // the first step is being written
    const second = [4, 5].map((deviceId) => queue.submit([fix(deviceId)]));
    await Promise.all([...first, ...second]);
    expect(steps).toEqual([
      { deviceIds: [1, 2, 3], statuses: 3 },
      { deviceIds: [4, 5], statuses: 0 },
    ]);
  });

  it('a lone report is stored at once; a failed step fails each of its senders', async () => {
    const { ingest, steps } = recordingIngest();
    await new IngestQueue(ingest).submit([fix(7)]);
    expect(steps).toEqual([{ deviceIds: [7], statuses: 0 }]);

    const failing = new IngestQueue(recordingIngest(0, true).ingest);
    const results = await Promise.allSettled([failing.submit([fix(1)]), failing.submit([fix(2)])]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    await expect(failing.submit([fix(3)])).rejects.toThrow('disk full'); // and it keeps taking reports
  });

  it('prepares each step as a whole, in the order the reports arrived, before ingesting it', async () => {
    const { ingest, steps } = recordingIngest();
    const prepared: number[][] = [];
    const queue = new IngestQueue(ingest, (positions) => {
      prepared.push(positions.map((position) => position.deviceId));
      return positions.filter((position) => position.deviceId !== 2);
    });
    await Promise.all([queue.submit([fix(1), fix(2)]), queue.submit([fix(1)])]);
    expect(prepared).toEqual([[1, 2, 1]]);
    expect(steps).toEqual([{ deviceIds: [1, 1], statuses: 0 }]);
  });
});
