import { ApiError } from '@rastro/shared';
import type { ReportKind } from '../reports/reportKinds';
import { routeReader, rowsReader, RowsRefused } from './parseRows';
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

/** An answer's bytes: the response's body as it arrives, or bytes already in hand. */
export type AnswerBytes = ReadableStream<Uint8Array> | ArrayBuffer;

const aborted = () => new ApiError(0, 'ABORTED', '');
const refused = (reason: string) => new ApiError(0, 'INVALID_ANSWER', reason);

// A route is read into columns (RouteRows), and Kind 'route' has Position rows, which RouteRows lists.
const routeList = <Kind extends ReportKind>(columns: RouteColumns) => new RouteRows(columns) as unknown as RowList<RowsByKind[Kind]>;

interface Chunks {
  /** The next chunk, or null at the end. */
  next(): Promise<Uint8Array | null>;
  /** Stops the download: the rest is not wanted. */
  cancel(): void;
}

function chunksOf(answer: AnswerBytes): Chunks {
  if (!('getReader' in answer)) {
    let given = false;
    return {
      next: () => Promise.resolve(given ? null : ((given = true), new Uint8Array(answer))),
      cancel: () => undefined,
    };
  }
  const reader = answer.getReader();
  return {
    next: () =>
      reader.read().then(
        ({ done, value }) => (done ? null : value),
        (error: unknown) => Promise.reject(new ApiError(0, 'NETWORK_ERROR', String(error))),
      ),
    cancel: () => void reader.cancel().catch(() => undefined),
  };
}

/** A chunk that owns its whole buffer, so the buffer can be moved to the worker. */
const owned = (chunk: Uint8Array) => (chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength ? chunk : chunk.slice());

/** Where the chunks go: a reader on this thread, or the worker. */
interface Sink {
  push(chunk: Uint8Array): void;
  end(): void;
}

/**
 * A report's answer read into its rows as it arrives, checked against the report's schema, in the
 * rows worker: parsing and checking a month of positions (over 100 MB of JSON) would hold the page's
 * thread for seconds, and read only once the last byte is in it would keep the table waiting that
 * long after the answer. The page hands the worker each chunk as it comes (moved, not copied); the
 * rows come back in pieces, each copied in a short task of its own, or, for a route, as typed arrays
 * moved in one message (read lazily, RouteRows), `onPart` getting the fixes so far while the answer
 * arrives (routeReader's parts). Answers under WORKER_FROM_BYTES, or where no worker
 * starts or its script cannot load, are read here. Rejects with ApiError ABORTED when `signal` aborts
 * (the download stops), INVALID_ANSWER when the answer is not the report's rows.
 */
export function readRows<Kind extends ReportKind>(kind: Kind, answer: AnswerBytes, signal?: AbortSignal, onPart?: (rows: RowList<RowsByKind[Kind]>) => void): Promise<RowList<RowsByKind[Kind]>> {
  const chunks = chunksOf(answer);
  if (signal?.aborted) {
    chunks.cancel();
    return Promise.reject(aborted());
  }
  return new Promise((resolve, reject) => {
    const rows: Array<RowsByKind[Kind]> = [];
    let route: RouteColumns | undefined;
    let worker = null as Worker | null;
    let sink = null as Sink | null;
    /** Chunks that came before a sink was chosen (the worker starting). */
    const held: Uint8Array[] = [];
    let heldBytes = 0;
    let ended = false;
    let settled = false;

    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      worker?.terminate();
      signal?.removeEventListener('abort', onAbort);
      if (!ended) chunks.cancel();
      outcome();
    };
    const fail = (error: unknown) => settle(() => reject(error instanceof RowsRefused ? refused(error.reason) : error));
    const onAbort = () => settle(() => reject(aborted()));
    signal?.addEventListener('abort', onAbort);
    const finish = () => settle(() => resolve(route ? routeList<Kind>(route) : rows));

    const here = (): Sink => {
      if (kind === 'route') {
        const reader = routeReader();
        return {
          push: reader.push,
          end: () => {
            route = reader.end();
            finish();
          },
        };
      }
      const reader = rowsReader(kind, (piece) => rows.push(...piece));
      return {
        push: reader.push,
        end: () => {
          reader.end();
          finish();
        },
      };
    };
    const handTo = (next: Sink) => {
      sink = next;
      try {
        for (const chunk of held.splice(0)) next.push(chunk);
        if (ended) next.end();
      } catch (error) {
        fail(error);
      }
    };

    const startWorker = () => {
      const started = startRowsWorker();
      if (!started) return handTo(here());
      worker = started;
      let handedOver = false;
      const post = (request: RowsRequest, transfer: Transferable[] = []) => started.postMessage(request, transfer);
      started.onmessage = ({ data }: MessageEvent<RowsReply>) => {
        if (data.type === 'ready') {
          handedOver = true;
          post({ type: 'begin', kind });
          handTo({
            push: (chunk) => {
              const bytes = owned(chunk);
              post({ type: 'bytes', bytes }, [bytes.buffer as ArrayBuffer]);
            },
            end: () => post({ type: 'end' }),
          });
        } else if (data.type === 'rows') {
          // The worker checked every row against rowSchemas[kind] before sending it.
          for (const row of data.rows as Array<RowsByKind[Kind]>) rows.push(row);
        } else if (data.type === 'routePart') {
          if (!settled) onPart?.(routeList<Kind>(data.columns));
        } else if (data.type === 'route') route = data.columns;
        else if (data.type === 'done') finish();
        else fail(new RowsRefused(data.reason));
      };
      // The worker's script did not load (a remote served from elsewhere, an old deploy): read here.
      started.onerror = (event) => {
        event.preventDefault();
        if (handedOver) return fail(new RowsRefused(event.message));
        started.terminate();
        worker = null;
        handTo(here());
      };
    };

    void (async () => {
      try {
        for (;;) {
          const chunk = await chunks.next();
          if (settled) return;
          if (!chunk) {
            ended = true;
            // A worker still starting gets the end with the chunks it is handed.
            if (sink) sink.end();
            else if (!worker) handTo(here());
            return;
          }
          if (sink) sink.push(chunk);
          else {
            held.push(chunk);
            heldBytes += chunk.byteLength;
            if (!worker && heldBytes >= WORKER_FROM_BYTES) startWorker();
          }
        }
      } catch (error) {
        fail(error);
      }
    })();
  });
}
