import { Box, Typography } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';

export interface Column<T> {
  key: string;
  label: string;
  /** Minimum width in px; the grid shares the rest. */
  width: number;
  align?: 'right';
  value: (row: T) => string;
}

const ROW_HEIGHT = 36;

/**
 * A real table (role table/row/cell, sticky header) whose body is virtualized: only the rows in
 * view are in the DOM, so tens of thousands of rows scroll smoothly. Cell text is rendered as
 * text, never as HTML.
 */
export function ReportTable<T>({
  rows,
  columns,
  label,
  onRowClick,
  rowTitle,
}: {
  rows: readonly T[];
  columns: Column<T>[];
  label: string;
  onRowClick?: (row: T, index: number) => void;
  rowTitle?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const template = columns.map((column) => `minmax(${column.width}px, 1fr)`).join(' ');
  const minWidth = columns.reduce((sum, column) => sum + column.width, 0);
  const items = virtualizer.getVirtualItems();
  return (
    <Box
      ref={scroller}
      role="table"
      aria-label={label}
      // The table scrolls itself (both ways): focused, the arrow keys scroll it.
      tabIndex={0}
      aria-rowcount={rows.length + 1}
      data-testid="report-table"
      sx={{
        flex: 1,
        // In a phone's sheet the whole sheet scrolls: the table takes a screenful of its own
        // and scrolls its rows inside it, so only those in view are drawn.
        minHeight: { xs: 240, sm: 0 },
        maxHeight: { xs: '60vh', sm: 'none' },
        overflow: 'auto',
        fontSize: 13,
      }}
    >
      <Box
        role="row"
        aria-rowindex={1}
        sx={{
          display: 'grid',
          gridTemplateColumns: template,
          minWidth,
          position: 'sticky',
          top: 0,
          zIndex: 1,
          bgcolor: 'background.paper',
          borderBottom: 2,
          borderColor: 'divider',
        }}
      >
        {columns.map((column) => (
          <Typography
            key={column.key}
            role="columnheader"
            variant="caption"
            sx={{
              px: 1,
              py: 0.75,
              fontWeight: 600,
              textAlign: column.align ?? 'left',
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
            title={column.label}
          >
            {column.label}
          </Typography>
        ))}
      </Box>
      <Box sx={{ position: 'relative', height: virtualizer.getTotalSize(), minWidth }}>
        {items.map((item) => {
          const row = rows[item.index];
          return (
            <Box
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              title={rowTitle}
              onClick={onRowClick ? () => onRowClick(row, item.index) : undefined}
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
                display: 'grid',
                gridTemplateColumns: template,
                alignItems: 'center',
                borderBottom: 1,
                borderColor: 'divider',
                cursor: onRowClick ? 'pointer' : 'default',
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              {columns.map((column) => {
                const text = column.value(row);
                return (
                  <Box
                    key={column.key}
                    role="cell"
                    title={text}
                    sx={{
                      px: 1,
                      textAlign: column.align ?? 'left',
                      whiteSpace: 'nowrap',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                    }}
                  >
                    {text}
                  </Box>
                );
              })}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
