import { Box, Table } from '@rastro/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellContext, ReportDefinition } from '../reports/definitions';
import type { RowList } from '../rows/rowList';

const ROW_HEIGHT = 36;
/** Rows drawn beyond each edge of the view, so a quick scroll shows no blank (each row drawn costs the first render). */
const OVERSCAN = 8;
/** Rows drawn before the view is measured (and where the page has no layout, as in tests): a laptop's 60vh. */
const UNMEASURED_ROWS = 14;

/**
 * The body's rows and cells as the table recipe draws them (size sm, line variant), styled once here
 * rather than per element: a screenful of Chakra cells, each resolving its own styles, made the
 * table's first render a long task of its own.
 */
const BODY_STYLES = {
  '& > tr': { bg: 'bg', height: `${ROW_HEIGHT}px` },
  '& > tr[aria-current]': { bg: 'colorPalette.subtle' },
  '& > tr[tabindex]': { cursor: 'pointer' },
  '& > tr > td': { px: '2', py: '2', textAlign: 'start', borderBottomWidth: '1px', whiteSpace: 'nowrap' },
} as const;

interface ReportTableProps<Row> {
  definition: ReportDefinition<Row>;
  rows: RowList<Row>;
  context: CellContext;
  chosen: string | null;
  onChoose?(row: Row, key: string): void;
  /** More rows are still coming (a long route shown as it arrives). */
  busy?: boolean;
}

/**
 * Every report's table: the definition's columns over its rows. Only the rows in view are in the
 * page (a month of positions is hundreds of thousands), kept between two spacer rows so the
 * scrollbar and the table's semantics stay those of the whole report. Rows have one height, so the
 * rows in view follow from the scroll position alone: a virtualiser that measures keeps an entry per
 * row, which for a month's route was a quarter of a million objects made in the page's thread.
 */
export function ReportTable<Row>({ definition, rows, context, chosen, onChoose, busy = false }: ReportTableProps<Row>) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 0 });
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // Measured when the browser has laid the page out anyway (a resize observer's first call), not
    // at once: reading a size now would lay out the whole page (a report's filter has a label per
    // device) inside the render that shows the table's first rows, one long task of the two.
    const measure = () => setView({ top: element.scrollTop, height: element.clientHeight });
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    return () => resize.disconnect();
  }, []);
  const first = Math.min(rows.length, Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN));
  const last = Math.min(rows.length, Math.ceil((view.top + (view.height || UNMEASURED_ROWS * ROW_HEIGHT)) / ROW_HEIGHT) + OVERSCAN);
  const before = first * ROW_HEIGHT;
  const after = (rows.length - last) * ROW_HEIGHT;
  const items = Array.from({ length: Math.max(0, last - first) }, (_, offset) => first + offset);
  const columns = definition.columns;
  return (
    <Box
      ref={scroller}
      overflow="auto"
      maxH="60vh"
      borderWidth="1px"
      borderRadius="md"
      data-testid="report-table"
      data-rows={rows.length}
      aria-busy={busy}
      tabIndex={0}
      aria-label={t(`reports.kinds.${definition.kind}`)}
      onScroll={(event) => setView({ top: event.currentTarget.scrollTop, height: event.currentTarget.clientHeight })}
    >
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.key} whiteSpace="nowrap">
                {t(`reportScreens.columns.${column.key}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body css={BODY_STYLES}>
          {before > 0 && <tr aria-hidden style={{ height: before }} />}
          {items.map((index) => {
            // Read as it is shown: a route's rows are built from its columns only here.
            const row = rows.at(index) as Row;
            const key = definition.rowKey(row, index);
            const choose = onChoose && (() => onChoose(row, key));
            return (
              <tr
                key={key}
                data-index={index}
                data-testid="report-row"
                aria-current={chosen === key ? true : undefined}
                tabIndex={choose ? 0 : undefined}
                onClick={choose}
                onKeyDown={choose && ((event) => (event.key === 'Enter' || event.key === ' ') && choose())}
              >
                {columns.map((column) => (
                  <td key={column.key}>{column.cell(row, context)}</td>
                ))}
              </tr>
            );
          })}
          {after > 0 && <tr aria-hidden style={{ height: after }} />}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
