import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { FrotaDataProvider } from '../dataProvider';
import type { ReportQuery } from '../dataProvider/reports';
import { saveFile } from '../common/saveFile';
import { type TaskProgress, throttledProgress } from './useReportRequest';

interface Export {
  endpoint: string;
  query: ReportQuery;
  signal: AbortSignal;
  startedAt: number;
}

/**
 * Downloads a report as the server's spreadsheet and tells the user how it went: its progress
 * while the server writes it and the file arrives, and a cancel that stops both. Leaving the
 * report cancels a download still running.
 */
export const useReportExport = () => {
  const notify = useNotify();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const current = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<TaskProgress | null>(null);
  const spreadsheet = useMutation({
    mutationFn: ({ endpoint, query, signal, startedAt }: Export) =>
      dataProvider.getReportSpreadsheet(
        endpoint,
        query,
        signal,
        throttledProgress(startedAt, signal, setProgress),
      ),
    onSuccess: ({ blob, name }) => {
      saveFile(blob, name);
      notify('reports.filter.exported', { type: 'info', messageArgs: { name } });
    },
    onError: (reason, { signal }) => {
      if (signal.aborted) return;
      notify('reports.failed', {
        type: 'error',
        messageArgs: { error: reason instanceof Error ? reason.message : String(reason) },
      });
    },
  });
  const runExport = (endpoint: string, query: ReportQuery) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    const startedAt = Date.now();
    setProgress({ startedAt, received: null });
    spreadsheet.mutate({ endpoint, query, signal: controller.signal, startedAt });
  };
  const cancelExport = useCallback(() => {
    const running = current.current;
    if (!running || running.signal.aborted) return;
    running.abort();
    notify('reports.progress.exportCancelled', { type: 'info' });
  }, [notify]);
  useEffect(() => () => current.current?.abort(), []);
  return {
    exporting: spreadsheet.isPending,
    exportProgress: spreadsheet.isPending ? progress : null,
    runExport,
    cancelExport,
  };
};
