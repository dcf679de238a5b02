import { Box, Typography } from '@mui/material';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { type ColumnChoice, ColumnChooser, useChosenColumns } from './ColumnChooser';
import { ReportTable } from './ReportTable';

type Props<T> = ComponentProps<typeof ReportTable<T>> & {
  /** Said before the count, e.g. what the rows are. */
  caption?: string;
  /** Lets the user choose the columns, remembered under this report type. */
  choice?: ColumnChoice;
};

/** The row count (and the column chooser) above a table. */
function TableHeading({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 0.5 }}>
      <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
        {text}
      </Typography>
      {children}
    </Box>
  );
}

function ChosenColumnsTable<T>({
  choice,
  text,
  ...table
}: ComponentProps<typeof ReportTable<T>> & { choice: ColumnChoice; text: string }) {
  const columns = useChosenColumns(table.columns, choice);
  return (
    <>
      <TableHeading text={text}>
        <ColumnChooser columns={table.columns} choice={choice} />
      </TableHeading>
      <ReportTable {...table} columns={columns} />
    </>
  );
}

/** A report's rows: how many there are, then the table (its columns chosen by the user). */
export function CountedReportTable<T>({ caption, choice, ...table }: Props<T>) {
  const translate = useTranslate();
  const count = translate('reports.rows', { smart_count: table.rows.length });
  const text = caption ? `${caption} · ${count}` : count;
  if (choice) return <ChosenColumnsTable {...table} choice={choice} text={text} />;
  return (
    <>
      <TableHeading text={text} />
      <ReportTable {...table} />
    </>
  );
}
