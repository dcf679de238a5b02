import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { FrotaDataProvider } from '../dataProvider';
import type { ReportQuery } from '../dataProvider/reports';

/** Hands the browser a file to save under `name`. */
export const saveFile = (blob: Blob, name: string) => {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
};

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
