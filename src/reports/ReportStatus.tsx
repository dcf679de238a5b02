import { Alert, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

interface ReportStatusProps {
  error: string | null;
  /** The report came back with nothing in it. */
  empty: boolean;
  /** What to say then ('reports.noData', 'reports.noRoute'). */
  emptyKey: string;
}

/** A failed load, or the empty-period message, above a report's results. */
export const ReportStatus = ({ error, empty, emptyKey }: ReportStatusProps) => {
  const translate = useTranslate();
  return (
    <>
      {error && (
        <Alert severity="error" sx={{ m: 1 }}>
          {translate('reports.failed', { error })}
        </Alert>
      )}
      {empty && (
        <Typography data-testid="report-empty" color="text.secondary" sx={{ p: 2 }}>
          {translate(emptyKey)}
        </Typography>
      )}
    </>
  );
};
