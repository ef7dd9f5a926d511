import { Box, Table } from '@rastro/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellContext, ReportDefinition } from '../reports/definitions';
import type { RowList } from '../rows/rowList';

const ROW_HEIGHT = 36;

interface ReportTableProps<Row> {
  definition: ReportDefinition<Row>;
  rows: RowList<Row>;
  context: CellContext;
  chosen: string | null;
  onChoose?(row: Row, key: string): void;
}

/**
 * Every report's table: the definition's columns over its rows. Only the rows in view are in the
 * page (a month of positions is hundreds of thousands), kept between two spacer rows so the
 * scrollbar and the table's semantics stay those of the whole report.
 */
export function ReportTable<Row>({ definition, rows, context, chosen, onChoose }: ReportTableProps<Row>) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  // The table renders again with every scroll anyway; nothing memoised reads the virtualizer.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const columns = definition.columns;
  return (
    <Box ref={scroller} overflow="auto" maxH="60vh" borderWidth="1px" borderRadius="md" data-testid="report-table" data-rows={rows.length} tabIndex={0} aria-label={t(`reports.kinds.${definition.kind}`)}>
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
        <Table.Body>
          {before > 0 && <tr aria-hidden style={{ height: before }} />}
          {items.map((item) => {
            // Read as it is shown: a route's rows are built from its columns only here.
            const row = rows.at(item.index) as Row;
            const key = definition.rowKey(row, item.index);
            const choose = onChoose && (() => onChoose(row, key));
            return (
              <Table.Row
                key={key}
                data-index={item.index}
                data-testid="report-row"
                aria-current={chosen === key ? true : undefined}
                bg={chosen === key ? 'colorPalette.subtle' : undefined}
                cursor={choose ? 'pointer' : undefined}
                tabIndex={choose ? 0 : undefined}
                onClick={choose}
                onKeyDown={choose && ((event) => (event.key === 'Enter' || event.key === ' ') && choose())}
                style={{ height: ROW_HEIGHT }}
              >
                {columns.map((column) => (
                  <Table.Cell key={column.key} whiteSpace="nowrap">
                    {column.cell(row, context)}
                  </Table.Cell>
                ))}
              </Table.Row>
            );
          })}
          {after > 0 && <tr aria-hidden style={{ height: after }} />}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
