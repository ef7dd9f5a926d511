import { auditPageSchema, type AuditEntry } from '@rastro/shared/contract';
import { useCallback, useEffect, useState } from 'react';
import { productHttp } from '../server/clients';
import { logsRequest, type LogFilters } from './logsQuery';

export const LOG_PAGE_SIZE = 100;

export interface LogPages {
  items: AuditEntry[];
  /** More pages wait on the server. */
  more: boolean;
  loading: boolean;
  error: unknown;
  loadMore(): void;
}

/** One page of a log (newest first) from the cursor on. */
export async function fetchLogPage(filters: LogFilters, cursor: string | null, limit = LOG_PAGE_SIZE) {
  const { path, query } = logsRequest(filters, cursor, limit);
  return auditPageSchema.parse(await productHttp.json(path, { query }));
}

interface Loaded {
  /** The filters these pages are of: pages of other filters are not shown. */
  filters: LogFilters;
  items: AuditEntry[];
  cursor: string | null;
}

/** The log under these filters, a page at a time as the list asks for more; starts over when they change. */
export function useLogPages(filters: LogFilters): LogPages {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<{ filters: LogFilters; error: unknown } | null>(null);
  /** The cursor of the page being read after the first. */
  const [pending, setPending] = useState<string | null>(null);

  // Each answer lands in state only if the filters it was asked for are still the screen's.
  const load = useCallback(
    (from: string | null) =>
      fetchLogPage(filters, from)
        .then(
          (page) =>
            setLoaded((previous) => {
              const items = from && previous?.filters === filters ? [...previous.items, ...page.items] : page.items;
              return { filters, items, cursor: page.nextCursor };
            }),
          (error: unknown) => setFailed({ filters, error }),
        )
        .finally(() => setPending((cursor) => (cursor === from ? null : cursor))),
    [filters],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  const current = loaded?.filters === filters ? loaded : null;
  const error = failed?.filters === filters ? failed.error : null;
  const cursor = current?.cursor ?? null;
  const loadMore = useCallback(() => {
    if (pending !== null || !cursor) return;
    setPending(cursor);
    void load(cursor);
  }, [cursor, load, pending]);

  return { items: current?.items ?? [], more: current ? cursor !== null : !error, loading: (!current && !error) || pending !== null, error, loadMore };
}
