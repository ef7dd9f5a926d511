import { ApiError } from '@rastro/shared';
import type { ReportKind } from '../reports/reportKinds';
import { parseRoute, parseRows, RowsRefused } from './parseRows';
import type { RowList } from './rowList';
import { RouteRows } from './routeColumns';
import type { RouteColumns } from './routeColumns';
import type { RowsByKind } from './rowSchemas';
import type { RowsReply, RowsRequest } from './rowsMessages';
import { startRowsWorker } from './startRowsWorker';

/**
 * Answers from this size on are read in the worker: about 1,500 positions, whose parse and check on
 * the page would near a long task (50 ms) on a slow phone. Seen at load 40: a worker's start took
 * seconds, for the four rows of a second page of trips.
 */
export const WORKER_FROM_BYTES = 512 * 1024;

const aborted = () => new ApiError(0, 'ABORTED', '');
const refused = (reason: string) => new ApiError(0, 'INVALID_ANSWER', reason);

// A route is read into columns (RouteRows), and Kind 'route' has Position rows, which RouteRows lists.
const routeList = <Kind extends ReportKind>(columns: RouteColumns) => new RouteRows(columns) as unknown as RowList<RowsByKind[Kind]>;

function onThisThread<Kind extends ReportKind>(kind: Kind, answer: ArrayBuffer): RowList<RowsByKind[Kind]> {
  try {
    if (kind === 'route') return routeList<Kind>(parseRoute(answer));
    const rows: Array<RowsByKind[Kind]> = [];
    parseRows(kind, answer, (piece) => rows.push(...piece));
    return rows;
  } catch (error) {
    throw error instanceof RowsRefused ? refused(error.reason) : error;
  }
}

/**
 * A report's answer read into its rows, checked against the report's schema, in the rows worker:
 * parsing and checking a month of positions (tens of megabytes of JSON) would hold the page's thread
 * for seconds. The rows come back in pieces, each copied in a short task of its own, or, for a route,
 * as typed arrays moved in one message (read lazily, RouteRows). Small answers,
 * or where no worker starts or its script cannot load, the rows are read here. Rejects with ApiError ABORTED when
 * `signal` aborts, INVALID_ANSWER when the answer is not the report's rows.
 */
export function readRows<Kind extends ReportKind>(kind: Kind, answer: ArrayBuffer, signal?: AbortSignal): Promise<RowList<RowsByKind[Kind]>> {
  if (signal?.aborted) return Promise.reject(aborted());
  // A small answer parses here in a few milliseconds; a worker's start (its script, zod) costs more.
  const worker = answer.byteLength >= WORKER_FROM_BYTES ? startRowsWorker() : null;
  if (!worker) return Promise.resolve().then(() => onThisThread(kind, answer));
  return new Promise((resolve, reject) => {
    const rows: Array<RowsByKind[Kind]> = [];
    let route: RouteColumns | undefined;
    let handedOver = false;
    const end = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      end();
      reject(aborted());
    };
    signal?.addEventListener('abort', onAbort);
    worker.onmessage = ({ data }: MessageEvent<RowsReply>) => {
      if (data.type === 'ready') {
        // Moved, not copied (tens of megabytes): the worker runs, so the page will not read them itself.
        handedOver = true;
        worker.postMessage({ kind, answer } satisfies RowsRequest, [answer]);
      } else if (data.type === 'rows') {
        // The worker checked every row against rowSchemas[kind] before sending it.
        for (const row of data.rows as Array<RowsByKind[Kind]>) rows.push(row);
      } else if (data.type === 'route') route = data.columns;
      else {
        end();
        if (data.type === 'done') resolve(route ? routeList<Kind>(route) : rows);
        else reject(refused(data.reason));
      }
    };
    // The worker's script did not load (a remote served from elsewhere, an old deploy): read here.
    worker.onerror = (event) => {
      event.preventDefault();
      end();
      if (handedOver) return reject(refused(event.message));
      try {
        resolve(onThisThread(kind, answer));
      } catch (error) {
        reject(error);
      }
    };
  });
}
