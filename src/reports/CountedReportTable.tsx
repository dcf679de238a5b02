import { Box, Typography } from '@mui/material';
import type { ComponentProps } from 'react';
import { useTranslate } from 'react-admin';
import { ReportTable } from './ReportTable';

type Props<T> = ComponentProps<typeof ReportTable<T>> & {
  /** Said before the count, e.g. what the rows are. */
  caption?: string;
};

/** A report's rows: how many there are, then the table. */
export function CountedReportTable<T>({ caption, ...table }: Props<T>) {
  const translate = useTranslate();
  const count = translate('reports.rows', { smart_count: table.rows.length });
  return (
    <>
      <Box sx={{ px: 1.5, py: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {caption ? `${caption} · ${count}` : count}
        </Typography>
      </Box>
      <ReportTable {...table} />
    </>
  );
}
