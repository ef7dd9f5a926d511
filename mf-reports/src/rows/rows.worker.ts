// The rows worker: reads a report's answer off the page's thread, as its bytes arrive (see
// parseRows). One answer per worker; the page ends it when the rows are in or the report is cancelled.
import { z } from 'zod';
import { routeReader, rowsReader, RowsRefused } from './parseRows';
import type { AnswerReader } from './parseRows';
import { routeBuffers } from './routeColumns';
import type { RouteColumns } from './routeColumns';
import type { RowsReply, RowsRequest } from './rowsMessages';

// The page's Content-Security-Policy allows no eval, here as on the page (shared's zod-csp.ts).
z.config({ jitless: true });

const scope = self as unknown as { onmessage: ((event: MessageEvent<RowsRequest>) => void) | null; postMessage(reply: RowsReply, transfer?: Transferable[]): void };

let reader: AnswerReader<number | RouteColumns> | null = null;
/** The answer was refused: whatever still arrives is not read. */
let refused = false;

scope.onmessage = ({ data }) => {
  if (refused) return;
  try {
    if (data.type === 'begin') {
      // A route's fixes so far go to the table as they double (moved, not copied, like the whole).
      reader = data.kind === 'route' ? routeReader((part) => scope.postMessage({ type: 'routePart', columns: part }, routeBuffers(part))) : rowsReader(data.kind, (rows) => scope.postMessage({ type: 'rows', rows }));
      return;
    }
    if (!reader) throw new RowsRefused('no answer begun');
    if (data.type === 'bytes') return reader.push(data.bytes);
    const result = reader.end();
    if (typeof result === 'number') return scope.postMessage({ type: 'done', total: result });
    // A route's figures go back as typed arrays, moved rather than copied: a month of fixes as
    // objects took the page seconds to take in and held its heap.
    scope.postMessage({ type: 'route', columns: result }, routeBuffers(result));
    scope.postMessage({ type: 'done', total: result.length });
  } catch (error) {
    refused = true;
    scope.postMessage({ type: 'refused', reason: error instanceof RowsRefused ? error.reason : String(error) });
  }
};

scope.postMessage({ type: 'ready' });
