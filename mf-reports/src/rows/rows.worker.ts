// The rows worker: reads a report's answer off the page's thread (see parseRows). One request per
// worker; the page ends it when the rows are in or the report is cancelled.
import { z } from 'zod';
import { parseRoute, parseRows, RowsRefused } from './parseRows';
import { routeBuffers } from './routeColumns';
import type { RowsReply, RowsRequest } from './rowsMessages';

// The page's Content-Security-Policy allows no eval, here as on the page (shared's zod-csp.ts).
z.config({ jitless: true });

const scope = self as unknown as { onmessage: ((event: MessageEvent<RowsRequest>) => void) | null; postMessage(reply: RowsReply, transfer?: Transferable[]): void };

scope.onmessage = ({ data }) => {
  try {
    if (data.kind === 'route') {
      // A route's figures go back as typed arrays, moved rather than copied: a month of fixes as
      // objects took the page seconds to take in and held its heap.
      const columns = parseRoute(data.answer);
      scope.postMessage({ type: 'route', columns }, routeBuffers(columns));
      scope.postMessage({ type: 'done', total: columns.length });
      return;
    }
    const total = parseRows(data.kind, data.answer, (rows) => scope.postMessage({ type: 'rows', rows }));
    scope.postMessage({ type: 'done', total });
  } catch (error) {
    scope.postMessage({ type: 'refused', reason: error instanceof RowsRefused ? error.reason : String(error) });
  }
};

scope.postMessage({ type: 'ready' });
