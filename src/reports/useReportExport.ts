import { useState } from 'react';
import { useNotify } from 'react-admin';
import { exportReport, type ReportQuery } from './api';

/** Downloads a report as the server's spreadsheet and tells the user how it went. */
export const useReportExport = () => {
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);
  const runExport = (endpoint: string, query: ReportQuery) => {
    setExporting(true);
    exportReport(endpoint, query)
      .then((name) => notify('reports.filter.exported', { type: 'info', messageArgs: { name } }))
      .catch((reason: unknown) =>
        notify('reports.failed', {
          type: 'error',
          messageArgs: { error: reason instanceof Error ? reason.message : String(reason) },
        }),
      )
      .finally(() => setExporting(false));
  };
  return { exporting, runExport };
};
