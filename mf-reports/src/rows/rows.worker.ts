// The rows worker: reads a report's answer off the page's thread (see parseRows). One request per
// worker; the page ends it when the rows are in or the report is cancelled.
import { z } from 'zod';
import { parseRows, RowsRefused } from './parseRows';
import type { RowsReply, RowsRequest } from './rowsMessages';

// The page's Content-Security-Policy allows no eval, here as on the page (shared's zod-csp.ts).
z.config({ jitless: true });

const scope = self as unknown as { onmessage: ((event: MessageEvent<RowsRequest>) => void) | null; postMessage(reply: RowsReply): void };

scope.onmessage = ({ data }) => {
  try {
    const total = parseRows(data.kind, data.answer, (rows) => scope.postMessage({ type: 'rows', rows }));
    scope.postMessage({ type: 'done', total });
  } catch (error) {
    scope.postMessage({ type: 'refused', reason: error instanceof RowsRefused ? error.reason : String(error) });
  }
};
