/**
 * A new rows worker, or null where none can start (no Worker, or the remote served from another
 * origin than the page, which browsers refuse a worker script from): the rows are then read on the
 * page's thread. webpack bundles the worker as a chunk of this remote, found beside its other chunks.
 */
export function startRowsWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null;
  try {
    return new Worker(new URL('./rows.worker.ts', import.meta.url), { name: 'rastro-report-rows' });
  } catch {
    return null;
  }
}
