import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { FrotaDataProvider } from '../dataProvider';
import type { ReportQuery } from '../dataProvider/reports';
import { saveFile } from '../common/saveFile';

/** Downloads a report as the server's spreadsheet and tells the user how it went. */
export const useReportExport = () => {
  const notify = useNotify();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const spreadsheet = useMutation({
    mutationFn: ({ endpoint, query }: { endpoint: string; query: ReportQuery }) =>
      dataProvider.getReportSpreadsheet(endpoint, query),
    onSuccess: ({ blob, name }) => {
      saveFile(blob, name);
      notify('reports.filter.exported', { type: 'info', messageArgs: { name } });
    },
    onError: (reason) =>
      notify('reports.failed', {
        type: 'error',
        messageArgs: { error: reason instanceof Error ? reason.message : String(reason) },
      }),
  });
  const runExport = (endpoint: string, query: ReportQuery) =>
    spreadsheet.mutate({ endpoint, query });
  return { exporting: spreadsheet.isPending, runExport };
};
