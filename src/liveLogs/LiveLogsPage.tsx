import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Alert,
  Box,
  Button,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useAccess } from '../authProvider/useAccess';
import { PageFrame } from '../common/PageFrame';
import { useFormatPrefs } from '../i18n/useFormatPrefs';
import { LiveLogRow } from './LiveLogRow';
import { useProtocolLogs } from './useProtocolLogs';
import { ScrollRegion } from '../common/ScrollRegion';

const COLUMNS = ['time', 'host', 'protocol', 'device', 'direction', 'data'] as const;

/**
 * `/live-logs`: the messages devices send, as the server receives them, and the frames it sends
 * back (acknowledgements, commands), while the page is open (administrators). Newest first, with
 * pause and clear.
 */
export const LiveLogsPage = () => {
  const translate = useTranslate();
  const prefs = useFormatPrefs();
  const { can } = useAccess();
  const allowed = can('list', 'live-logs');
  const { records, paused, setPaused, clear } = useProtocolLogs(allowed);
  if (!allowed) return null;

  return (
    <PageFrame title={translate('liveLogs.title')} maxWidth={1400} card>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('liveLogs.hint')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={paused ? <PlayArrowIcon /> : <PauseIcon />}
          onClick={() => setPaused(!paused)}
        >
          {translate(paused ? 'liveLogs.resume' : 'liveLogs.pause')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DeleteSweepIcon />}
          onClick={clear}
          disabled={records.length === 0}
        >
          {translate('liveLogs.clear')}
        </Button>
        {records.length > 0 && (
          <Chip
            sx={{ ml: 'auto' }}
            label={translate('liveLogs.count', { smart_count: records.length })}
            data-testid="live-log-count"
          />
        )}
      </Box>
      {paused && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('liveLogs.paused')}
        </Alert>
      )}
      {/* Wider than a phone: it scrolls sideways, from the keyboard too. */}
      <ScrollRegion label={translate('liveLogs.title')}>
        <Table size="small" sx={{ tableLayout: 'fixed', minWidth: 900 }}>
          <colgroup>
            <col style={{ width: 100 }} />
            <col style={{ width: 140 }} />
            <col style={{ width: 100 }} />
            <col style={{ width: 200 }} />
            <col style={{ width: 80 }} />
            <col />
          </colgroup>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column} align={column === 'direction' ? 'center' : undefined}>
                  {translate(`liveLogs.columns.${column}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((record) => (
              <LiveLogRow key={record.key} record={record} prefs={prefs} />
            ))}
            {records.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} align="center" sx={{ py: 4 }}>
                  <Typography color="text.secondary">
                    {translate(paused ? 'liveLogs.paused' : 'liveLogs.waiting')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </ScrollRegion>
    </PageFrame>
  );
};
