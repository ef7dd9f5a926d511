import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ListItem } from './deviceGroups';
import type { ListLayout } from './listLayout';

export interface VirtualRow {
  index: number;
  top: number;
  height: number;
  item: ListItem;
}

interface Viewport {
  top: number;
  height: number;
}

/** Before the first layout (and in jsdom, which lays nothing out) a screenful is drawn rather than nothing. */
const FALLBACK_HEIGHT = 800;

function visibleRange(layout: ListLayout, viewport: Viewport, overscan: number): [number, number] {
  if (!layout.count) return [0, -1];
  return [Math.max(0, layout.indexAt(viewport.top) - overscan), Math.min(layout.count - 1, layout.indexAt(viewport.top + viewport.height) + overscan)];
}

/**
 * The rows of a fixed-height list that are on screen (plus `overscan` on each side), for a scroll
 * element given through `scrollRef`. Rows are placed from the layout's arithmetic, never measured,
 * so a list of any length renders and scrolls at the cost of a screenful. A scroll re-renders only
 * when it brings other rows on screen.
 */
export function useVirtualRows(layout: ListLayout, overscan: number) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [viewport, setViewport] = useState<Viewport>({ top: 0, height: FALLBACK_HEIGHT });
  const layoutRef = useRef(layout);
  useEffect(() => {
    layoutRef.current = layout;
  }, [layout]);

  useEffect(() => {
    if (!element) return;
    const read = () => {
      const next = { top: element.scrollTop, height: element.clientHeight || FALLBACK_HEIGHT };
      setViewport((current) => {
        const [start, end] = visibleRange(layoutRef.current, current, overscan);
        const [nextStart, nextEnd] = visibleRange(layoutRef.current, next, overscan);
        return start === nextStart && end === nextEnd && current.height === next.height ? current : next;
      });
    };
    read();
    element.addEventListener('scroll', read, { passive: true });
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    resizes?.observe(element);
    return () => {
      element.removeEventListener('scroll', read);
      resizes?.disconnect();
    };
  }, [element, overscan]);

  const rows = useMemo(() => {
    const [start, end] = visibleRange(layout, viewport, overscan);
    const visible: VirtualRow[] = [];
    for (let index = start; index <= end; index++) visible.push({ index, top: layout.topOf(index), height: layout.heightOf(index), item: layout.itemAt(index) });
    return visible;
  }, [layout, viewport, overscan]);

  /**
   * Scrolls the least that brings a row wholly on screen; a row already there stays put. The row is
   * picked from the current layout, so a caller needs no copy of it (-1: nothing to show).
   */
  const scrollToRow = useCallback(
    (pick: (layout: ListLayout) => number) => {
      const index = pick(layoutRef.current);
      if (!element || index < 0 || index >= layoutRef.current.count) return;
      const top = layoutRef.current.topOf(index);
      const bottom = top + layoutRef.current.heightOf(index);
      const height = element.clientHeight || FALLBACK_HEIGHT;
      if (top < element.scrollTop) element.scrollTo({ top });
      else if (bottom > element.scrollTop + height) element.scrollTo({ top: bottom - height });
    },
    [element],
  );

  return { scrollRef: setElement, rows, totalHeight: layout.totalHeight, scrollToRow };
}
