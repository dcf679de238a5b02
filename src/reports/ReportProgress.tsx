import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatMeasure, formatNumber } from '../i18n/formatters';
import { useReportUnits } from './useReportUnits';
import type { TaskProgress } from './useReportRequest';

/** What is being waited for: a route's positions, a report's rows, or a spreadsheet. */
export type ProgressKind = 'route' | 'rows' | 'export';

/** Elapsed time as m:ss (h:mm:ss past an hour). */
export const formatElapsed = (ms: number): string => {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const ss = String(seconds % 60).padStart(2, '0');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}:${ss}`;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${ss}`;
};

/** Re-renders every second while mounted, for the elapsed time. */
const useSecondTick = (): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

/**
 * A long load or download under way: what stage it is at (the server preparing its answer, then
 * the rows or bytes arriving, counted), how long it has taken, and a cancel that aborts it.
 */
export const ReportProgress = ({
  kind,
  progress,
  onCancel,
}: {
  kind: ProgressKind;
  progress: TaskProgress;
  onCancel: () => void;
}) => {
  const translate = useTranslate();
  const { locale } = useReportUnits();
  const now = useSecondTick();
  const { received } = progress;
  let stage: string;
  if (!received) stage = translate(`reports.progress.${kind}.waiting`);
  else if (kind === 'export')
    stage = translate('reports.progress.export.receiving', {
      size: formatMeasure(received.bytes / 1_000_000, 'MB', locale, 1),
    });
  else
    stage = translate(`reports.progress.${kind}.receiving`, {
      smart_count: received.rows,
      count: formatNumber(received.rows, locale),
    });
  const elapsed = formatElapsed(Math.max(0, now - progress.startedAt));
  return (
    <Box
      data-testid={`report-progress-${kind === 'export' ? 'export' : 'load'}`}
      sx={{ px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <LinearProgress aria-label={stage} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pt: 0.5 }}>
        <Typography
          variant="body2"
          role="status"
          data-testid="report-progress-text"
          sx={{ flex: 1, minWidth: 0 }}
        >
          {`${stage} · ${elapsed}`}
        </Typography>
        <Button size="small" color="inherit" startIcon={<CloseIcon />} onClick={onCancel}>
          {translate(
            kind === 'export' ? 'reports.progress.cancelExport' : 'reports.progress.cancel',
          )}
        </Button>
      </Box>
    </Box>
  );
};
